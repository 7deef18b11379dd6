#!/usr/bin/env python3
"""Detect schema drift between schema/scylla/*.cql and the local ScyllaDB node.

The checked-in CQL files are the source of truth.  This tool parses the CREATE
TABLE / CREATE TYPE / CREATE INDEX statements, reads system_schema from the
node in docker compose (127.0.0.1:9042), and prints:

  + objects defined in the files but missing on the node
  - objects on the node that no file defines
  ~ tables whose columns or primary keys differ

`--apply-missing` creates the missing objects on the node, but only when the
keyspace ends in `_dev` and the contact point is a loopback address.  Nothing
is ever dropped or altered; differences in existing tables are reported only.
"""
import argparse
import json
import re
import sys
from collections import OrderedDict
from pathlib import Path

from cassandra.cluster import Cluster
from cassandra.policies import RoundRobinPolicy

REPO = Path(__file__).resolve().parent.parent
SCHEMA_DIR = REPO / "schema" / "scylla"
LOOPBACK = ("127.0.0.1", "::1", "localhost")

CREATE_TABLE = re.compile(
    r"CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:(\w+)\.)?(\w+)\s*\((.*?)\)\s*(?:WITH[^;]*)?;",
    re.IGNORECASE | re.DOTALL,
)
CREATE_TYPE = re.compile(
    r"CREATE\s+TYPE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:(\w+)\.)?(\w+)\s*\((.*?)\)\s*;",
    re.IGNORECASE | re.DOTALL,
)
CREATE_INDEX = re.compile(
    r"CREATE\s+INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)\s+ON\s+(?:(\w+)\.)?(\w+)\s*\(([^)]*)\)\s*;",
    re.IGNORECASE,
)


def split_columns(body):
    """Split a column list on commas that are not inside <> or ()."""
    parts, depth, current = [], 0, []
    for ch in body:
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    if "".join(current).strip():
        parts.append("".join(current).strip())
    return parts


def parse_table(body):
    columns = OrderedDict()
    primary = None
    for part in split_columns(body):
        if part.upper().startswith("PRIMARY KEY"):
            primary = re.sub(r"\s+", "", part[len("PRIMARY KEY"):]).strip("()")
            continue
        name, _, rest = part.partition(" ")
        ctype = rest.replace("PRIMARY KEY", "").strip().lower()
        columns[name.lower()] = re.sub(r"\s+", "", ctype)
        if "PRIMARY KEY" in rest.upper():
            primary = name.lower()
    return columns, primary


def load_files(keyspace):
    tables, types, indexes, sources = {}, {}, {}, {}
    for path in sorted(SCHEMA_DIR.glob("*.cql")):
        text = re.sub(r"--[^\n]*", "", path.read_text(encoding="utf-8"))
        for m in CREATE_TYPE.finditer(text):
            if (m.group(1) or keyspace) == keyspace:
                types[m.group(2).lower()] = m.group(0)
                sources[("type", m.group(2).lower())] = path.name
        for m in CREATE_TABLE.finditer(text):
            if (m.group(1) or keyspace) == keyspace:
                name = m.group(2).lower()
                tables[name] = (parse_table(m.group(3)), m.group(0))
                sources[("table", name)] = path.name
        for m in CREATE_INDEX.finditer(text):
            if (m.group(2) or keyspace) == keyspace:
                indexes[m.group(1).lower()] = m.group(0)
                sources[("index", m.group(1).lower())] = path.name
    return tables, types, indexes, sources


