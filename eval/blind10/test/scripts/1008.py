#!/usr/bin/env python3
"""Find slow and repeated SQL statements in the structured app logs.

Reads var/log/app-*.jsonl (as written by our structlog config), normalises
statements by stripping literals and prints the worst offenders.
"""
import argparse
import json
import re
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

LOG_DIR = Path(__file__).resolve().parents[1] / "var" / "log"
STRING_LIT = re.compile(r"'(?:[^']|'')*'")
NUMBER_LIT = re.compile(r"\b\d+(?:\.\d+)?\b")
IN_LIST = re.compile(r"IN \((?:\?,\s*)+\?\)", re.IGNORECASE)
WS = re.compile(r"\s+")


@dataclass
class QueryStats:
    durations: list[float] = field(default_factory=list)
    endpoints: set[str] = field(default_factory=set)

    @property
    def total(self) -> float:
        return sum(self.durations)

    @property
    def p95(self) -> float:
        if len(self.durations) < 2:
            return self.durations[0] if self.durations else 0.0
        return statistics.quantiles(self.durations, n=20)[-1]


def normalise(sql: str) -> str:
    sql = STRING_LIT.sub("?", sql)
    sql = NUMBER_LIT.sub("?", sql)
    sql = IN_LIST.sub("IN (...)", sql)
    return WS.sub(" ", sql).strip()


def events(paths: Iterable[Path]) -> Iterator[dict]:
    for path in paths:
        with path.open(encoding="utf-8") as fh:
            for raw in fh:
                try:
                    evt = json.loads(raw)
                except json.JSONDecodeError:
                    continue
                if evt.get("event") == "sql":
                    yield evt


def collect(paths: Iterable[Path]) -> dict[str, QueryStats]:
    stats: dict[str, QueryStats] = defaultdict(QueryStats)
    for evt in events(paths):
        key = normalise(evt.get("statement", ""))
        stats[key].durations.append(float(evt.get("duration_ms", 0)))
        if evt.get("endpoint"):
            stats[key].endpoints.add(evt["endpoint"])
    return stats


def print_table(title: str, rows: list[tuple[str, QueryStats]]) -> None:
    print(f"\n== {title}")
    for sql, st in rows:
        print(f"{len(st.durations):>7}x  total {st.total:>9.1f}ms  p95 {st.p95:>7.1f}ms")
        print(f"          {sql[:140]}")
        if st.endpoints:
            print(f"          from: {', '.join(sorted(st.endpoints)[:4])}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("-n", type=int, default=10)
    ap.add_argument("--min-count", type=int, default=1)
    ns = ap.parse_args()
    paths = ns.files or sorted(LOG_DIR.glob("app-*.jsonl"))
    stats = collect(paths)
    eligible = [(k, v) for k, v in stats.items() if len(v.durations) >= ns.min_count]
    print(f"{len(paths)} file(s), {len(stats)} distinct statements")
    print_table("by total time", sorted(eligible, key=lambda kv: kv[1].total, reverse=True)[: ns.n])
    print_table("by p95", sorted(eligible, key=lambda kv: kv[1].p95, reverse=True)[: ns.n])
    print_table("by count (N+1 suspects)", sorted(eligible, key=lambda kv: len(kv[1].durations), reverse=True)[: ns.n])


if __name__ == "__main__":
    main()
