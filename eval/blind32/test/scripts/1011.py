#!/usr/bin/env python3
"""Run the N1QL queries of the catalog service through the local Couchbase
index advisor and write a report of missing or unused indexes.

Queries are collected from queries/n1ql/*.n1ql (one statement per file, with
`$param` placeholders filled from a sibling .json).  For each query the script
runs EXPLAIN and ADVISE against the query service on 127.0.0.1:8093, using the
credentials from .env.  Existing indexes come from system:indexes; indexes
never chosen by any EXPLAIN plan are listed as unused.

Nothing is created or dropped: the advisor's CREATE INDEX suggestions are
written to build/n1ql-advice.sql for a human to review.
"""
import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).absolute().parent.parent
QUERY_DIR = ROOT / "queries" / "n1ql"
REPORT = ROOT / "build" / "n1ql-advice.md"
ADVICE_SQL = ROOT / "build" / "n1ql-advice.sql"
QUERY_SERVICE = "http://127.0.0.1:8093/query/service"


def credentials():
    values = {}
    env_path = ROOT / ".env"
    if env_path.exists():
        for line in env_path.read_text(encoding="utf-8").splitlines():
            m = re.match(r"^(CB_[A-Z_]+)=(.*)$", line.strip())
            if m:
                values[m.group(1)] = m.group(2).strip('"')
    user = os.environ.get("CB_USER", values.get("CB_USER", "Administrator"))
    password = os.environ.get("CB_PASSWORD", values.get("CB_PASSWORD", "password"))
    return user, password


class QueryService:
    def __init__(self, auth):
        self.http = requests.Session()
        self.http.auth = auth

    def run(self, statement, params=None):
        body = {"statement": statement, "timeout": "30s"}
        for name, value in (params or {}).items():
            body[f"${name}"] = value
        for attempt in range(4):
            resp = self.http.post(QUERY_SERVICE, json=body, timeout=40)
            if resp.status_code == 503:
                time.sleep(1 + attempt)
                continue
            data = resp.json()
            if data.get("status") != "success":
                raise RuntimeError("; ".join(e.get("msg", "") for e in data.get("errors", [])))
            return data["results"]
        raise RuntimeError("query service unavailable")


def load_queries():
    queries = []
    for path in sorted(QUERY_DIR.glob("*.n1ql")):
        statement = path.read_text(encoding="utf-8").strip().rstrip(";")
        params_file = path.with_suffix(".json")
        params = json.loads(params_file.read_text()) if params_file.exists() else {}
        queries.append({"name": path.stem, "statement": statement, "params": params})
    return queries


def indexes_in_plan(plan):
    found = set()

    def walk(node):
        if isinstance(node, dict):
            if node.get("#operator", "").startswith(("IndexScan", "PrimaryScan", "IndexCountScan")):
                found.add(node.get("index"))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(plan)
    found.discard(None)
    return found


def uses_primary(plan):
    return "PrimaryScan" in json.dumps(plan)


def advise(service, query):
    explain = service.run(f"EXPLAIN {query['statement']}", query["params"])
    plan = explain[0]["plan"] if explain else {}
    advice = service.run(f"ADVISE {query['statement']}", query["params"])
    suggestions = []
    for item in advice:
        rec = item.get("advice", {}).get("adviseinfo", {}).get("recommended_indexes", {})
        for idx in rec.get("indexes", []) if isinstance(rec, dict) else []:
            suggestions.append(idx.get("index_statement"))
        for idx in rec.get("covering_indexes", []) if isinstance(rec, dict) else []:
            suggestions.append(idx.get("index_statement"))
    return {
        "name": query["name"],
        "indexes_used": sorted(indexes_in_plan(plan)),
        "primary_scan": uses_primary(plan),
        "suggestions": [s for s in suggestions if s],
    }


def existing_indexes(service, bucket):
    rows = service.run(
        "SELECT RAW i.name FROM system:indexes AS i WHERE i.keyspace_id = $b OR i.bucket_id = $b",
        {"b": bucket})
    return set(rows)


def index_sizes(service, names):
    """Approximate item counts per index from system:indexes metadata (if exposed)."""
    if not names:
        return {}
    rows = service.run("SELECT i.name, i.state FROM system:indexes AS i WHERE i.name IN $names",
                       {"names": sorted(names)})
    return {r["name"]: r.get("state", "?") for r in rows}


def print_unused(unused, states):
    for name in sorted(unused):
        print(f"  unused index {name} (state {states.get(name, '?')})")


def write_report(results, unused, bucket):
    lines = [f"# N1QL index advice for `{bucket}`", "",
             "| query | indexes used | primary scan | suggestions |", "|---|---|---|---:|"]
    for r in results:
        lines.append(f"| {r['name']} | {', '.join(r['indexes_used']) or '-'} | "
                     f"{'yes' if r['primary_scan'] else 'no'} | {len(r['suggestions'])} |")
    lines += ["", "## Indexes not used by any query", ""]
    lines += [f"- {name}" for name in sorted(unused)] or ["- none"]
    REPORT.parent.mkdir(exist_ok=True, parents=True)
    REPORT.write_text("\n".join(lines) + "\n")
    statements = sorted({s for r in results for s in r["suggestions"]})
    ADVICE_SQL.write_text("-- review before applying; generated by tools/n1ql_advice.py\n" +
                          "".join(f"{s};\n" for s in statements))
    return len(statements)


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--bucket", default="catalog-dev")
    ap.add_argument("--only", help="substring filter on query names")
    args = ap.parse_args()

    service = QueryService(credentials())
    queries = [q for q in load_queries() if not args.only or args.only in q["name"]]
    if not queries:
        print("no queries found", file=sys.stderr)
        return 2
    results, failures = [], 0
    for q in queries:
        try:
            results.append(advise(service, q))
        except RuntimeError as exc:
            failures += 1
            print(f"{q['name']}: {exc}", file=sys.stderr)
    used = {name for r in results for name in r["indexes_used"]}
    unused = existing_indexes(service, args.bucket) - used - {"#primary"}
    n = write_report(results, unused, args.bucket)
    primaries = [r["name"] for r in results if r["primary_scan"]]
    print(f"{len(results)} queries analysed, {len(primaries)} use a primary scan, "
          f"{len(unused)} unused index(es), {n} suggestion(s)")
    for name in primaries:
        print(f"  primary scan: {name}")
    print_unused(unused, index_sizes(service, unused))
    print(f"report: {REPORT.relative_to(ROOT)}, suggestions: {ADVICE_SQL.relative_to(ROOT)}")
    return 1 if failures or primaries else 0


if __name__ == "__main__":
    sys.exit(main())
