#!/usr/bin/env python3
"""Run the Varnish VCL test-suite and report coverage of the VCL subroutines.

Test cases live in varnish/tests/*.vtc and are executed with ``varnishtest``
(one process per file, in parallel, each with its own temporary directory
that varnishtest creates and removes itself).  Before running the tests the
VCL in varnish/default.vcl is compiled with ``varnishd -C`` so syntax errors
are reported with a clear message instead of failing every test.

The coverage report counts, per ``sub vcl_*`` in the VCL, how many .vtc files
mention a header or path that the subroutine handles - a rough but useful
signal for reviewers.  Results go to build/varnish/report.json and stdout.

    python varnish/run_tests.py
    python varnish/run_tests.py -j 8 -k cache_ttl
    python varnish/run_tests.py --junit build/varnish/junit.xml
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VCL = REPO / "varnish" / "default.vcl"
TESTS = REPO / "varnish" / "tests"
OUT = REPO / "build" / "varnish"
SUB_RE = re.compile(r"^\s*sub\s+(vcl_\w+)\s*\{", re.MULTILINE)
HEADER_RE = re.compile(r"\b(?:req|resp|beresp|bereq)\.http\.([A-Za-z0-9-]+)")
URL_RE = re.compile(r'req\.url\s*~\s*"([^"]+)"')


@dataclass
class CaseResult:
    name: str
    passed: bool
    seconds: float
    output_tail: list[str] = field(default_factory=list)


def require(tool: str) -> str:
    path = shutil.which(tool)
    if not path:
        raise SystemExit(f"{tool} is not installed (apt install varnish)")
    return path


def compile_vcl() -> None:
    varnishd = require("varnishd")
    proc = subprocess.run([varnishd, "-C", "-f", str(VCL)], capture_output=True, text=True)
    if proc.returncode != 0:
        lines = [l for l in proc.stderr.splitlines() if l.strip()]
        raise SystemExit("VCL does not compile:\n  " + "\n  ".join(lines[-15:]))


def run_case(varnishtest: str, path: Path, timeout: int) -> CaseResult:
    started = time.perf_counter()
    env = dict(os.environ, VCL_PATH=str(VCL.parent))
    try:
        proc = subprocess.run([varnishtest, "-q", "-t", str(timeout), str(path)],
                              capture_output=True, text=True, env=env, timeout=timeout + 30)
        passed = proc.returncode == 0
        output = (proc.stdout + proc.stderr).splitlines()
    except subprocess.TimeoutExpired:
        passed, output = False, [f"timed out after {timeout}s"]
    return CaseResult(path.stem, passed, round(time.perf_counter() - started, 2), output[-20:] if not passed else [])


def subroutine_map(vcl_text: str) -> dict[str, dict[str, set[str]]]:
    result: dict[str, dict[str, set[str]]] = {}
    matches = list(SUB_RE.finditer(vcl_text))
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(vcl_text)
        body = vcl_text[m.end():end]
        entry = result.setdefault(m.group(1), {"headers": set(), "urls": set()})
        entry["headers"].update(h.lower() for h in HEADER_RE.findall(body))
        entry["urls"].update(URL_RE.findall(body))
    return result


def coverage(vcl_text: str, cases: list[Path]) -> dict[str, int]:
    subs = subroutine_map(vcl_text)
    texts = {c.stem: c.read_text(encoding="utf-8").lower() for c in cases}
    counts: dict[str, int] = {}
    for sub, needles in subs.items():
        hits = 0
        for text in texts.values():
            if any(h in text for h in needles["headers"]) or any(
                re.sub(r"[\\^$().*+?]", "", u).lower() in text for u in needles["urls"] if u
            ):
                hits += 1
        counts[sub] = hits
    return counts


def lint_cases(cases: list[Path]) -> list[str]:
    """Cheap static checks on the .vtc files before spending time running them."""
    problems: list[str] = []
    for case in cases:
        text = case.read_text(encoding="utf-8")
        first = next((l for l in text.splitlines() if l.strip() and not l.startswith("#")), "")
        if not first.startswith("varnishtest"):
            problems.append(f"{case.name}: first statement should be varnishtest \"<description>\"")
        if "-vcl+backend" not in text and "-vcl " not in text and "include" not in text:
            problems.append(f"{case.name}: never loads VCL")
        if "client c" not in text:
            problems.append(f"{case.name}: defines no client")
        if "-run" not in text:
            problems.append(f"{case.name}: nothing is started with -run")
    return problems


def write_junit(path: Path, results: list[CaseResult]) -> None:
    suite = ET.Element("testsuite", name="varnish", tests=str(len(results)),
                       failures=str(sum(not r.passed for r in results)))
    for r in results:
        case = ET.SubElement(suite, "testcase", name=r.name, time=str(r.seconds))
        if not r.passed:
            failure = ET.SubElement(case, "failure", message="varnishtest failed")
            failure.text = "\n".join(r.output_tail)
    path.parent.mkdir(exist_ok=True, parents=True)
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)


def main() -> int:
    parser = argparse.ArgumentParser(description="varnishtest runner with VCL coverage")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("-k", "--keyword", help="only run tests whose name contains this")
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--junit", type=Path)
    args = parser.parse_args()

    compile_vcl()
    varnishtest = require("varnishtest")
    cases = sorted(TESTS.glob("*.vtc"))
    if args.keyword:
        cases = [c for c in cases if args.keyword in c.stem]
    if not cases:
        print("no test cases selected")
        return 1
    for problem in lint_cases(cases):
        print(f"lint: {problem}")

    results: list[CaseResult] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(run_case, varnishtest, c, args.timeout): c for c in cases}
        for fut in concurrent.futures.as_completed(futures):
            res = fut.result()
            results.append(res)
            print(f"{'PASS' if res.passed else 'FAIL'} {res.name} ({res.seconds}s)")
            for line in res.output_tail:
                print(f"     {line}")
    results.sort(key=lambda r: r.name)

    cov = coverage(VCL.read_text(encoding="utf-8"), cases)
    print("\nsubroutine coverage (test files touching it):")
    for sub, hits in sorted(cov.items()):
        marker = "  <-- untested" if hits == 0 else ""
        print(f"  {sub:<20} {hits}{marker}")

    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "report.json").write_text(json.dumps({"results": [asdict(r) for r in results], "coverage": cov}, indent=2))
    if args.junit:
        write_junit(args.junit, results)
    failed = sum(not r.passed for r in results)
    print(f"\n{len(results) - failed}/{len(results)} passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
