#!/usr/bin/env python3
"""Compare benchmark timings of two builds of our own binary.

Builds `proj` at the base ref (in a git worktree under .bench/) and at HEAD,
then runs each binary over the benchmark corpus N times and prints a table of
median times and relative change.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH_DIR = ROOT / ".bench"
CORPUS = ROOT / "benches" / "corpus"


@dataclass(frozen=True)
class Build:
    label: str
    binary: Path


def run(argv: list[str], cwd: Path = ROOT) -> None:
    subprocess.run(argv, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def build_head() -> Build:
    run(["cargo", "build", "--release", "--bin", "proj"])
    return Build("HEAD", ROOT / "target" / "release" / "proj")


def build_base(ref: str) -> Build:
    wt = BENCH_DIR / f"wt-{ref.replace('/', '_')}"
    if wt.exists():
        run(["git", "worktree", "remove", "--force", str(wt)])
    BENCH_DIR.mkdir(exist_ok=True)
    run(["git", "worktree", "add", "--detach", str(wt), ref])
    run(["cargo", "build", "--release", "--bin", "proj", "--target-dir", str(BENCH_DIR / "target")],
        cwd=wt)
    return Build(ref, BENCH_DIR / "target" / "release" / "proj")


def time_once(binary: Path, sample: Path) -> float:
    start = time.perf_counter()
    subprocess.run([str(binary), "parse", "--quiet", str(sample)], check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(build: Build, samples: list[Path], repeat: int) -> dict[str, float]:
    out = {}
    for sample in samples:
        time_once(build.binary, sample)  # warm-up
        times = [time_once(build.binary, sample) for _ in range(repeat)]
        out[sample.name] = statistics.median(times)
    return out


def table(base: dict[str, float], head: dict[str, float], base_label: str) -> int:
    regressions = 0
    print(f"{'sample':<28} {base_label:>12} {'HEAD':>12} {'change':>8}")
    for name in sorted(base):
        b, h = base[name], head[name]
        change = (h - b) / b * 100
        flag = "  <-- slower" if change > 5 else ""
        regressions += change > 5
        print(f"{name:<28} {b * 1000:>10.2f}ms {h * 1000:>10.2f}ms {change:>+7.1f}%{flag}")
    return regressions


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="origin/main")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--keep", action="store_true", help="keep the .bench worktree")
    args = ap.parse_args()

    samples = sorted(CORPUS.glob("*.json"))
    if not samples:
        print("no samples in benches/corpus", file=sys.stderr)
        return 2
    base_build = build_base(args.base)
    head_build = build_head()
    base = measure(base_build, samples, args.repeat)
    head = measure(head_build, samples, args.repeat)
    regressions = table(base, head, args.base)
    if args.json:
        args.json.write_text(json.dumps({"base": base, "head": head}, indent=2))
    if not args.keep:
        run(["git", "worktree", "prune"])
        shutil.rmtree(BENCH_DIR, ignore_errors=True)
        run(["git", "worktree", "prune"])
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
