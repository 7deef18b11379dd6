#!/usr/bin/env python3
"""Aggregate JUnit XML reports from a Gradle/Maven multi-module build.

Looks for */build/test-results/**/*.xml (Gradle) and */target/surefire-reports/*.xml
(Maven), merges them, prints a summary, writes build/reports/test-summary.md and
an optional merged junit.xml for the CI uploader. Exits non-zero when any test failed.
"""
from __future__ import annotations

import argparse
import glob
import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

PATTERNS = (
    "**/build/test-results/**/TEST-*.xml",
    "**/target/surefire-reports/TEST-*.xml",
    "**/target/failsafe-reports/TEST-*.xml",
)
SKIP_DIRS = {"node_modules", ".gradle", ".git"}


@dataclass
class Case:
    module: str
    classname: str
    name: str
    time: float
    status: str  # passed | failed | error | skipped
    message: str = ""
    details: str = ""


@dataclass
class ModuleStats:
    cases: list = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for c in self.cases if c.status == status)

    @property
    def time(self) -> float:
        return sum(c.time for c in self.cases)


def module_of(report: Path, root: Path) -> str:
    rel = report.relative_to(root).parts
    for marker in ("build", "target"):
        if marker in rel:
            idx = rel.index(marker)
            return "/".join(rel[:idx]) or "(root)"
    return "(root)"


def find_reports(root: Path) -> list:
    found = []
    for pattern in PATTERNS:
        for name in glob.glob(str(root / pattern), recursive=True):
            path = Path(name)
            if SKIP_DIRS.intersection(path.relative_to(root).parts):
                continue
            found.append(path)
    return sorted(set(found))


def parse_report(path: Path, module: str) -> list:
    try:
        tree = ET.parse(path)
    except ET.ParseError as exc:
        print(f"warning: cannot parse {path}: {exc}", file=sys.stderr)
        return []
    root = tree.getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    cases = []
    for suite in suites:
        for tc in suite.findall("testcase"):
            status, message, details = "passed", "", ""
            for tag in ("failure", "error"):
                node = tc.find(tag)
                if node is not None:
                    status = "failed" if tag == "failure" else "error"
                    message = node.get("message", "")
                    details = (node.text or "").strip()
            if tc.find("skipped") is not None:
                status = "skipped"
            cases.append(Case(
                module=module,
                classname=tc.get("classname", suite.get("name", "?")),
                name=tc.get("name", "?"),
                time=float(tc.get("time") or 0.0),
                status=status,
                message=message,
                details=details,
            ))
    return cases


def collect(root: Path) -> dict:
    modules: dict = defaultdict(ModuleStats)
    for report in find_reports(root):
        mod = module_of(report, root)
        modules[mod].cases.extend(parse_report(report, mod))
    return dict(modules)


def slowest(modules: dict, n: int) -> list:
    allcases = [c for m in modules.values() for c in m.cases]
    return sorted(allcases, key=lambda c: c.time, reverse=True)[:n]


def render_markdown(modules: dict, top: int) -> str:
    out = ["# Test summary", "", "| module | tests | failed | errors | skipped | time (s) |",
           "|---|---:|---:|---:|---:|---:|"]
    totals = defaultdict(float)
    for name in sorted(modules):
        st = modules[name]
        row = (len(st.cases), st.count("failed"), st.count("error"), st.count("skipped"))
        for key, val in zip(("tests", "failed", "error", "skipped"), row):
            totals[key] += val
        totals["time"] += st.time
        out.append(f"| {name} | {row[0]} | {row[1]} | {row[2]} | {row[3]} | {st.time:.1f} |")
    out.append(f"| **total** | {int(totals['tests'])} | {int(totals['failed'])} | "
               f"{int(totals['error'])} | {int(totals['skipped'])} | {totals['time']:.1f} |")
    failures = [c for m in modules.values() for c in m.cases if c.status in ("failed", "error")]
    if failures:
        out += ["", "## Failures", ""]
        for c in failures:
            out.append(f"<details><summary>{c.module}: {c.classname}.{c.name}</summary>")
            out.append("")
            out.append("```")
            out.append((c.message + "\n" + c.details).strip()[:4000])
            out.append("```")
            out.append("</details>")
    out += ["", f"## Slowest {top}", ""]
    for c in slowest(modules, top):
        out.append(f"- {c.time:7.2f}s {c.module} {c.classname}.{c.name}")
    return "\n".join(out) + "\n"


def write_merged_junit(modules: dict, dest: Path) -> None:
    root = ET.Element("testsuites")
    for name in sorted(modules):
        st = modules[name]
        suite = ET.SubElement(root, "testsuite", name=name, tests=str(len(st.cases)),
                              failures=str(st.count("failed")), errors=str(st.count("error")),
                              skipped=str(st.count("skipped")), time=f"{st.time:.3f}")
        for c in st.cases:
            tc = ET.SubElement(suite, "testcase", classname=c.classname, name=c.name,
                               time=f"{c.time:.3f}")
            if c.status in ("failed", "error"):
                node = ET.SubElement(tc, "failure" if c.status == "failed" else "error",
                                     message=c.message[:500])
                node.text = c.details
            elif c.status == "skipped":
                ET.SubElement(tc, "skipped")
    dest.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(dest, encoding="utf-8", xml_declaration=True)


def main() -> int:
    ap = argparse.ArgumentParser(description="merge JUnit reports")
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--out", default="build/reports/test-summary.md")
    ap.add_argument("--junit", help="also write a merged junit xml here")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--github-summary", action="store_true",
                    help="append to $GITHUB_STEP_SUMMARY when running in Actions")
    args = ap.parse_args()

    root = Path(args.root).resolve()
    modules = collect(root)
    if not modules:
        print("no test reports found - did the build run tests?", file=sys.stderr)
        return 2
    md = render_markdown(modules, args.top)
    out = root / args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(md, encoding="utf-8")
    print(md)
    if args.junit:
        write_merged_junit(modules, root / args.junit)
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if args.github_summary and summary_file:
        with open(summary_file, "a", encoding="utf-8") as fh:
            fh.write(md)
    failed = sum(m.count("failed") + m.count("error") for m in modules.values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
