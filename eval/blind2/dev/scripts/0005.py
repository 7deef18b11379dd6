#!/usr/bin/env python3
"""Golden-file test harness for the CLI.

For every case in tests/golden/<name>/ (cmd.txt, input/, expected.txt) the CLI is run
inside a fresh temporary directory and its stdout is compared with expected.txt.
Run with --update to rewrite the expected files.
"""
import argparse
import difflib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden"
CLI = [sys.executable, "-m", "mytool"]


class Case:
    def __init__(self, path: Path):
        self.path = path
        self.name = path.name
        self.args = shlex.split((path / "cmd.txt").read_text().strip())
        self.expected_file = path / "expected.txt"

    def expected(self) -> str:
        return self.expected_file.read_text() if self.expected_file.exists() else ""


class Result:
    def __init__(self, case, ok, output, seconds, err=""):
        self.case, self.ok, self.output, self.seconds, self.err = case, ok, output, seconds, err


def run_case(case: Case, timeout: float) -> Result:
    workdir = Path(tempfile.mkdtemp(prefix=f"golden-{case.name}-"))
    try:
        src = case.path / "input"
        if src.is_dir():
            shutil.copytree(src, workdir / "input")
        env = dict(os.environ, NO_COLOR="1", MYTOOL_CACHE_DIR=str(workdir / ".cache"))
        env["PYTHONPATH"] = str(REPO / "src")
        start = time.monotonic()
        proc = subprocess.run(
            CLI + case.args,
            cwd=workdir,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        took = time.monotonic() - start
        output = proc.stdout.replace(str(workdir), "<TMP>")
        return Result(case, output == case.expected(), output, took, proc.stderr)
    except subprocess.TimeoutExpired:
        return Result(case, False, "", timeout, "timeout")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def show_diff(res: Result) -> None:
    diff = difflib.unified_diff(
        res.case.expected().splitlines(keepends=True),
        res.output.splitlines(keepends=True),
        fromfile=f"{res.case.name}/expected.txt",
        tofile=f"{res.case.name}/actual",
    )
    sys.stdout.writelines(diff)
    if res.err:
        print(f"--- stderr ---\n{res.err}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-k", dest="pattern", default="", help="only cases containing this")
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--timeout", type=float, default=30.0)
    args = ap.parse_args()

    cases = [Case(p) for p in sorted(GOLDEN.iterdir()) if (p / "cmd.txt").exists()]
    cases = [c for c in cases if args.pattern in c.name]
    if not cases:
        print("no golden cases found", file=sys.stderr)
        return 1

    failed = 0
    for case in cases:
        res = run_case(case, args.timeout)
        if args.update:
            case.expected_file.write_text(res.output)
            print(f"UPDATED {case.name}")
            continue
        status = "PASS" if res.ok else "FAIL"
        print(f"{status} {case.name} ({res.seconds:.2f}s)")
        if not res.ok:
            failed += 1
            show_diff(res)

    print(f"\n{len(cases) - failed}/{len(cases)} passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
