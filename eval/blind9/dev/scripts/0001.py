#!/usr/bin/env python3
"""Golden-file test harness for the `proj` CLI.

Runs the built CLI against every fixture under tests/golden/<case>/input.*,
compares stdout with expected.txt and prints a compact report. Each case runs
inside its own temporary working directory so the CLI cannot leave state behind.
"""
from __future__ import annotations

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden"
CLI = REPO / "target" / "debug" / "proj"


@dataclass
class CaseResult:
    name: str
    ok: bool
    seconds: float
    diff: list[str] = field(default_factory=list)
    stderr: str = ""


def discover(filter_expr: str | None) -> list[Path]:
    cases = sorted(p for p in GOLDEN.iterdir() if p.is_dir())
    if filter_expr:
        cases = [c for c in cases if filter_expr in c.name]
    return cases


def find_input(case: Path) -> Path:
    for candidate in sorted(case.glob("input.*")):
        return candidate
    raise FileNotFoundError(f"{case.name}: no input.* fixture")


def run_case(case: Path, update: bool, timeout: float) -> CaseResult:
    src = find_input(case)
    expected_file = case / "expected.txt"
    with tempfile.TemporaryDirectory(prefix=f"golden-{case.name}-") as tmp:
        work = Path(tmp)
        shutil.copy2(src, work / src.name)
        extra = case / "extra"
        if extra.is_dir():
            shutil.copytree(extra, work / "extra")
        env = {"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", "NO_COLOR": "1"}
        argv = [str(CLI), "format", "--stdout", src.name]
        started = time.perf_counter()
        proc = subprocess.run(argv, cwd=work, env=env, capture_output=True,
                              text=True, timeout=timeout, check=False)
        elapsed = time.perf_counter() - started
    actual = proc.stdout
    if update:
        expected_file.write_text(actual)
        return CaseResult(case.name, True, elapsed)
    expected = expected_file.read_text() if expected_file.exists() else ""
    if proc.returncode != 0 or actual != expected:
        diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                         "expected", "actual", lineterm=""))
        return CaseResult(case.name, False, elapsed, diff, proc.stderr)
    return CaseResult(case.name, True, elapsed)


def report(results: list[CaseResult], verbose: bool) -> int:
    failed = [r for r in results if not r.ok]
    width = max((len(r.name) for r in results), default=10)
    for r in results:
        mark = "ok " if r.ok else "FAIL"
        print(f"{mark} {r.name:<{width}} {r.seconds * 1000:7.1f} ms")
        if not r.ok and verbose:
            for line in r.diff[:60]:
                print("    " + line)
            if r.stderr.strip():
                print("    stderr: " + r.stderr.strip().splitlines()[-1])
    total = sum(r.seconds for r in results)
    print(f"\n{len(results) - len(failed)}/{len(results)} passed in {total:.2f}s")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-k", "--filter", help="only cases whose name contains this")
    ap.add_argument("--update", action="store_true", help="rewrite expected.txt")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    if not CLI.exists():
        print("building CLI first ...", file=sys.stderr)
        subprocess.run(["cargo", "build", "--bin", "proj"], cwd=REPO, check=True)

    cases = discover(args.filter)
    if not cases:
        print("no golden cases matched", file=sys.stderr)
        return 2
    results = [run_case(c, args.update, args.timeout) for c in cases]
    return report(results, args.verbose)


if __name__ == "__main__":
    sys.exit(main())
