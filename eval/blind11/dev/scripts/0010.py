#!/usr/bin/env python3
"""Golden-file harness for the `csvnorm` CLI built by this repo.

Copies each fixture into a temporary directory, runs the CLI with a fixed
argv, and diffs output against tests/golden/. --update rewrites goldens.
"""
import argparse
import difflib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
GOLDEN = ROOT / "tests" / "golden"
BINARY = ROOT / "build" / "bin" / "csvnorm"


def cases(pattern):
    for path in sorted(FIXTURES.glob(pattern)):
        if path.suffix == ".csv":
            yield path


def run_case(fixture, workdir):
    src = workdir / fixture.name
    shutil.copy2(fixture, src)
    out = workdir / "out.csv"
    proc = subprocess.run([str(BINARY), "--input", str(src), "--output", str(out),
                           "--trim", "--dedupe"],
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        return None, proc.stderr
    return out.read_text(), proc.stderr


def compare(name, actual, expected):
    if actual == expected:
        return True
    diff = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                fromfile=f"golden/{name}", tofile="actual")
    sys.stdout.writelines(list(diff)[:80])
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-k", default="*.csv", help="glob of fixtures to run")
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--keep-tmp", action="store_true")
    args = ap.parse_args()

    if not BINARY.exists():
        print("build first: cmake --build build", file=sys.stderr)
        return 2
    failures = []
    tmp = Path(tempfile.mkdtemp(prefix="csvnorm-golden-"))
    try:
        for fixture in cases(args.k):
            workdir = tmp / fixture.stem
            workdir.mkdir()
            actual, stderr = run_case(fixture, workdir)
            golden = GOLDEN / fixture.name
            if actual is None:
                print(f"FAIL {fixture.name}: exit != 0\n{stderr}")
                failures.append(fixture.name)
                continue
            if args.update:
                golden.parent.mkdir(parents=True, exist_ok=True)
                golden.write_text(actual)
                print(f"updated {golden.relative_to(ROOT)}")
                continue
            if not golden.exists():
                print(f"MISSING golden for {fixture.name}")
                failures.append(fixture.name)
            elif compare(fixture.name, actual, golden.read_text()):
                print(f"ok   {fixture.name}")
            else:
                failures.append(fixture.name)
    finally:
        if args.keep_tmp:
            print("kept", tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
