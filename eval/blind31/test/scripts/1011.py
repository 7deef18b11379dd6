#!/usr/bin/env python3
"""Run the SageMath doctests of the course library and report like pytest.

`sage -t` prints a long log; CI wants a JUnit file and a short summary. This
wrapper runs the doctester per module directory, parses its output, keeps
timing history in the tool's own cache directory
(~/.cache/course-sage/timings.json, used to start the slowest modules
first), and writes build/sage-doctest/junit.xml.

    python tools/sage_doctest.py                 # all of src/
    python tools/sage_doctest.py src/lattices    # one package
    python tools/sage_doctest.py --long          # include # long time tests
"""
from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "build" / "sage-doctest"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "course-sage"
TIMINGS = CACHE / "timings.json"

FAIL_LINE = re.compile(r"^sage -t .*?(\S+\.(?:py|pyx|sage))\s+# (\d+) doctests? failed", re.M)
TOTAL_LINE = re.compile(r"^sage -t .*?(\S+\.(?:py|pyx|sage))\s*\n\s+\[(\d+) tests?, ([\d.]+) s\]", re.M)
TIMEOUT_LINE = re.compile(r"^sage -t .*?(\S+\.(?:py|pyx|sage))\s+# Timed out", re.M)

_children: list[subprocess.Popen] = []


def _stop_children(signum, _frame):
    for proc in _children:
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    sys.exit(128 + signum)


def load_timings() -> dict[str, float]:
    try:
        return json.loads(TIMINGS.read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def save_timings(timings: dict[str, float]) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = TIMINGS.with_suffix(".tmp")
    tmp.write_text(json.dumps(timings, indent=1, sort_keys=True))
    tmp.replace(TIMINGS)


def targets(paths: list[str]) -> list[Path]:
    roots = [REPO / p for p in paths] if paths else [REPO / "src"]
    dirs = set()
    for root in roots:
        if root.is_file():
            dirs.add(root.parent)
            continue
        for f in root.rglob("*.py"):
            dirs.add(f.parent)
        for f in root.rglob("*.sage"):
            dirs.add(f.parent)
    return sorted(dirs)


def run_sage(directory: Path, long: bool, jobs: int, timeout: int) -> tuple[int, str, float]:
    argv = ["sage", "-t", f"--nthreads={jobs}", f"--timeout={timeout}", "--warn-long=30"]
    if long:
        argv.append("--long")
    argv.append(str(directory))
    started = time.monotonic()
    proc = subprocess.Popen(argv, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    _children.append(proc)
    output, _ = proc.communicate()
    _children.remove(proc)
    return proc.returncode, output, time.monotonic() - started


def parse(output: str) -> dict[str, dict]:
    files: dict[str, dict] = {}
    for path, count, seconds in TOTAL_LINE.findall(output):
        files[path] = {"tests": int(count), "seconds": float(seconds), "failed": 0, "timeout": False}
    for path, failed in FAIL_LINE.findall(output):
        files.setdefault(path, {"tests": 0, "seconds": 0.0, "failed": 0, "timeout": False})["failed"] = int(failed)
    for path in TIMEOUT_LINE.findall(output):
        files.setdefault(path, {"tests": 0, "seconds": 0.0, "failed": 0, "timeout": False})["timeout"] = True
    return files


def failure_excerpt(output: str, path: str, limit: int = 60) -> str:
    lines = output.splitlines()
    picked = [i for i, line in enumerate(lines) if path in line and "File" in line]
    chunks = []
    for i in picked[:5]:
        chunks.extend(lines[i:i + 12])
    return "\n".join(chunks[:limit])


def write_junit(results: dict[str, dict], outputs: dict[str, str]) -> Path:
    suite = ET.Element("testsuite", name="sage-doctest")
    failures = 0
    total = 0
    for path, r in sorted(results.items()):
        total += 1
        case = ET.SubElement(suite, "testcase", classname="doctest", name=path, time=f"{r['seconds']:.2f}")
        if r["failed"] or r["timeout"]:
            failures += 1
            msg = "timed out" if r["timeout"] else f"{r['failed']} doctests failed"
            fail = ET.SubElement(case, "failure", message=msg)
            fail.text = failure_excerpt(outputs.get(path, ""), path)
    suite.set("tests", str(total))
    suite.set("failures", str(failures))
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / "junit.xml"
    ET.ElementTree(suite).write(target, encoding="utf-8", xml_declaration=True)
    return target


def slow_files(results: dict[str, dict], threshold: float = 60.0) -> list[str]:
    """Files whose doctests take longer than the threshold (candidates for # long time)."""
    slow = [(p, r["seconds"]) for p, r in results.items() if r["seconds"] > threshold]
    return [f"{p} ({s:.0f}s)" for p, s in sorted(slow, key=lambda x: -x[1])]


def sage_version() -> str:
    try:
        out = subprocess.run(["sage", "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return out.strip().splitlines()[0] if out.strip() else "unknown"


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--long", action="store_true")
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--timeout", type=int, default=600, help="per file, seconds")
    args = parser.parse_args(argv)

    signal.signal(signal.SIGINT, _stop_children)
    signal.signal(signal.SIGTERM, _stop_children)

    print(f"using {sage_version()}")
    timings = load_timings()
    dirs = targets(args.paths)
    dirs.sort(key=lambda d: timings.get(str(d.relative_to(REPO)), 0.0), reverse=True)
    results: dict[str, dict] = {}
    outputs: dict[str, str] = {}
    for directory in dirs:
        rel = str(directory.relative_to(REPO))
        rc, output, seconds = run_sage(directory, args.long, args.jobs, args.timeout)
        timings[rel] = seconds
        parsed = parse(output)
        for path in parsed:
            outputs[path] = output
        results.update(parsed)
        bad = sum(1 for r in parsed.values() if r["failed"] or r["timeout"])
        print(f"{'ok  ' if rc == 0 else 'FAIL'} {rel:<40} {seconds:6.1f}s  {len(parsed)} files, {bad} failing")
    save_timings(timings)
    junit = write_junit(results, outputs)
    failing = [p for p, r in results.items() if r["failed"] or r["timeout"]]
    for entry in slow_files(results):
        print(f"  slow: {entry}")
    total_tests = sum(r["tests"] for r in results.values())
    print(f"{total_tests} doctests in {len(results)} files; {len(failing)} files failing; junit: {junit.relative_to(REPO)}")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
