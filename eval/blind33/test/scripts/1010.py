#!/usr/bin/env python3
"""Summarise Suricata EVE output produced by replaying the lab captures.

Reads one or more eve.json files (default: build/suricata/**/eve.json),
which can be large, line by line and prints:

  * alert counts per signature and severity
  * top source/destination pairs for alerts
  * DNS query names that look like tunnelling (long labels, high entropy)
  * TLS SNI values and JA3 hashes seen
  * flows with the most bytes

With --baseline FILE the per-signature counts are compared to a committed
baseline (tests/ids/baseline.json) and the exit code is 1 when a signature
appears or disappears, so rule changes are visible in CI.
"""
from __future__ import annotations

import argparse
import collections
import gzip
import json
import math
import sys
from pathlib import Path
from typing import IO, Iterator

PROJECT = Path(__file__).resolve().parent.parent
DEFAULT_GLOB = "build/suricata/**/eve.json*"


def open_any(path: Path) -> IO[str]:
    if path.suffix == ".gz":
        return gzip.open(path, mode="rt", encoding="utf-8", errors="replace")
    return path.open("r", encoding="utf-8", errors="replace")


def events(paths: list[Path]) -> Iterator[dict]:
    for path in paths:
        with open_any(path) as handle:
            for n, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    print(f"warning: {path}:{n} is not JSON", file=sys.stderr)


def shannon(label: str) -> float:
    if not label:
        return 0.0
    counts = collections.Counter(label)
    total = len(label)
    return -sum(c / total * math.log2(c / total) for c in counts.values())


def suspicious_dns(name: str) -> bool:
    labels = name.rstrip(".").split(".")
    longest = max((len(l) for l in labels), default=0)
    first = labels[0] if labels else ""
    return longest >= 40 or (len(first) >= 20 and shannon(first) > 3.8)


class Summary:
    def __init__(self) -> None:
        self.by_type: collections.Counter[str] = collections.Counter()
        self.signatures: collections.Counter[tuple[int, str, int]] = collections.Counter()
        self.pairs: collections.Counter[tuple[str, str]] = collections.Counter()
        self.dns_suspicious: collections.Counter[str] = collections.Counter()
        self.sni: collections.Counter[str] = collections.Counter()
        self.ja3: collections.Counter[str] = collections.Counter()
        self.flows: list[tuple[int, str]] = []

    def add(self, ev: dict) -> None:
        kind = ev.get("event_type", "?")
        self.by_type[kind] += 1
        if kind == "alert":
            a = ev.get("alert", {})
            self.signatures[(a.get("signature_id", 0), a.get("signature", "?"), a.get("severity", 0))] += 1
            self.pairs[(ev.get("src_ip", "?"), ev.get("dest_ip", "?"))] += 1
        elif kind == "dns":
            name = (ev.get("dns", {}).get("rrname") or "").lower()
            if name and suspicious_dns(name):
                self.dns_suspicious[name] += 1
        elif kind == "tls":
            tls = ev.get("tls", {})
            if tls.get("sni"):
                self.sni[tls["sni"]] += 1
            if tls.get("ja3", {}).get("hash"):
                self.ja3[tls["ja3"]["hash"]] += 1
        elif kind == "flow":
            flow = ev.get("flow", {})
            total = int(flow.get("bytes_toserver", 0)) + int(flow.get("bytes_toclient", 0))
            desc = f"{ev.get('src_ip')}:{ev.get('src_port')} -> {ev.get('dest_ip')}:{ev.get('dest_port')} {ev.get('proto')}"
            self.flows.append((total, desc))
            if len(self.flows) > 2000:
                self.flows = sorted(self.flows, reverse=True)[:200]

    def signature_counts(self) -> dict[str, int]:
        return {str(sid): n for (sid, _sig, _sev), n in self.signatures.items()}


def print_section(title: str, rows: list[tuple[object, int]] | list[tuple[int, str]]) -> None:
    if not rows:
        return
    print(f"\n{title}")
    for a, b in rows:
        print(f"  {b!s:>8}  {a}" if isinstance(b, int) else f"  {a!s:>12}  {b}")


def severity_table(summary: Summary) -> list[tuple[str, int]]:
    """Alert totals by severity (1 = high) for the one-line CI summary."""
    totals: collections.Counter[int] = collections.Counter()
    for (_sid, _sig, sev), n in summary.signatures.items():
        totals[sev] += n
    names = {1: "high", 2: "medium", 3: "low"}
    return [(names.get(sev, f"sev{sev}"), totals[sev]) for sev in sorted(totals)]


def markdown_report(summary: Summary, top: int) -> str:
    lines = ["## Suricata replay", "", "| sid | signature | severity | alerts |", "|---|---|---|---|"]
    for (sid, sig, sev), n in summary.signatures.most_common(top):
        lines.append(f"| {sid} | {sig.replace('|', '/')} | {sev} | {n} |")
    if summary.dns_suspicious:
        lines += ["", "Suspicious DNS names:", ""]
        lines += [f"- `{name}` ({n})" for name, n in summary.dns_suspicious.most_common(top)]
    return "\n".join(lines) + "\n"


def compare_baseline(summary: Summary, baseline_path: Path) -> int:
    baseline = json.loads(baseline_path.read_text(encoding="utf-8"))
    current = summary.signature_counts()
    appeared = sorted(set(current) - set(baseline))
    vanished = sorted(set(baseline) - set(current))
    for sid in appeared:
        print(f"new signature {sid}: {current[sid]} alert(s)")
    for sid in vanished:
        print(f"signature {sid} no longer fires (baseline {baseline[sid]})")
    return 1 if appeared or vanished else 0


def main() -> int:
    parser = argparse.ArgumentParser(description="Suricata EVE summary")
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--baseline", type=Path)
    parser.add_argument("--write-baseline", type=Path)
    args = parser.parse_args()

    files = args.files or sorted(PROJECT.glob(DEFAULT_GLOB))
    if not files:
        print("no eve.json files found; run the replay first", file=sys.stderr)
        return 2
    summary = Summary()
    for ev in events(files):
        summary.add(ev)

    print("events by type: " + ", ".join(f"{k}={v}" for k, v in summary.by_type.most_common()))
    print("alerts by severity: " + (", ".join(f"{k}={v}" for k, v in severity_table(summary)) or "none"))
    report = PROJECT / "build" / "suricata" / "summary.md"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(markdown_report(summary, args.top), encoding="utf-8")
    sigs = [(f"[{sev}] {sid} {sig}", n) for (sid, sig, sev), n in summary.signatures.most_common(args.top)]
    print_section("alerts by signature", sigs)
    print_section("alert pairs", [(f"{s} -> {d}", n) for (s, d), n in summary.pairs.most_common(args.top)])
    print_section("suspicious DNS names", summary.dns_suspicious.most_common(args.top))
    print_section("TLS SNI", summary.sni.most_common(args.top))
    print_section("JA3 hashes", summary.ja3.most_common(args.top))
    print_section("largest flows (bytes)", sorted(summary.flows, reverse=True)[: args.top])

    if args.write_baseline:
        args.write_baseline.parent.mkdir(parents=True, exist_ok=True)
        args.write_baseline.write_text(json.dumps(summary.signature_counts(), indent=2, sort_keys=True) + "\n")
        print(f"\nbaseline written to {args.write_baseline}")
    if args.baseline:
        return compare_baseline(summary, args.baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
