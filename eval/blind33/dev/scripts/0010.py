#!/usr/bin/env python3
"""Summarise Zeek logs produced from the packet captures in captures/.

For every *.pcap under captures/ (or the files given on the command line) the
script runs `zeek -C -r <pcap> local` inside a fresh working directory under
build/zeek/<name>/, then reads conn.log, dns.log, http.log and notice.log
(TSV or JSON) and prints the top talkers, queried domains, HTTP hosts and
notices. The per-capture working directory is removed first so results are
never mixed between runs.
"""
from __future__ import annotations

import argparse
import collections
import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

PROJECT = Path(__file__).resolve().parents[1]
CAPTURES = PROJECT / "captures"
OUT_ROOT = PROJECT / "build" / "zeek"
LOGS = ("conn", "dns", "http", "notice", "ssl", "weird")


def open_log(path: Path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, encoding="utf-8", errors="replace")


def read_zeek_log(path: Path) -> Iterator[dict]:
    """Yield records from a Zeek TSV or JSON log."""
    with open_log(path) as fh:
        first = fh.readline()
        if first.startswith("{"):
            yield json.loads(first)
            for line in fh:
                if line.strip():
                    yield json.loads(line)
            return
        fields: list[str] = []
        sep = "\t"
        line = first
        while line:
            if line.startswith("#separator"):
                sep = line.split(" ", 1)[1].strip().encode().decode("unicode_escape")
            elif line.startswith("#fields"):
                fields = line.rstrip("\n").split(sep)[1:]
            elif not line.startswith("#") and fields:
                values = line.rstrip("\n").split(sep)
                yield {k: (None if v in ("-", "(empty)") else v) for k, v in zip(fields, values)}
            line = fh.readline()


def run_zeek(pcap: Path, workdir: Path, script: str, json_logs: bool) -> None:
    if workdir.exists():
        if OUT_ROOT not in workdir.parents:
            raise SystemExit(f"refusing to clear {workdir}: not under {OUT_ROOT}")
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    cmd = ["zeek", "-C", "-r", str(pcap), script]
    if json_logs:
        cmd.append("LogAscii::use_json=T")
    proc = subprocess.run(cmd, cwd=workdir, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"zeek failed on {pcap.name}: {proc.stderr.strip()[-500:]}")


def find_log(workdir: Path, name: str) -> Path | None:
    for candidate in (workdir / f"{name}.log", workdir / f"{name}.log.gz"):
        if candidate.exists():
            return candidate
    return None


def summarise(workdir: Path, top: int) -> dict:
    summary: dict = {}
    conn = find_log(workdir, "conn")
    if conn:
        talkers = collections.Counter()
        ports = collections.Counter()
        total_bytes = 0
        for rec in read_zeek_log(conn):
            orig = rec.get("id.orig_h")
            resp_p = rec.get("id.resp_p")
            b = int(rec.get("orig_bytes") or 0) + int(rec.get("resp_bytes") or 0)
            total_bytes += b
            if orig:
                talkers[orig] += b
            if resp_p:
                ports[f"{resp_p}/{rec.get('proto')}"] += 1
        summary["bytes"] = total_bytes
        summary["top_talkers"] = talkers.most_common(top)
        summary["top_ports"] = ports.most_common(top)
    dns = find_log(workdir, "dns")
    if dns:
        queries = collections.Counter()
        nx = 0
        for rec in read_zeek_log(dns):
            q = rec.get("query")
            if q:
                queries[q.lower()] += 1
            if rec.get("rcode_name") == "NXDOMAIN":
                nx += 1
        summary["top_queries"] = queries.most_common(top)
        summary["nxdomain"] = nx
        summary["long_queries"] = sorted({q for q in queries if len(q) > 60})[:top]
    http = find_log(workdir, "http")
    if http:
        hosts = collections.Counter()
        agents = collections.Counter()
        for rec in read_zeek_log(http):
            if rec.get("host"):
                hosts[rec["host"]] += 1
            if rec.get("user_agent"):
                agents[rec["user_agent"][:60]] += 1
        summary["http_hosts"] = hosts.most_common(top)
        summary["user_agents"] = agents.most_common(top)
    notice = find_log(workdir, "notice")
    if notice:
        summary["notices"] = collections.Counter(r.get("note") for r in read_zeek_log(notice)).most_common(top)
    weird = find_log(workdir, "weird")
    if weird:
        summary["weird"] = collections.Counter(r.get("name") for r in read_zeek_log(weird)).most_common(top)
    return summary


def print_summary(name: str, s: dict) -> None:
    print(f"=== {name}")
    if "bytes" in s:
        print(f"  total bytes: {s['bytes']:,}")
    for key, title in (("top_talkers", "top talkers (bytes)"), ("top_ports", "top ports"),
                       ("top_queries", "top DNS queries"), ("http_hosts", "HTTP hosts"),
                       ("user_agents", "user agents"), ("notices", "notices"), ("weird", "weird")):
        rows = s.get(key)
        if not rows:
            continue
        print(f"  {title}:")
        for value, count in rows:
            print(f"    {count:>10}  {value}")
    if s.get("nxdomain"):
        print(f"  NXDOMAIN answers: {s['nxdomain']}")
    if s.get("long_queries"):
        print("  unusually long DNS names (possible tunnelling):")
        for q in s["long_queries"]:
            print(f"    {q}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pcaps", nargs="*", type=Path)
    ap.add_argument("--script", default="local", help="zeek script/package to load (default: local)")
    ap.add_argument("--json-logs", action="store_true")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--reuse", action="store_true", help="do not rerun zeek if logs exist")
    ap.add_argument("--out", type=Path, help="write all summaries as JSON here")
    args = ap.parse_args()

    if shutil.which("zeek") is None:
        print("zeek not found; install it or use the devcontainer", file=sys.stderr)
        return 2
    pcaps = args.pcaps or sorted(CAPTURES.glob("*.pcap*"))
    if not pcaps:
        print("no captures found", file=sys.stderr)
        return 1
    results = {}
    for pcap in pcaps:
        workdir = OUT_ROOT / pcap.name.split(".")[0]
        try:
            if not (args.reuse and find_log(workdir, "conn")):
                run_zeek(pcap.resolve(), workdir, args.script, args.json_logs)
        except RuntimeError as exc:
            print(exc, file=sys.stderr)
            continue
        results[pcap.name] = summarise(workdir, args.top)
        print_summary(pcap.name, results[pcap.name])
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=2))
    return 0 if results else 1


if __name__ == "__main__":
    sys.exit(main())
