#!/usr/bin/env python3
"""Find slow and repeated SQL statements in the app's structured logs.

Reads var/log/app*.jsonl (one JSON object per line, as emitted by the
`sql` logger), fingerprints each statement by stripping literals, and reports
the statements with the largest total time plus likely N+1 patterns (the same
fingerprint executed many times inside one request).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

LITERALS = [
    (re.compile(r"'(?:[^']|'')*'"), "?"),
    (re.compile(r"\b\d+(?:\.\d+)?\b"), "?"),
    (re.compile(r"\bIN \((?:\?, )*\?\)", re.I), "IN (...)"),
    (re.compile(r"\s+"), " "),
]


def fingerprint(sql: str) -> str:
    out = sql.strip()
    for pattern, repl in LITERALS:
        out = pattern.sub(repl, out)
    return out


@dataclass
class Aggregate:
    sample: str
    calls: int = 0
    total_ms: float = 0.0
    max_ms: float = 0.0
    per_request: Counter = field(default_factory=Counter)

    @property
    def mean_ms(self) -> float:
        return self.total_ms / self.calls if self.calls else 0.0


def records(paths: list[Path]) -> Iterator[dict]:
    for path in paths:
        with path.open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if '"logger": "sql"' not in line and '"logger":"sql"' not in line:
                    continue
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    continue


def analyse(paths: list[Path]) -> dict[str, Aggregate]:
    aggs: dict[str, Aggregate] = {}
    for rec in records(paths):
        sql = rec.get("statement") or ""
        fp = fingerprint(sql)
        key = hashlib.blake2s(fp.encode(), digest_size=6).hexdigest()
        agg = aggs.get(key) or aggs.setdefault(key, Aggregate(sample=fp))
        ms = float(rec.get("duration_ms", 0))
        agg.calls += 1
        agg.total_ms += ms
        agg.max_ms = max(agg.max_ms, ms)
        if rid := rec.get("request_id"):
            agg.per_request[rid] += 1
    return aggs


def n_plus_one(aggs: dict[str, Aggregate], threshold: int) -> list[tuple[str, Aggregate, int]]:
    hits = []
    for key, agg in aggs.items():
        if not agg.per_request:
            continue
        worst = max(agg.per_request.values())
        if worst >= threshold and agg.sample.upper().startswith("SELECT"):
            hits.append((key, agg, worst))
    return sorted(hits, key=lambda t: t[2], reverse=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", type=Path, default=sorted(Path("var/log").glob("app*.jsonl")))
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--n1-threshold", type=int, default=20)
    args = ap.parse_args()
    if not args.paths:
        print("no logs found in var/log", file=sys.stderr)
        return 1

    aggs = analyse(args.paths)
    by_total = sorted(aggs.items(), key=lambda kv: kv[1].total_ms, reverse=True)[: args.top]
    print(f"{'id':<13}{'calls':>8}{'total s':>10}{'mean ms':>10}{'max ms':>10}  statement")
    for key, a in by_total:
        print(f"{key:<13}{a.calls:>8}{a.total_ms / 1000:>10.1f}{a.mean_ms:>10.1f}{a.max_ms:>10.1f}  {a.sample[:70]}")

    suspects = n_plus_one(aggs, args.n1_threshold)
    if suspects:
        print("\npossible N+1 queries (max executions in a single request):")
        for key, a, worst in suspects[: args.top]:
            print(f"  {key} x{worst:<5} {a.sample[:90]}")
    print(f"\n{len(aggs)} distinct statements in {len(args.paths)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
