#!/usr/bin/env python3
"""Run bpftrace probes against our own debug binary and summarise them.

Usage:
    tools/probe.py --probe openat --probe alloc -- ./target/debug/ingestd --once

The probes are small bpftrace programs kept in tools/probes/*.bt.  Each
one is filtered on the pid of the child that bpftrace starts with -c,
so only our process is observed.  bpftrace needs root, so the command is
run with sudo; the output is written under build/probes/.
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE_DIR = ROOT / "tools" / "probes"
OUT_DIR = ROOT / "build" / "probes"

# Fallback probe bodies when the .bt file is not checked in yet.
BUILTIN_PROBES = {
    "openat": """
tracepoint:syscalls:sys_enter_openat /pid == cpid/ {
  @files[str(args->filename)] = count();
}
""",
    "alloc": """
uprobe:/lib/x86_64-linux-gnu/libc.so.6:malloc /pid == cpid/ {
  @sizes = hist(arg0);
}
""",
    "sched": """
tracepoint:sched:sched_switch /args->prev_pid == cpid/ {
  @offcpu[args->prev_state] = count();
}
""",
}

MAP_LINE = re.compile(r"^@(?P<map>\w+)\[(?P<key>.*)\]:\s+(?P<value>\d+)$")

_children: list[subprocess.Popen] = []


def die(msg: str, code: int = 1) -> None:
    print(f"probe: {msg}", file=sys.stderr)
    sys.exit(code)


def probe_source(name: str) -> str:
    candidate = PROBE_DIR / f"{name}.bt"
    if candidate.exists():
        return candidate.read_text()
    if name in BUILTIN_PROBES:
        return BUILTIN_PROBES[name]
    die(f"unknown probe {name!r}; have {sorted(BUILTIN_PROBES)} and {PROBE_DIR}")
    return ""


def check_target(target: list[str]) -> Path:
    if not target:
        die("give the binary to run after --")
    binary = Path(target[0])
    if not binary.is_absolute():
        binary = (ROOT / binary).resolve()
    try:
        binary.relative_to(ROOT)
    except ValueError:
        die(f"{binary} is outside the repository; this tool only traces our own builds")
    if not binary.exists():
        die(f"{binary} does not exist; run `cargo build` first")
    return binary


def build_script(names: list[str]) -> str:
    parts = ["BEGIN { printf(\"tracing...\\n\"); }"]
    for name in names:
        parts.append(f"// ---- {name} ----")
        parts.append(probe_source(name).strip())
    parts.append("END { printf(\"done\\n\"); }")
    return "\n\n".join(parts) + "\n"


def terminate_children(signum=None, frame=None) -> None:
    for proc in _children:
        if proc.poll() is None:
            # sudo forwards SIGINT to bpftrace, which then stops its -c child.
            proc.send_signal(signal.SIGINT)
    deadline = time.monotonic() + 5
    for proc in _children:
        remaining = max(0.0, deadline - time.monotonic())
        try:
            proc.wait(timeout=remaining)
        except subprocess.TimeoutExpired:
            proc.kill()
    if signum is not None:
        sys.exit(130)


def parse_maps(text: str) -> dict[str, collections.Counter]:
    maps: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for line in text.splitlines():
        match = MAP_LINE.match(line.strip())
        if match:
            maps[match["map"]][match["key"]] += int(match["value"])
    return maps


def report(maps: dict[str, collections.Counter], top: int) -> str:
    out = []
    for name, counter in sorted(maps.items()):
        out.append(f"== @{name} ({sum(counter.values())} events)")
        for key, value in counter.most_common(top):
            out.append(f"  {value:>8}  {key}")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--probe", action="append", default=[], help="probe name (repeatable)")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--keep-script", action="store_true")
    parser.add_argument("target", nargs=argparse.REMAINDER)
    args = parser.parse_args()

    target = [t for t in args.target if t != "--"]
    binary = check_target(target)
    names = args.probe or ["openat"]
    if shutil.which("bpftrace") is None:
        die("bpftrace not installed (apt install bpftrace)")

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="probe-", dir=OUT_DIR))
    script = workdir / "probe.bt"
    script.write_text(build_script(names))

    signal.signal(signal.SIGINT, terminate_children)
    signal.signal(signal.SIGTERM, terminate_children)

    command = " ".join([str(binary), *target[1:]])
    argv = ["sudo", "bpftrace", "-q", "-c", command, str(script)]
    print("running:", " ".join(argv), file=sys.stderr)
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _children.append(proc)
    try:
        stdout, stderr = proc.communicate(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        terminate_children()
        stdout, stderr = proc.communicate()
    finally:
        _children.clear()

    stamp = time.strftime("%Y%m%d-%H%M%S")
    raw_path = OUT_DIR / f"{stamp}-{'-'.join(names)}.txt"
    raw_path.write_text(stdout)
    if stderr.strip():
        print(stderr.strip(), file=sys.stderr)

    maps = parse_maps(stdout)
    print(report(maps, args.top))
    print(f"\nraw output: {raw_path.relative_to(ROOT)}")

    if args.keep_script:
        print(f"script kept at {script.relative_to(ROOT)}")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0 if proc.returncode in (0, None) else proc.returncode


if __name__ == "__main__":
    sys.exit(main())
