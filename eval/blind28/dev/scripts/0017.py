#!/usr/bin/env python3
"""Replay recorded CAN traffic onto a *virtual* CAN interface.

    python tools/can_replay.py logs/drive_0913.log --iface vcan0
    python tools/can_replay.py logs/drive_0913.log --setup --speed 4 --filter 0C0-0CF

Used by the dashboard tests: the replay feeds vcan0 while the dashboard
reads it.  This tool refuses to write to anything but a vcan interface;
physical buses (can0, slcan0, ...) are rejected even if asked for.

--setup creates the vcan interface with sudo (modprobe vcan + ip link add),
which is the documented developer setup in docs/can.md.
"""
from __future__ import annotations

import argparse
import re
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import can

CANDUMP_LINE = re.compile(
    r"^\((?P<ts>\d+\.\d+)\)\s+(?P<iface>\w+)\s+(?P<id>[0-9A-Fa-f]{3,8})#(?P<rtr>R)?(?P<data>[0-9A-Fa-f]*)\s*$"
)
VIRTUAL_IFACE = re.compile(r"^vcan\d+$")
running = True


@dataclass
class Frame:
    ts: float
    arbitration_id: int
    data: bytes
    extended: bool
    rtr: bool


def stop(signum, _frame):
    global running
    running = False
    print(f"\nsignal {signum}: stopping replay", file=sys.stderr)


def check_interface(iface: str) -> str:
    if not VIRTUAL_IFACE.match(iface):
        raise SystemExit(f"{iface} is not a vcan interface; this tool only replays onto vcanN")
    return iface


def interface_exists(iface: str) -> bool:
    return Path(f"/sys/class/net/{iface}").exists()


def setup_vcan(iface: str) -> None:
    steps = [
        ["sudo", "modprobe", "vcan"],
        ["sudo", "ip", "link", "add", "dev", iface, "type", "vcan"],
        ["sudo", "ip", "link", "set", "up", iface],
    ]
    for argv in steps:
        print("+", shlex.join(argv))
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode != 0 and "File exists" not in proc.stderr:
            raise SystemExit(f"setup failed: {proc.stderr.strip()}")


def parse_range(spec: str | None):
    if not spec:
        return None
    ranges = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        ranges.append((int(lo, 16), int(hi or lo, 16)))
    return ranges


def in_ranges(can_id: int, ranges) -> bool:
    return ranges is None or any(lo <= can_id <= hi for lo, hi in ranges)


def read_log(path: Path, ranges) -> list[Frame]:
    frames = []
    skipped = 0
    with path.open() as fh:
        for lineno, raw in enumerate(fh, 1):
            m = CANDUMP_LINE.match(raw)
            if not m:
                skipped += 1
                continue
            can_id = int(m["id"], 16)
            if not in_ranges(can_id, ranges):
                continue
            data = bytes.fromhex(m["data"]) if m["data"] else b""
            if len(data) > 8:
                print(f"line {lineno}: CAN FD payload not supported, skipping", file=sys.stderr)
                continue
            frames.append(Frame(float(m["ts"]), can_id, data, len(m["id"]) > 3, bool(m["rtr"])))
    if skipped:
        print(f"ignored {skipped} non-frame lines", file=sys.stderr)
    return frames


def replay(bus: can.BusABC, frames: list[Frame], speed: float, loop: bool) -> int:
    sent = 0
    while running:
        start_wall = time.monotonic()
        start_log = frames[0].ts
        for frame in frames:
            if not running:
                break
            due = (frame.ts - start_log) / speed
            delay = due - (time.monotonic() - start_wall)
            if delay > 0:
                time.sleep(delay)
            msg = can.Message(
                arbitration_id=frame.arbitration_id,
                data=frame.data,
                is_extended_id=frame.extended,
                is_remote_frame=frame.rtr,
            )
            try:
                bus.send(msg, timeout=0.2)
            except can.CanError as exc:
                print(f"send failed at {frame.ts:.6f}: {exc}", file=sys.stderr)
                time.sleep(0.05)
                continue
            sent += 1
        if not loop:
            break
    return sent


def summarize(frames: list[Frame]) -> None:
    ids: dict[int, int] = {}
    for f in frames:
        ids[f.arbitration_id] = ids.get(f.arbitration_id, 0) + 1
    duration = frames[-1].ts - frames[0].ts if len(frames) > 1 else 0.0
    print(f"{len(frames)} frames, {len(ids)} ids, {duration:.1f} s of traffic")
    for can_id, count in sorted(ids.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {can_id:#05x}  {count}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Replay a candump log onto vcan")
    ap.add_argument("log", type=Path)
    ap.add_argument("--iface", default="vcan0")
    ap.add_argument("--speed", type=float, default=1.0, help="playback speed factor")
    ap.add_argument("--filter", help="hex id ranges, e.g. 0C0-0CF,1A0")
    ap.add_argument("--loop", action="store_true")
    ap.add_argument("--setup", action="store_true", help="create the vcan interface with sudo")
    ap.add_argument("--summary", action="store_true", help="print statistics and exit")
    args = ap.parse_args(argv)

    iface = check_interface(args.iface)
    frames = read_log(args.log, parse_range(args.filter))
    if not frames:
        print("no frames to replay")
        return 1
    if args.summary:
        summarize(frames)
        return 0
    if not interface_exists(iface):
        if not args.setup:
            print(f"{iface} does not exist; rerun with --setup or see docs/can.md")
            return 2
        setup_vcan(iface)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    with can.Bus(interface="socketcan", channel=iface) as bus:
        sent = replay(bus, frames, args.speed, args.loop)
    print(f"sent {sent} frames on {iface}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
