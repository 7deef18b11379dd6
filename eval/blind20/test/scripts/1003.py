#!/usr/bin/env python3
"""Rotating loopback capture for the marlin gRPC services, driven by asyncio.

    python3 tools/ringcap.py --minutes 5 --ports 50051 50052
    python3 tools/ringcap.py --decode captures/ring/marlin-0003.pcap

tcpdump writes a ring of files (-C size in MB, -W count) on the loopback
interface only, so a long reproduction never fills the disk. The script starts
exactly one tcpdump, watches it, and terminates that process when the time is
up, on Ctrl-C or when the reproduction command (optional --run) exits.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import shutil
import signal
import sys
import time
from pathlib import Path

HOME_OF_REPO = Path(__file__).resolve().parents[1]
RING_DIR = HOME_OF_REPO / "captures" / "ring"
DEFAULT_PORTS = (50051, 50052, 8443)
MAX_MINUTES = 30


def loopback() -> str:
    return "lo0" if platform.system() == "Darwin" else "lo"


def bpf_for(ports: list[int]) -> str:
    if not ports:
        raise SystemExit("at least one port is required")
    for p in ports:
        if not 0 < p < 65536:
            raise SystemExit(f"invalid port {p}")
    return " or ".join(f"tcp port {p}" for p in ports)


def needs_privilege() -> bool:
    if os.geteuid() == 0:
        return False
    getcap = shutil.which("getcap")
    tcpdump = shutil.which("tcpdump")
    if getcap and tcpdump:
        out = os.popen(f"{getcap} {tcpdump}").read()
        if "cap_net_raw" in out:
            return False
    return True


def build_argv(iface: str, bpf: str, file_mb: int, files: int, snaplen: int) -> list[str]:
    argv = [
        "tcpdump", "-i", iface, "-nn", "-U",
        "-s", str(snaplen),
        "-C", str(file_mb),
        "-W", str(files),
        "-w", str(RING_DIR / "marlin-"),
        bpf,
    ]
    if needs_privilege():
        argv = ["sudo", "-n", *argv]
    return argv


async def read_stderr(proc: asyncio.subprocess.Process, sink: list[str]) -> None:
    assert proc.stderr is not None
    while True:
        line = await proc.stderr.readline()
        if not line:
            break
        text = line.decode(errors="replace").rstrip()
        sink.append(text)
        if "listening on" in text:
            print(f"[ringcap] {text}", file=sys.stderr)


async def stop_process(proc: asyncio.subprocess.Process, privileged: bool) -> None:
    if proc.returncode is not None:
        return
    if privileged:
        killer = await asyncio.create_subprocess_exec("sudo", "-n", "kill", "-INT", str(proc.pid))
        await killer.wait()
    else:
        proc.send_signal(signal.SIGINT)
    try:
        await asyncio.wait_for(proc.wait(), timeout=5)
    except asyncio.TimeoutError:
        proc.kill()
        await proc.wait()


async def run_repro(command: list[str]) -> int:
    proc = await asyncio.create_subprocess_exec(*command, cwd=HOME_OF_REPO)
    return await proc.wait()


async def capture(args) -> int:
    RING_DIR.mkdir(parents=True, exist_ok=True)
    for old in RING_DIR.glob("marlin-*"):
        old.unlink()
    argv = build_argv(loopback(), bpf_for(args.ports), args.file_mb, args.files, args.snaplen)
    privileged = argv[0] == "sudo"
    if privileged:
        check = await asyncio.create_subprocess_exec("sudo", "-n", "true")
        if await check.wait() != 0:
            raise SystemExit("sudo needs a password; run `sudo -v` first")
    print("[ringcap] " + " ".join(argv), file=sys.stderr)
    proc = await asyncio.create_subprocess_exec(*argv, stderr=asyncio.subprocess.PIPE)
    stderr_lines: list[str] = []
    reader = asyncio.create_task(read_stderr(proc, stderr_lines))

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)

    waiters = [asyncio.create_task(stop.wait()), asyncio.create_task(proc.wait())]
    repro_task = None
    if args.run:
        repro_task = asyncio.create_task(run_repro(args.run))
        waiters.append(repro_task)

    started = time.monotonic()
    done, pending = await asyncio.wait(waiters, timeout=args.minutes * 60, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        if task is not repro_task:
            task.cancel()
    await stop_process(proc, privileged)
    with contextlib.suppress(asyncio.CancelledError):
        await reader
    elapsed = time.monotonic() - started

    if privileged:
        owner = f"{os.getuid()}:{os.getgid()}"
        chown = await asyncio.create_subprocess_exec("sudo", "-n", "chown", owner, *map(str, RING_DIR.glob("marlin-*")))
        await chown.wait()

    files = sorted(RING_DIR.glob("marlin-*"))
    total = sum(f.stat().st_size for f in files)
    print(f"[ringcap] {len(files)} file(s), {total / 1e6:.1f} MB in {elapsed:.0f}s -> {RING_DIR.relative_to(HOME_OF_REPO)}")
    if repro_task and repro_task.done():
        print(f"[ringcap] reproduction exited with {repro_task.result()}")
    if not files:
        print("\n".join(stderr_lines[-10:]), file=sys.stderr)
        return 1
    return 0


def decode(path: Path, limit: int) -> int:
    reader = shutil.which("tshark")
    if reader:
        argv = [reader, "-r", str(path), "-Y", "grpc || http2", "-T", "fields",
                "-e", "frame.time_relative", "-e", "tcp.stream", "-e", "http2.header.value",
                "-c", str(limit)]
    else:
        argv = ["tcpdump", "-nn", "-r", str(path), "-c", str(limit)]
    os.execvp(argv[0], argv)
    return 0  # not reached


def main() -> int:
    ap = argparse.ArgumentParser(description="rotating loopback capture for marlin")
    ap.add_argument("--minutes", type=float, default=5)
    ap.add_argument("--ports", type=int, nargs="*", default=list(DEFAULT_PORTS))
    ap.add_argument("--file-mb", type=int, default=20)
    ap.add_argument("--files", type=int, default=10)
    ap.add_argument("--snaplen", type=int, default=0, help="0 = full packets")
    ap.add_argument("--decode", type=Path)
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--run", nargs=argparse.REMAINDER, help="reproduction command to run meanwhile")
    args = ap.parse_args()

    if args.decode:
        return decode(args.decode, args.limit)
    if not 0 < args.minutes <= MAX_MINUTES:
        raise SystemExit(f"--minutes must be in (0, {MAX_MINUTES}]")
    if args.file_mb * args.files > 2000:
        raise SystemExit("ring larger than 2 GB; lower --file-mb or --files")
    if shutil.which("tcpdump") is None:
        raise SystemExit("tcpdump not installed")
    return asyncio.run(capture(args))


if __name__ == "__main__":
    sys.exit(main())
