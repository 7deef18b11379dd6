#!/usr/bin/env python3
"""Convert .NET TRX test results into JUnit XML and a markdown digest.

Some CI dashboards only understand JUnit. This walks TestResults/**/*.trx,
writes one JUnit file per TRX into build/junit/, merges the stdout of failing
tests into <system-out>, and prints a short digest. The old build/junit/
directory (this script's own output) is removed first.
"""
from __future__ import annotations

import argparse
import datetime as dt
import shutil
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

TRX_NS = {"t": "http://microsoft.com/schemas/VisualStudio/TeamTest/2010"}
OUTCOME_MAP = {"Passed": "passed", "Failed": "failed", "NotExecuted": "skipped",
               "Inconclusive": "skipped", "Timeout": "failed", "Aborted": "error"}


@dataclass
class TestCase:
    name: str
    classname: str
    seconds: float
    outcome: str
    message: str = ""
    stack: str = ""
    stdout: str = ""


@dataclass
class Run:
    source: Path
    name: str
    started: str
    cases: list[TestCase] = field(default_factory=list)

    def count(self, outcome: str) -> int:
        return sum(1 for c in self.cases if c.outcome == outcome)


def parse_duration(text: str | None) -> float:
    if not text:
        return 0.0
    h, m, s = text.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def text_of(node: ET.Element | None, path: str) -> str:
    if node is None:
        return ""
    found = node.find(path, TRX_NS)
    return (found.text or "").strip() if found is not None else ""


def parse_trx(path: Path) -> Run:
    root = ET.parse(path).getroot()
    times = root.find("t:Times", TRX_NS)
    run = Run(source=path, name=root.get("name", path.stem),
              started=times.get("start", "") if times is not None else "")
    definitions = {}
    for definition in root.iterfind(".//t:UnitTest", TRX_NS):
        method = definition.find("t:TestMethod", TRX_NS)
        if method is not None:
            definitions[definition.get("id")] = method.get("className", "")
    for result in root.iterfind(".//t:UnitTestResult", TRX_NS):
        output = result.find("t:Output", TRX_NS)
        error = output.find("t:ErrorInfo", TRX_NS) if output is not None else None
        classname = definitions.get(result.get("testId"), "")
        run.cases.append(TestCase(
            name=result.get("testName", "?"),
            classname=classname.rsplit(",", 1)[0],
            seconds=parse_duration(result.get("duration")),
            outcome=OUTCOME_MAP.get(result.get("outcome", ""), "error"),
            message=text_of(error, "t:Message"),
            stack=text_of(error, "t:StackTrace"),
            stdout=text_of(output, "t:StdOut"),
        ))
    return run


def to_junit(run: Run) -> ET.ElementTree:
    suite = ET.Element("testsuite", {
        "name": run.name,
        "tests": str(len(run.cases)),
        "failures": str(run.count("failed")),
        "errors": str(run.count("error")),
        "skipped": str(run.count("skipped")),
        "time": f"{sum(c.seconds for c in run.cases):.3f}",
        "timestamp": run.started or dt.datetime.now(dt.timezone.utc).isoformat(),
    })
    for case in run.cases:
        tc = ET.SubElement(suite, "testcase", {
            "name": case.name, "classname": case.classname, "time": f"{case.seconds:.3f}"})
        if case.outcome in ("failed", "error"):
            node = ET.SubElement(tc, "failure" if case.outcome == "failed" else "error",
                                 {"message": case.message[:1000]})
            node.text = case.stack
            if case.stdout:
                out = ET.SubElement(tc, "system-out")
                out.text = case.stdout[-20000:]
        elif case.outcome == "skipped":
            ET.SubElement(tc, "skipped")
    ET.indent(suite)
    return ET.ElementTree(suite)


def digest(runs: list[Run], top: int) -> str:
    lines = ["| run | tests | failed | skipped | time |", "|---|---:|---:|---:|---:|"]
    for run in runs:
        seconds = sum(c.seconds for c in run.cases)
        lines.append(f"| {run.name} | {len(run.cases)} | {run.count('failed') + run.count('error')} "
                     f"| {run.count('skipped')} | {seconds:.1f}s |")
    failing = [(run.name, c) for run in runs for c in run.cases if c.outcome in ("failed", "error")]
    if failing:
        lines += ["", "**Failing tests**", ""]
        for run_name, case in failing[:top]:
            first = case.message.splitlines()[0] if case.message else ""
            lines.append(f"- `{case.classname}.{case.name}` ({run_name}): {first[:160]}")
        if len(failing) > top:
            lines.append(f"- ... {len(failing) - top} more")
    return "\n".join(lines) + "\n"


def slowest(runs: list[Run], n: int = 5) -> list[str]:
    cases = sorted((c for r in runs for c in r.cases), key=lambda c: c.seconds, reverse=True)
    return [f"{c.seconds:8.2f}s  {c.classname}.{c.name}" for c in cases[:n]]


def collect(results_dir: Path) -> list[Run]:
    runs = []
    for trx in sorted(results_dir.rglob("*.trx")):
        try:
            runs.append(parse_trx(trx))
        except ET.ParseError as exc:
            print(f"skipping unreadable {trx}: {exc}", file=sys.stderr)
    return runs


def write_junit(runs: list[Run], out_dir: Path) -> list[Path]:
    if out_dir.exists():
        shutil.rmtree(out_dir)  # only ever contains files written below
    out_dir.mkdir(parents=True)
    written = []
    for i, run in enumerate(runs):
        dest = out_dir / f"TEST-{i:02d}-{run.source.stem}.xml"
        to_junit(run).write(dest, encoding="utf-8", xml_declaration=True)
        written.append(dest)
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description="TRX to JUnit")
    ap.add_argument("--results", default="TestResults")
    ap.add_argument("--out", default="build/junit")
    ap.add_argument("--digest", default="build/test-digest.md")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()

    runs = collect(Path(args.results))
    if not runs:
        print("no .trx files found", file=sys.stderr)
        return 2
    written = write_junit(runs, Path(args.out))
    text = digest(runs, args.top)
    Path(args.digest).parent.mkdir(parents=True, exist_ok=True)
    Path(args.digest).write_text(text)
    print(text)
    print(f"{len(written)} JUnit file(s) in {args.out}")
    print("slowest tests:")
    print("\n".join(slowest(runs)))
    failed = sum(r.count("failed") + r.count("error") for r in runs)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
