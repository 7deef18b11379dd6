#!/usr/bin/env python3
"""Golden-file harness for the `csvkit-lite` converter.

Each case under tests/golden/<name>/ has input.csv, args.txt and expected.json.
The converter is run in an isolated temporary directory so that it cannot
touch the working tree; the temp dir is removed afterwards.
"""
import argparse
import difflib
import json
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
CONVERTER = [sys.executable, "-m", "csvkit_lite.convert"]


@contextmanager
def sandbox(keep: bool = False):
    tmp = Path(tempfile.mkdtemp(prefix="csvkit-golden-"))
    try:
        yield tmp
    finally:
        if keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def iter_cases(pattern: str):
    for case_dir in sorted(GOLDEN.iterdir()):
        if case_dir.is_dir() and pattern in case_dir.name:
            yield case_dir


def run_case(case_dir: Path, keep: bool) -> tuple[bool, str]:
    args = (case_dir / "args.txt").read_text().split()
    expected = json.loads((case_dir / "expected.json").read_text())
    with sandbox(keep) as tmp:
        shutil.copy(case_dir / "input.csv", tmp / "input.csv")
        proc = subprocess.run(
            CONVERTER + args + ["input.csv", "-o", "out.json"],
            cwd=tmp,
            capture_output=True,
            text=True,
            timeout=60,
            env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        )
        if proc.returncode != 0:
            return False, proc.stderr
        actual = json.loads((tmp / "out.json").read_text())
    if actual == expected:
        return True, ""
    diff = difflib.unified_diff(
        json.dumps(expected, indent=2).splitlines(),
        json.dumps(actual, indent=2).splitlines(),
        "expected",
        "actual",
        lineterm="",
    )
    return False, "\n".join(diff)


def update_case(case_dir: Path) -> None:
    args = (case_dir / "args.txt").read_text().split()
    with sandbox() as tmp:
        shutil.copy(case_dir / "input.csv", tmp / "input.csv")
        subprocess.run(CONVERTER + args + ["input.csv", "-o", "out.json"], cwd=tmp, check=True)
        shutil.copy(tmp / "out.json", case_dir / "expected.json")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-k", "--filter", default="")
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--keep-tmp", action="store_true")
    ns = ap.parse_args()
    failures = 0
    for case_dir in iter_cases(ns.filter):
        if ns.update:
            update_case(case_dir)
            print(f"updated {case_dir.name}")
            continue
        ok, detail = run_case(case_dir, ns.keep_tmp)
        print(f"{'PASS' if ok else 'FAIL'} {case_dir.name}")
        if not ok:
            failures += 1
            print(detail)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
