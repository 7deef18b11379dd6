#!/usr/bin/env python3
"""Flash weatherbox firmware over USB DFU to an STM32 in bootloader mode.

Only devices whose USB vendor:product pair is in DFU_DEVICES are accepted (the
STM32 system bootloader and our own DFU bootloader). The image is the .bin that
`west build` produced under build/<board>/zephyr/. With several matching
devices attached the serial number must be given with --serial. The script
writes only the application region (0x08008000 for our bootloader build,
0x08000000 for bare builds) and never issues a mass erase; `:leave` restarts the
board into the new image afterwards.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from argparse import ArgumentParser
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DFU_DEVICES = {
    "0483:df11": "STM32 system bootloader",
    "1209:b0de": "weatherbox DFU bootloader",
}
APP_OFFSETS = {"bare": 0x08000000, "bootloader": 0x08008000}
BOARDS = {"nucleo_f411re", "weatherbox_v2"}
LIST_RE = re.compile(
    r"Found DFU: \[(?P<vidpid>[0-9a-f]{4}:[0-9a-f]{4})\].*?alt=(?P<alt>\d+).*?serial=\"(?P<serial>[^\"]*)\"",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class DfuDevice:
    vidpid: str
    alt: int
    serial: str

    @property
    def label(self) -> str:
        return DFU_DEVICES.get(self.vidpid, "unknown")


def require_tool() -> str:
    tool = shutil.which("dfu-util")
    if tool is None:
        raise SystemExit("dfu-util not found; install it with your package manager")
    return tool


def list_devices(tool: str) -> list[DfuDevice]:
    out = subprocess.run([tool, "--list"], capture_output=True, text=True, timeout=20).stdout
    found = {}
    for m in LIST_RE.finditer(out):
        dev = DfuDevice(m["vidpid"].lower(), int(m["alt"]), m["serial"])
        if dev.vidpid in DFU_DEVICES and dev.alt == 0:
            found[(dev.vidpid, dev.serial)] = dev
    return list(found.values())


def choose(devices: list[DfuDevice], serial: str | None) -> DfuDevice:
    if serial:
        for d in devices:
            if d.serial == serial:
                return d
        raise SystemExit(f"no allowed DFU device with serial {serial}")
    if not devices:
        raise SystemExit("no DFU device found; hold BOOT0 and reset the board")
    if len(devices) > 1:
        names = ", ".join(f"{d.serial} ({d.label})" for d in devices)
        raise SystemExit(f"several DFU devices attached: {names}; pass --serial")
    return devices[0]


def image_for(board: str) -> Path:
    if board not in BOARDS:
        raise SystemExit(f"unsupported board {board}; known: {sorted(BOARDS)}")
    image = REPO / "build" / board / "zephyr" / "zephyr.bin"
    if not image.is_file():
        raise SystemExit(f"{image.relative_to(REPO)} missing; run `west build -b {board}` first")
    return image


def layout_for(board: str) -> str:
    conf = REPO / "build" / board / "zephyr" / ".config"
    if conf.exists() and "CONFIG_BOOTLOADER_MCUBOOT=y" in conf.read_text():
        return "bootloader"
    return "bare"


def check_fits(board: str, image: Path, offset: int) -> None:
    """Refuse images that would run past the end of the board's flash."""
    flash_kib = {"nucleo_f411re": 512, "weatherbox_v2": 512}[board]
    end = offset + image.stat().st_size
    limit = 0x08000000 + flash_kib * 1024
    if end > limit:
        raise SystemExit(f"image ends at 0x{end:08x}, beyond the {flash_kib} KiB flash (0x{limit:08x})")


def flash(tool: str, dev: DfuDevice, image: Path, offset: int, dry_run: bool) -> None:
    argv = [
        tool,
        "--device", dev.vidpid,
        "--serial", dev.serial,
        "--alt", str(dev.alt),
        "--dfuse-address", f"0x{offset:08x}:leave",
        "--download", str(image),
    ]
    print("$ " + " ".join(argv))
    if dry_run:
        return
    started = time.monotonic()
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-8:])
    # dfu-util returns 74 when the device resets before the final status read; that is expected with :leave
    if proc.returncode not in (0, 74):
        raise SystemExit(f"dfu-util failed ({proc.returncode}):\n{tail}")
    print(f"written {image.stat().st_size} bytes in {time.monotonic() - started:.1f}s")


def wait_for_app(seconds: int) -> None:
    """After :leave the board re-enumerates as a CDC serial device; report when it shows up."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ports = sorted(Path("/dev").glob("ttyACM*"))
        if ports:
            print(f"application is up on {ports[-1]}")
            return
        time.sleep(0.5)
    print("board did not re-enumerate as serial within the timeout (this is fine for headless builds)")


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="dfu_flash")
    cli.add_argument("--board", default="weatherbox_v2")
    cli.add_argument("--serial")
    cli.add_argument("--dry-run", action="store_true")
    cli.add_argument("--wait", type=int, default=10)
    opts = cli.parse_args(argv)

    tool = require_tool()
    image = image_for(opts.board)
    layout = layout_for(opts.board)
    dev = choose(list_devices(tool), opts.serial)
    print(f"target: {dev.label} serial={dev.serial}; image {image.relative_to(REPO)} ({layout} layout)")
    check_fits(opts.board, image, APP_OFFSETS[layout])
    flash(tool, dev, image, APP_OFFSETS[layout], opts.dry_run)
    if not opts.dry_run and opts.wait:
        wait_for_app(opts.wait)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
