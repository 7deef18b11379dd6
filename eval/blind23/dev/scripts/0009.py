#!/usr/bin/env python3
"""Drive the cargo-fuzz targets for a fixed time budget and keep the results tidy.

For every target in fuzz/Cargo.toml:
  1. merge the corpus so it stays small (``cargo fuzz cmin``),
  2. run it for --seconds with a fixed number of jobs,
  3. minimise any new crash with ``cargo fuzz tmin`` and copy it to
     tests/regressions/<target>/ so it becomes a unit test,
  4. write build/fuzz-report.json and a short text summary.

The fuzzers are child processes of this script; on Ctrl-C they are terminated
(their process group only) and the partial report is still written.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FUZZ_DIR = ROOT / "fuzz"
ARTIFACTS = FUZZ_DIR / "artifacts"
REGRESSIONS = ROOT / "tests" / "regressions"
REPORT = ROOT / "build" / "fuzz-report.json"
STATS_RE = re.compile(r"#(\d+)\s+(?:DONE|pulse|NEW|REDUCE).*?cov: (\d+).*?exec/s: (\d+)")

_children: list[subprocess.Popen] = []
_stop = False


def on_signal(signum, _frame):
    global _stop
    _stop = True
    for child in _children:
        if child.poll() is None:
            try:
                os.killpg(child.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    print(f"\nreceived signal {signum}; stopping fuzzers", file=sys.stderr)


def targets_from_manifest() -> list[str]:
    with (FUZZ_DIR / "Cargo.toml").open("rb") as fh:
        manifest = tomllib.load(fh)
    return [b["name"] for b in manifest.get("bin", [])]


def cargo_fuzz(*args: str, capture: bool = False, timeout: int | None = None):
    argv = ["cargo", "+nightly", "fuzz", *args]
    if capture:
        return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True,
                              timeout=timeout, check=False)
    return subprocess.run(argv, cwd=ROOT, timeout=timeout, check=False)


def minimise_corpus(target: str) -> None:
    corpus = FUZZ_DIR / "corpus" / target
    if not corpus.is_dir() or not any(corpus.iterdir()):
        return
    before = sum(1 for _ in corpus.iterdir())
    cargo_fuzz("cmin", target, capture=True, timeout=600)
    after = sum(1 for _ in corpus.iterdir())
    print(f"  corpus {target}: {before} -> {after} inputs")


def run_target(target: str, seconds: int, jobs: int, rss_mb: int) -> dict:
    argv = ["cargo", "+nightly", "fuzz", "run", target, "--jobs", str(jobs), "--",
            f"-max_total_time={seconds}", f"-rss_limit_mb={rss_mb}", "-print_final_stats=1"]
    started = time.monotonic()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    _children.append(proc)
    best = {"execs": 0, "cov": 0, "exec_s": 0}
    log_path = ROOT / "build" / "fuzz-logs" / f"{target}.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("w") as log:
        assert proc.stdout is not None
        for line in proc.stdout:
            log.write(line)
            m = STATS_RE.search(line)
            if m:
                best = {"execs": int(m.group(1)), "cov": int(m.group(2)),
                        "exec_s": int(m.group(3))}
    code = proc.wait()
    _children.remove(proc)
    return {"target": target, "exit": code, "seconds": round(time.monotonic() - started, 1),
            "log": str(log_path.relative_to(ROOT)), **best}


def collect_crashes(target: str) -> list[Path]:
    folder = ARTIFACTS / target
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.name.startswith(("crash-", "oom-", "timeout-")))


def minimise_crash(target: str, crash: Path) -> Path:
    dest_dir = REGRESSIONS / target
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / crash.name
    if dest.exists():
        return dest
    proc = cargo_fuzz("tmin", target, str(crash), "--runs", "2000", capture=True, timeout=900)
    minimised = None
    for line in proc.stdout.splitlines() + proc.stderr.splitlines():
        if "minimized" in line.lower() and "artifacts" in line:
            candidate = Path(line.split()[-1])
            if candidate.exists():
                minimised = candidate
    shutil.copy2(minimised or crash, dest)
    return dest


def cleanup_tmp_artifacts(target: str) -> int:
    """tmin leaves minimized-from-* files next to the crashes; remove only those."""
    folder = ARTIFACTS / target
    removed = 0
    if folder.is_dir():
        for p in folder.glob("minimized-from-*"):
            p.unlink()
            removed += 1
    return removed


def write_summary(results: list[dict]) -> Path:
    """Plain-text table for the PR description / job log."""
    out = ROOT / "build" / "fuzz-summary.txt"
    header = f"{'target':20} {'exit':>4} {'secs':>7} {'cov':>7} {'exec/s':>8} crashes"
    rows = [header, "-" * len(header)]
    for r in results:
        rows.append(f"{r['target']:20} {r['exit']:>4} {r['seconds']:>7} {r['cov']:>7} "
                    f"{r['exec_s']:>8} {len(r['crashes'])}")
    out.write_text("\n".join(rows) + "\n")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="time-boxed cargo-fuzz run")
    parser.add_argument("--seconds", type=int, default=120)
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    parser.add_argument("--rss-mb", type=int, default=2048)
    parser.add_argument("--target", action="append")
    parser.add_argument("--no-cmin", action="store_true")
    args = parser.parse_args()

    if shutil.which("cargo") is None:
        print("cargo not found", file=sys.stderr)
        return 2
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    targets = args.target or targets_from_manifest()
    results = []
    for target in targets:
        if _stop:
            break
        print(f"== {target} ({args.seconds}s, {args.jobs} jobs)")
        if not args.no_cmin:
            minimise_corpus(target)
        result = run_target(target, args.seconds, args.jobs, args.rss_mb)
        crashes = collect_crashes(target)
        result["crashes"] = [str(minimise_crash(target, c).relative_to(ROOT)) for c in crashes]
        result["tmp_removed"] = cleanup_tmp_artifacts(target)
        results.append(result)
        print(f"  exit={result['exit']} cov={result['cov']} exec/s={result['exec_s']} "
              f"crashes={len(crashes)}")

    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps({"generated": time.strftime("%Y-%m-%dT%H:%M:%S"),
                                  "results": results}, indent=2))
    print(f"report: {REPORT.relative_to(ROOT)}")
    print(write_summary(results).read_text())
    total = sum(len(r["crashes"]) for r in results)
    if total:
        print(f"{total} crash input(s) copied to {REGRESSIONS.relative_to(ROOT)}/; add tests for them")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
