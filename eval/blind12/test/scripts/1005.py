#!/usr/bin/env python3
"""Find the slowest and flakiest tests from the JUnit XML files that CI
artifacts were unpacked into (artifacts/junit/**/*.xml).

A test is "flaky" if it both failed and passed across the collected runs.
"""
import argparse
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "junit"


@dataclass
class TestHistory:
    durations: list[float] = field(default_factory=list)
    passed: int = 0
    failed: int = 0
    skipped: int = 0

    @property
    def flaky(self) -> bool:
        return self.passed > 0 and self.failed > 0

    @property
    def p50(self) -> float:
        return median(self.durations) if self.durations else 0.0


def testcases(path: Path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
        return
    for case in root.iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}"
        outcome = "passed"
        if case.find("failure") is not None or case.find("error") is not None:
            outcome = "failed"
        elif case.find("skipped") is not None:
            outcome = "skipped"
        yield name, float(case.get("time") or 0), outcome


def gather(files) -> dict[str, TestHistory]:
    history: dict[str, TestHistory] = defaultdict(TestHistory)
    for path in files:
        for name, seconds, outcome in testcases(path):
            h = history[name]
            setattr(h, outcome, getattr(h, outcome) + 1)
            if outcome != "skipped":
                h.durations.append(seconds)
    return history


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", type=Path, default=ARTIFACTS)
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()

    files = sorted(args.dir.rglob("*.xml"))
    if not files:
        print(f"no junit files under {args.dir}", file=sys.stderr)
        return 1
    history = gather(files)
    print(f"{len(files)} report(s), {len(history)} distinct tests\n")

    print("slowest by median duration:")
    slow = sorted(history.items(), key=lambda kv: kv[1].p50, reverse=True)[: args.top]
    for name, h in slow:
        print(f"  {h.p50:8.2f}s  x{len(h.durations):<3d} {name}")

    flaky = sorted(((n, h) for n, h in history.items() if h.flaky),
                   key=lambda kv: kv[1].failed / (kv[1].passed + kv[1].failed), reverse=True)
    print(f"\nflaky tests: {len(flaky)}")
    for name, h in flaky[: args.top]:
        rate = h.failed / (h.passed + h.failed)
        print(f"  {rate:6.1%} failed ({h.failed}/{h.passed + h.failed})  {name}")

    always = [n for n, h in history.items() if h.failed and not h.passed]
    print(f"\nconsistently failing: {len(always)}")
    for name in sorted(always)[: args.top]:
        print(f"  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
