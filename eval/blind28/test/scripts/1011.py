#!/usr/bin/env python3
# Owner: billing batch team (#billing-batch)
#
#
# Naming convention: a test folder "<program>__<case>" runs the executable
# built from cobol/<program>.cbl, e.g. tests/cobol/interest__negative_rate/.
#
# Dialect: -std=ibm makes GnuCOBOL accept Enterprise COBOL syntax (COMP-5,
# FUNCTION keywords without the FUNCTION prefix, etc.).  Use --dialect mf for
# the two Micro Focus-era programs in cobol/legacy/ (not built by default).
#
# Record files: input.dat is fed on stdin.  Programs read it via
#   SELECT INFILE ASSIGN TO KEYBOARD
# locally, and via the DD INFILE card on the host; jcl/UNITTEST.jcl allocates
# TEST.BILLING.UNITTEST.INPUT from the same files (uploaded by CI).
#
# Expected output is compared after trimming trailing blanks on every line,
# because SYSOUT on the host pads records to 133 characters.
#
# Exit status: 0 all passed, 1 failures, 2 usage errors.
#
# Results: out/cobol/results.json (one object per test) for the CI summary.
#
# Host runs need the Zowe CLI with a profile for the TEST LPAR; the password
# lives in the Zowe secure credential store, never in this repository.
#
"""cobol_tests.py - compile and run the COBOL unit tests locally with GnuCOBOL,
and optionally re-run the same suite on the TEST LPAR through Zowe.

Test layout (tests/cobol/<name>/):
    input.dat      record input fed on stdin (or as DD INFILE on the host)
    expected.txt   expected stdout / SYSOUT, compared after trimming trailing blanks
    args.txt       optional extra command-line arguments (one per line)

    python tools/cobol_tests.py                   compile cobol/*.cbl, run every test
    python tools/cobol_tests.py -k interest       only tests whose name contains "interest"
    python tools/cobol_tests.py --host            also submit jcl/UNITTEST.jcl on TEST
                                                  (TEST.* data sets only; PROD refused)

Build products go to out/cobol/; they are wiped at the start of each run.
"""
from __future__ import annotations

import argparse
import difflib
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

SRC_ROOT = Path(__file__).resolve().parent.parent
COBOL = SRC_ROOT / "cobol"
COPY = SRC_ROOT / "copy"
TESTS = SRC_ROOT / "tests" / "cobol"
BUILD = SRC_ROOT / "out" / "cobol"
HOST_JCL = SRC_ROOT / "jcl" / "UNITTEST.jcl"
ALLOWED_HLQ = "TEST."


@dataclass
class Result:
    name: str
    passed: bool
    seconds: float
    detail: str = ""


def fresh_build_dir() -> None:
    if BUILD.exists():
        if BUILD.resolve().parent != (SRC_ROOT / "out").resolve():
            raise SystemExit(f"unexpected build dir {BUILD}")
        shutil.rmtree(BUILD)
    BUILD.mkdir(parents=True)


def compile_all(dialect: str) -> dict[str, Path]:
    cobc = shutil.which("cobc")
    if cobc is None:
        raise SystemExit("GnuCOBOL (cobc) not installed")
    programs: dict[str, Path] = {}
    for src in sorted(COBOL.glob("*.cbl")):
        exe = BUILD / src.stem
        argv = [cobc, "-x", f"-std={dialect}", "-I", str(COPY), "-o", str(exe), str(src)]
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            print(f"compile FAILED {src.name}:\n{proc.stderr}", file=sys.stderr)
            continue
        if proc.stderr.strip():
            print(f"warnings in {src.name}:\n{proc.stderr.strip()}")
        programs[src.stem] = exe
    return programs


def normalise(text: str) -> list[str]:
    return [line.rstrip() for line in text.replace("\r\n", "\n").rstrip("\n").split("\n")]


def run_test(case: Path, programs: dict[str, Path], timeout: int) -> Result:
    program = case.name.split("__", 1)[0]
    exe = programs.get(program)
    if exe is None:
        return Result(case.name, False, 0.0, f"no compiled program '{program}'")
    extra = []
    if (case / "args.txt").exists():
        extra = [a for a in (case / "args.txt").read_text().splitlines() if a.strip()]
    stdin = (case / "input.dat").read_bytes() if (case / "input.dat").exists() else b""
    started = time.monotonic()
    try:
        proc = subprocess.run([str(exe), *extra], input=stdin, capture_output=True, timeout=timeout, cwd=BUILD)
    except subprocess.TimeoutExpired:
        return Result(case.name, False, timeout, "timed out")
    elapsed = time.monotonic() - started
    got = normalise(proc.stdout.decode("latin-1"))
    want = normalise((case / "expected.txt").read_text(encoding="latin-1"))
    if proc.returncode != 0:
        return Result(case.name, False, elapsed, f"exit {proc.returncode}: {proc.stderr.decode(errors='replace')[:200]}")
    if got != want:
        diff = "\n".join(difflib.unified_diff(want, got, "expected", "actual", lineterm="", n=1))
        return Result(case.name, False, elapsed, diff)
    return Result(case.name, True, elapsed)


def check_jcl(path: Path) -> None:
    text = path.read_text()
    for token in text.replace(",", " ").split():
        if token.startswith("DSN="):
            dsn = token[4:].strip("'")
            if not dsn.startswith(ALLOWED_HLQ) and not dsn.startswith("&&"):
                raise SystemExit(f"{path.name} references {dsn}; only {ALLOWED_HLQ}* is allowed")


def run_on_host(profile: str) -> Result:
    check_jcl(HOST_JCL)
    started = time.monotonic()
    argv = ["zowe", "zos-jobs", "submit", "local-file", str(HOST_JCL), "--wait-for-output",
            "--zosmf-profile", profile, "--rfj"]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=900)
    elapsed = time.monotonic() - started
    try:
        data = json.loads(proc.stdout)["data"]
    except (json.JSONDecodeError, KeyError):
        return Result("host:UNITTEST", False, elapsed, proc.stderr.strip()[:300])
    rc = data.get("retcode") or "?"
    return Result("host:UNITTEST", rc in ("CC 0000", "CC 0004"), elapsed, f"{data.get('jobid')} {rc}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="GnuCOBOL unit tests (+ optional host run)")
    ap.add_argument("-k", dest="pattern", default="", help="substring filter on test names")
    ap.add_argument("--dialect", default="ibm", help="cobc -std dialect (default ibm)")
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--host", action="store_true", help="also run jcl/UNITTEST.jcl on the TEST LPAR")
    ap.add_argument("--profile", default="zosmf-test")
    args = ap.parse_args(argv)

    fresh_build_dir()
    programs = compile_all(args.dialect)
    print(f"compiled {len(programs)} program(s) into {BUILD.relative_to(SRC_ROOT)}")
    cases = sorted(p for p in TESTS.iterdir() if p.is_dir() and args.pattern in p.name)
    results = [run_test(case, programs, args.timeout) for case in cases]
    if args.host:
        results.append(run_on_host(args.profile))

    width = max((len(r.name) for r in results), default=10)
    for r in results:
        print(f"{'PASS' if r.passed else 'FAIL'}  {r.name:<{width}}  {r.seconds:6.2f}s")
        if not r.passed and r.detail:
            for line in r.detail.splitlines()[:20]:
                print(f"      {line}")
    failed = sum(not r.passed for r in results)
    print(f"\n{len(results) - failed}/{len(results)} passed")
    (BUILD / "results.json").write_text(json.dumps([r.__dict__ for r in results], indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
