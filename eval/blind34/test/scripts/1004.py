#!/usr/bin/env python3
"""Measure per-function latency of our gateway binary with bpftrace uprobes.

The functions to probe are picked from the binary's own symbol table (nm)
by regex, so the probe list follows the code.  For every match a
uprobe/uretprobe pair records a latency histogram.  bpftrace runs under sudo
and starts the gateway itself with -c, and every probe is filtered on that
child's pid (`cpid`), so no other process is observed.

    tools/fn_latency.py --match 'gateway::router::.*' -- --config dev.toml
    tools/fn_latency.py --match 'handle_(get|put)' --duration 20

Results land in build/latency/<timestamp>/ (raw output + summary.json); the
temporary probe file is deleted afterwards.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE = Path(__file__).resolve().parents[1]
BINARY = BASE / "target" / "release" / "gateway"
OUT_ROOT = BASE / "build" / "latency"
MAX_PROBES = 40

HIST_HEADER = re.compile(r"^@lat\[(?P<fn>[^\]]+)\]:\s*$")
HIST_ROW = re.compile(r"^\[(?P<lo>\d+)(?:[KM]?),\s*(?P<hi>\d+)(?:[KM]?)\)\s+(?P<count>\d+)")


class Runner:
    """Owns the sudo/bpftrace child and makes sure it is stopped."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None

    def start(self, argv: list[str], log_path: Path) -> None:
        self.log = log_path.open("w")
        self.proc = subprocess.Popen(argv, stdout=self.log, stderr=subprocess.STDOUT)

    def stop(self, *_args) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.terminate()

    def wait(self, seconds: int) -> int:
        assert self.proc is not None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return self.proc.returncode
            time.sleep(0.25)
        self.stop()
        return self.proc.wait()


def symbols(binary: Path, pattern: re.Pattern) -> list[str]:
    out = subprocess.run(["nm", "--defined-only", "--demangle=none", str(binary)],
                         capture_output=True, text=True, check=True).stdout
    demangled = subprocess.run(["nm", "--defined-only", "-C", str(binary)],
                               capture_output=True, text=True, check=True).stdout
    raw_names = [line.split()[-1] for line in out.splitlines() if " T " in line or " t " in line]
    nice_names = [line.split(maxsplit=2)[-1] for line in demangled.splitlines() if " T " in line or " t " in line]
    picked = []
    for raw, nice in zip(raw_names, nice_names):
        if pattern.search(nice):
            picked.append(raw)
    return picked[:MAX_PROBES]


def probe_program(binary: Path, names: list[str]) -> str:
    lines = []
    for name in names:
        target = f"uprobe:{binary}:{name}"
        ret = f"uretprobe:{binary}:{name}"
        lines.append(f"{target} /pid == cpid/ {{ @start[tid, \"{name}\"] = nsecs; }}")
        lines.append(
            f"{ret} /pid == cpid && @start[tid, \"{name}\"]/ {{ "
            f"@lat[\"{name}\"] = hist((nsecs - @start[tid, \"{name}\"]) / 1000); "
            f"delete(@start[tid, \"{name}\"]); }}"
        )
    lines.append("END { clear(@start); }")
    return "\n".join(lines) + "\n"


def parse_histograms(text: str) -> dict[str, dict]:
    result: dict[str, dict] = {}
    current = None
    for line in text.splitlines():
        header = HIST_HEADER.match(line.strip())
        if header:
            current = header["fn"].strip('"')
            result[current] = {"buckets": [], "total": 0}
            continue
        row = HIST_ROW.match(line.strip()) if current else None
        if row:
            count = int(row["count"])
            result[current]["buckets"].append([int(row["lo"]), int(row["hi"]), count])
            result[current]["total"] += count
    return result


def p50(buckets: list[list[int]], total: int) -> int | None:
    seen = 0
    for lo, hi, count in buckets:
        seen += count
        if total and seen * 2 >= total:
            return hi
    return None


def compare_with_previous(summary: dict[str, dict], current_dir: Path) -> list[str]:
    """Look for the newest earlier run and report functions whose p50 moved >20 %."""
    runs = sorted(p for p in OUT_ROOT.iterdir() if p.is_dir() and p != current_dir and (p / "summary.json").exists())
    if not runs:
        return []
    before = json.loads((runs[-1] / "summary.json").read_text())
    notes = []
    for fn, now in summary.items():
        old = before.get(fn)
        if not old or not old.get("p50_us") or not now.get("p50_us"):
            continue
        ratio = now["p50_us"] / old["p50_us"]
        if ratio > 1.2 or ratio < 0.8:
            notes.append(f"{fn}: p50 {old['p50_us']} → {now['p50_us']} µs ({ratio:.2f}x, vs {runs[-1].name})")
    return notes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--match", required=True, help="regex on demangled function names")
    ap.add_argument("--duration", type=int, default=30)
    ap.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the gateway after --")
    ns = ap.parse_args()

    if not BINARY.exists():
        sys.exit("build the gateway first: cargo build --release")
    names = symbols(BINARY, re.compile(ns.match))
    if not names:
        sys.exit(f"no functions match {ns.match!r}")
    print(f"probing {len(names)} function(s)", file=sys.stderr)

    stamp = time.strftime("%Y%m%dT%H%M%S")
    out_dir = OUT_ROOT / stamp
    out_dir.mkdir(parents=True, exist_ok=True)
    fd, probe_path = tempfile.mkstemp(suffix=".bt", dir=out_dir)
    with os.fdopen(fd, "w") as fh:
        fh.write(probe_program(BINARY, names))

    gateway_args = [a for a in ns.args if a != "--"]
    child = shlex.join([str(BINARY), *gateway_args])
    runner = Runner()
    signal.signal(signal.SIGINT, runner.stop)
    signal.signal(signal.SIGTERM, runner.stop)
    raw_path = out_dir / "bpftrace.txt"
    runner.start(["sudo", "bpftrace", "-c", child, probe_path], raw_path)
    rc = runner.wait(ns.duration)
    runner.log.close()
    os.unlink(probe_path)

    hists = parse_histograms(raw_path.read_text())
    summary = {fn: {"calls": h["total"], "p50_us": p50(h["buckets"], h["total"])} for fn, h in hists.items()}
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=2))
    for fn, s in sorted(summary.items(), key=lambda kv: -(kv[1]["p50_us"] or 0)):
        print(f"{s['p50_us'] or '-':>8} µs p50  {s['calls']:>8} calls  {fn}")
    for note in compare_with_previous(summary, out_dir):
        print(f"  changed: {note}")
    print(f"\nraw output in {raw_path.relative_to(BASE)} (bpftrace exit {rc})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