def load_live(session, keyspace):
    tables = {}
    rows = session.execute(
        "SELECT table_name, column_name, type, kind, position FROM system_schema.columns "
        "WHERE keyspace_name = %s", (keyspace,))
    grouped = {}
    for r in rows:
        grouped.setdefault(r.table_name, []).append(r)
    for table, cols in grouped.items():
        columns = OrderedDict((c.column_name, c.type.replace(" ", "")) for c in cols)
        pk = sorted((c for c in cols if c.kind == "partition_key"), key=lambda c: c.position)
        ck = sorted((c for c in cols if c.kind == "clustering"), key=lambda c: c.position)
        part = ",".join(c.column_name for c in pk)
        primary = f"({part})" if len(pk) > 1 else part
        if ck:
            primary = primary + "," + ",".join(c.column_name for c in ck)
        tables[table] = (columns, primary)
    types = {r.type_name for r in session.execute(
        "SELECT type_name FROM system_schema.types WHERE keyspace_name = %s", (keyspace,))}
    indexes = {r.index_name for r in session.execute(
        "SELECT index_name FROM system_schema.indexes WHERE keyspace_name = %s", (keyspace,))}
    return tables, types, indexes


def normalise_pk(pk):
    return (pk or "").replace(" ", "").lower()


def diff(files, live):
    f_tables, f_types, f_indexes, _ = files
    l_tables, l_types, l_indexes = live
    report = {"missing": [], "extra": [], "changed": []}
    for name in f_types:
        if name not in l_types:
            report["missing"].append(("type", name))
    for name, ((cols, pk), _stmt) in f_tables.items():
        if name not in l_tables:
            report["missing"].append(("table", name))
            continue
        live_cols, live_pk = l_tables[name]
        changes = []
        for col, ctype in cols.items():
            if col not in live_cols:
                changes.append(f"column {col} missing on node")
            elif live_cols[col] != ctype:
                changes.append(f"column {col}: file {ctype}, node {live_cols[col]}")
        for col in live_cols:
            if col not in cols:
                changes.append(f"column {col} only on node")
        if normalise_pk(pk) != normalise_pk(live_pk):
            changes.append(f"primary key: file ({pk}), node ({live_pk})")
        if changes:
            report["changed"].append((name, changes))
    for name in f_indexes:
        if name not in l_indexes:
            report["missing"].append(("index", name))
    for name in l_tables:
        if name not in f_tables:
            report["extra"].append(("table", name))
    return report


def apply_missing(session, keyspace, files, missing):
    f_tables, f_types, f_indexes, _ = files
    session.set_keyspace(keyspace)
    # types first, then tables, then indexes: later objects depend on earlier ones
    order = {"type": 0, "table": 1, "index": 2}
    for kind, name in sorted(missing, key=lambda item: order[item[0]]):
        if kind == "type":
            stmt = f_types[name]
        elif kind == "table":
            stmt = f_tables[name][1]
        else:
            stmt = f_indexes[name]
        print(f"creating {kind} {name}")
        session.execute(stmt, timeout=120)


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1", help="contact point (loopback only)")
    ap.add_argument("--keyspace", default="telemetry_dev")
    ap.add_argument("--apply-missing", action="store_true")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args()

    files = load_files(args.keyspace)
    cluster = Cluster([args.host], load_balancing_policy=RoundRobinPolicy(), protocol_version=4)
    session = cluster.connect()
    try:
        live = load_live(session, args.keyspace)
        report = diff(files, live)
        if args.json:
            print(json.dumps(report, indent=2))
        else:
            sources = files[3]
            for kind, name in report["missing"]:
                print(f"+ {kind} {name} ({sources.get((kind, name), '?')})")
            for kind, name in report["extra"]:
                print(f"- {kind} {name} (not in schema/scylla)")
            for name, changes in report["changed"]:
                print(f"~ table {name}")
                for c in changes:
                    print(f"    {c}")
        if args.apply_missing and report["missing"]:
            if not args.keyspace.endswith("_dev") or args.host not in LOOPBACK:
                print("--apply-missing only runs against a *_dev keyspace on a loopback node", file=sys.stderr)
                return 2
            apply_missing(session, args.keyspace, files, report["missing"])
    finally:
        cluster.shutdown()
    drift = report["missing"] or report["extra"] or report["changed"]
    return 1 if drift and not args.apply_missing else 0


if __name__ == "__main__":
    sys.exit(main())
