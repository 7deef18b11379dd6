#!/usr/bin/env python3
"""Run the CLI end-to-end tests, each in its own throwaway workspace.

Every case copies tests/e2e/<case>/input into a fresh temp dir, runs the
project's CLI with a fixed argv there, and compares stdout with expected.txt.
The temp dirs are removed afterwards unless --keep is given.
"""
import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = ROOT / "tests" / "e2e"
CLI = [sys.executable, "-m", "inventory_cli"]


@contextmanager
def workspace(case: Path, keep: bool):
    tmp = Path(tempfile.mkdtemp(prefix=f"e2e-{case.name}-"))
    try:
        src = case / "input"
        if src.is_dir():
            shutil.copytree(src, tmp, dirs_exist_ok=True)
        yield tmp
    finally:
        if keep:
            print(f"  kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def read_args(case: Path) -> list[str]:
    args_file = case / "args.txt"
    if not args_file.exists():
        return ["report"]
    return [a for a in args_file.read_text().split() if a]


def run_case(case: Path, keep: bool, timeout: float) -> tuple[bool, str]:
    expected = (case / "expected.txt").read_text()
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src")
    env["INVENTORY_NO_COLOR"] = "1"
    with workspace(case, keep) as cwd:
        proc = subprocess.run(
            CLI + read_args(case),
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    if proc.returncode != 0:
        return False, proc.stderr.strip()[-2000:]
    if proc.stdout != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), proc.stdout.splitlines(),
            "expected", "actual", lineterm="",
        )
        return False, "\n".join(diff)
    return True, ""


def discover(selected: list[str]) -> list[Path]:
    cases = sorted(p for p in CASES_DIR.iterdir() if (p / "expected.txt").exists())
    if selected:
        cases = [c for c in cases if c.name in selected]
    return cases


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("cases", nargs="*", help="case names (default: all)")
    ap.add_argument("--keep", action="store_true", help="keep temp workspaces")
    ap.add_argument("--timeout", type=float, default=60.0)
    opts = ap.parse_args()

    cases = discover(opts.cases)
    if not cases:
        print("no e2e cases found", file=sys.stderr)
        return 1
    failures = 0
    started = time.monotonic()
    for case in cases:
        ok, detail = run_case(case, opts.keep, opts.timeout)
        print(f"{'PASS' if ok else 'FAIL'} {case.name}")
        if not ok:
            failures += 1
            print(detail)
    took = time.monotonic() - started
    print(f"{len(cases) - failures}/{len(cases)} passed in {took:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
