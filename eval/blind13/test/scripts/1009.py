#!/usr/bin/env python3
"""Find flaky tests by comparing JUnit XML reports from several CI runs.

Point it at a folder of downloaded artifacts (default ./ci-artifacts); each
sub-folder is one run. A test is flaky when it both passed and failed.
"""
import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path
from typing import Iterable, Iterator
from xml.etree import ElementTree as ET


@dataclass
class Outcome:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    durations: list = field(default_factory=list)

    @property
    def flaky(self) -> bool:
        return self.passed > 0 and self.failed > 0

    @property
    def fail_rate(self) -> float:
        runs = self.passed + self.failed
        return self.failed / runs if runs else 0.0


def report_files(root: Path) -> Iterator[Path]:
    yield from sorted(root.rglob("TEST-*.xml"))
    yield from sorted(root.rglob("junit*.xml"))


def cases(path: Path) -> Iterator[tuple[str, str, float]]:
    try:
        tree = ET.parse(path)
    except ET.ParseError as exc:
        print(f"skip unparsable {path}: {exc}", file=sys.stderr)
        return
    for case in tree.iter("testcase"):
        name = f"{case.get('classname', '?')}.{case.get('name', '?')}"
        if case.find("failure") is not None or case.find("error") is not None:
            status = "failed"
        elif case.find("skipped") is not None:
            status = "skipped"
        else:
            status = "passed"
        yield name, status, float(case.get("time", 0) or 0)


def fold(acc: dict, item: tuple[str, str, float]) -> dict:
    name, status, seconds = item
    outcome = acc[name]
    setattr(outcome, status, getattr(outcome, status) + 1)
    outcome.durations.append(seconds)
    return acc


def all_cases(files: Iterable[Path]) -> Iterator[tuple[str, str, float]]:
    for f in files:
        yield from cases(f)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", type=Path, default=Path("ci-artifacts"))
    ap.add_argument("--min-rate", type=float, default=0.0, help="only show tests failing at least this often")
    args = ap.parse_args()
    files = list(report_files(args.root))
    if not files:
        print(f"no JUnit reports under {args.root}", file=sys.stderr)
        return 1

    outcomes = reduce(fold, all_cases(files), defaultdict(Outcome))
    flaky = sorted(
        ((n, o) for n, o in outcomes.items() if o.flaky and o.fail_rate >= args.min_rate),
        key=lambda pair: pair[1].fail_rate,
        reverse=True,
    )
    print(f"{len(files)} report(s), {len(outcomes)} distinct tests, {len(flaky)} flaky")
    for name, o in flaky:
        avg = sum(o.durations) / len(o.durations)
        print(f"  {o.fail_rate:6.1%}  pass={o.passed:<3} fail={o.failed:<3} avg={avg:6.2f}s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
