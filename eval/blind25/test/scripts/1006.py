#!/usr/bin/env python3
"""Hardware-in-the-loop test for the motor controller firmware over USB serial.

Talks to the board through pyserial, sends the scripted command sequence in
hil/sequence.yaml, and compares replies with the expectations. Flashing is
optional (--flash) and goes through the vendor's dfu-util with the exact
USB vid:pid and serial number from hil/board.yaml, so no other device on the
bus can be written. The script never touches udev rules or device
permissions; if the port is not accessible it tells you which group to join.
"""
import argparse
import grp
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import serial
import serial.tools.list_ports
import yaml

ROOT = Path(__file__).resolve().parents[1]
HIL = ROOT / "hil"
FIRMWARE = ROOT / "firmware" / "build" / "motorctl.bin"


@dataclass
class Step:
    send: str
    expect: str
    timeout: float = 1.0
    settle: float = 0.0


@dataclass
class Board:
    vid: int
    pid: int
    serial_number: str
    baud: int
    dfu_alt: int = 0


def load_board() -> Board:
    raw = yaml.safe_load((HIL / "board.yaml").read_text())
    return Board(
        vid=int(str(raw["vid"]), 16),
        pid=int(str(raw["pid"]), 16),
        serial_number=str(raw["serial"]),
        baud=int(raw.get("baud", 115200)),
        dfu_alt=int(raw.get("dfu_alt", 0)),
    )


def load_sequence() -> list[Step]:
    raw = yaml.safe_load((HIL / "sequence.yaml").read_text())
    return [Step(**item) for item in raw["steps"]]


def find_port(board: Board) -> str:
    matches = [
        p.device
        for p in serial.tools.list_ports.comports()
        if p.vid == board.vid and p.pid == board.pid and p.serial_number == board.serial_number
    ]
    if len(matches) != 1:
        raise SystemExit(f"expected one port for serial {board.serial_number}, found {matches or 'none'}")
    return matches[0]


def explain_permissions(port: str) -> None:
    st = os.stat(port)
    group = grp.getgrgid(st.st_gid).gr_name
    print(f"no access to {port} (group {group}); ask an admin to add you to '{group}', then log in again")


def flash(board: Board) -> None:
    if not FIRMWARE.exists():
        raise SystemExit("build the firmware first: cmake --build firmware/build")
    argv = [
        "dfu-util",
        "-d", f"{board.vid:04x}:{board.pid:04x}",
        "-S", board.serial_number,
        "-a", str(board.dfu_alt),
        "-s", "0x08000000:leave",
        "-D", str(FIRMWARE),
    ]
    print("flashing:", " ".join(argv))
    subprocess.run(argv, check=True)
    time.sleep(2.0)  # board re-enumerates after leaving DFU


def read_reply(port: serial.Serial, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    buf = b""
    while time.monotonic() < deadline:
        chunk = port.read(port.in_waiting or 1)
        if chunk:
            buf += chunk
            if buf.endswith(b"\n"):
                break
    return buf.decode("ascii", errors="replace").strip()


def run_sequence(port_name: str, board: Board, steps: list[Step], verbose: bool) -> list[str]:
    failures = []
    with serial.Serial(port_name, board.baud, timeout=0.05) as port:
        port.reset_input_buffer()
        port.write(b"\n")
        read_reply(port, 0.5)
        for i, step in enumerate(steps, 1):
            port.write(step.send.encode("ascii") + b"\n")
            reply = read_reply(port, step.timeout)
            ok = re.fullmatch(step.expect, reply) is not None
            if verbose or not ok:
                print(f"{i:>3} {'ok ' if ok else 'BAD'} {step.send!r} -> {reply!r}")
            if not ok:
                failures.append(f"step {i}: sent {step.send!r}, expected /{step.expect}/, got {reply!r}")
            if step.settle:
                time.sleep(step.settle)
        # always leave the motor stopped, whatever happened above
        port.write(b"STOP\n")
        read_reply(port, 0.5)
    return failures


def write_junit(failures: list[str], steps: int, path: Path) -> None:
    path.parent.mkdir(exist_ok=True, parents=True)
    cases = "\n".join(
        f'  <testcase name="step{i}"><failure message="{f.replace(chr(34), chr(39))}"/></testcase>'
        for i, f in enumerate(failures, 1)
    )
    path.write_text(
        f'<testsuite name="hil" tests="{steps}" failures="{len(failures)}">\n{cases}\n</testsuite>\n'
    )


def list_boards() -> None:
    """Print every USB serial port with ids, to fill in hil/board.yaml."""
    ports = list(serial.tools.list_ports.comports())
    if not ports:
        print("no serial ports found")
        return
    for p in ports:
        vid = f"{p.vid:04x}" if p.vid is not None else "----"
        pid = f"{p.pid:04x}" if p.pid is not None else "----"
        print(f"{p.device:<16} {vid}:{pid} serial={p.serial_number or '-'} {p.description}")


def main() -> int:
    if "--list" in sys.argv:
        list_boards()
        return 0
    parser = argparse.ArgumentParser(description="hardware-in-the-loop test")
    parser.add_argument("--flash", action="store_true", help="flash firmware before testing")
    parser.add_argument("--verbose", "-v", action="store_true")
    parser.add_argument("--junit", type=Path, default=ROOT / "build" / "hil-junit.xml")
    args = parser.parse_args()

    board = load_board()
    if args.flash:
        flash(board)
    port_name = find_port(board)
    if not os.access(port_name, os.R_OK | os.W_OK):
        explain_permissions(port_name)
        return 2
    steps = load_sequence()
    print(f"board {board.serial_number} on {port_name}, {len(steps)} steps")
    failures = run_sequence(port_name, board, steps, args.verbose)
    write_junit(failures, len(steps), args.junit)
    if failures:
        print(f"{len(failures)} failure(s)")
        for f in failures:
            print("  " + f)
        return 1
    print("all steps passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
