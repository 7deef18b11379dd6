#!/usr/bin/env python3
"""Manage the Milvus collections that the search service uses in development.

Talks to the Milvus v2 RESTful API of the standalone container started by
``docker compose up milvus`` (MILVUS_URI, default http://localhost:19530).

Subcommands
    status                 list collections with row counts and load state
    create <name>          create a collection from search/milvus_schema.json
    load <name>            load a collection into memory
    reset <name> --yes     drop and re-create one of *our* collections
    import <name> FILE     insert rows from a JSONL file in batches

Only collections whose name starts with one of OWN_PREFIXES can be dropped,
and only when MILVUS_URI points at this machine. The shared Milvus at
milvus.internal is never written to by this helper.
"""
from __future__ import annotations

import argparse
import ipaddress
import json
import os
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterable, Iterator

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SCHEMA_FILE = PROJECT_ROOT / "search" / "milvus_schema.json"
OWN_PREFIXES = ("dev_", "it_", "bench_")
DEFAULT_URI = "http://localhost:19530"


class MilvusError(RuntimeError):
    """Raised when the REST API returns a non-zero code."""


def is_this_machine(uri: str) -> bool:
    host = urllib.request.urlparse(uri).hostname or ""
    if host in {"localhost", "milvus"}:
        return True
    try:
        return ipaddress.ip_address(socket.gethostbyname(host)).is_loopback
    except (OSError, ValueError):
        return False


class MilvusRest:
    def __init__(self, uri: str, token: str | None, attempts: int = 5) -> None:
        self.uri = uri.rstrip("/")
        self.token = token
        self.attempts = attempts

    def call(self, route: str, payload: dict[str, Any]) -> Any:
        body = json.dumps(payload).encode("utf-8")
        hdrs = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.token:
            hdrs["Authorization"] = "Bearer " + self.token
        wait = 0.25
        last: Exception | None = None
        for attempt in range(self.attempts):
            request = urllib.request.Request(f"{self.uri}/v2/vectordb{route}", data=body, headers=hdrs)
            try:
                with urllib.request.urlopen(request, timeout=20) as response:
                    doc = json.loads(response.read() or b"{}")
            except (urllib.error.URLError, ConnectionError) as exc:
                last = exc
                time.sleep(wait)
                wait = min(wait * 2, 4.0)
                continue
            if doc.get("code", 0) not in (0, 200):
                raise MilvusError(f"{route}: {doc.get('message', doc)}")
            return doc.get("data")
        raise MilvusError(f"{route}: giving up after {self.attempts} attempts ({last})")

    def collections(self) -> list[str]:
        return sorted(self.call("/collections/list", {}) or [])

    def describe(self, name: str) -> dict[str, Any]:
        return self.call("/collections/describe", {"collectionName": name}) or {}

    def row_count(self, name: str) -> int:
        data = self.call("/collections/get_stats", {"collectionName": name}) or {}
        return int(data.get("rowCount", 0))

    def load_state(self, name: str) -> str:
        data = self.call("/collections/get_load_state", {"collectionName": name}) or {}
        return str(data.get("loadState", "unknown"))

    def drop(self, name: str) -> None:
        self.call("/collections/drop", {"collectionName": name})

    def create(self, name: str, schema: dict[str, Any], index_params: list[dict[str, Any]]) -> None:
        self.call("/collections/create", {"collectionName": name, "schema": schema, "indexParams": index_params})

    def load(self, name: str) -> None:
        self.call("/collections/load", {"collectionName": name})

    def insert(self, name: str, rows: list[dict[str, Any]]) -> int:
        data = self.call("/entities/insert", {"collectionName": name, "data": rows}) or {}
        return int(data.get("insertCount", len(rows)))


def read_schema() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    with SCHEMA_FILE.open(encoding="utf-8") as handle:
        spec = json.load(handle)
    fields = spec.get("fields", [])
    if not any(f.get("isPrimary") for f in fields):
        raise SystemExit(f"{SCHEMA_FILE.name}: no primary key field")
    vector_fields = [f for f in fields if f.get("dataType", "").endswith("Vector")]
    if not vector_fields:
        raise SystemExit(f"{SCHEMA_FILE.name}: no vector field")
    return {"autoId": spec.get("autoId", False), "fields": fields}, spec.get("indexParams", [])


def chunked(rows: Iterable[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    batch: list[dict[str, Any]] = []
    for row in rows:
        batch.append(row)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for lineno, line in enumerate(handle, 1):
            line = line.strip()
            if not line:
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{lineno}: {exc}") from exc


def ensure_ours(name: str, uri: str) -> None:
    if not name.startswith(OWN_PREFIXES):
        raise SystemExit(f"{name!r} is not a project collection (prefixes: {', '.join(OWN_PREFIXES)})")
    if not is_this_machine(uri):
        raise SystemExit(f"refusing to modify collections on {uri}; point MILVUS_URI at the local container")


def cmd_status(api: MilvusRest, _args: argparse.Namespace) -> int:
    names = api.collections()
    if not names:
        print("no collections")
        return 0
    width = max(len(n) for n in names)
    for name in names:
        try:
            rows = api.row_count(name)
            state = api.load_state(name)
        except MilvusError as exc:
            print(f"{name:<{width}}  error: {exc}")
            continue
        print(f"{name:<{width}}  {rows:>10,} rows  {state}")
    return 0


def cmd_create(api: MilvusRest, args: argparse.Namespace) -> int:
    ensure_ours(args.name, api.uri)
    if args.name in api.collections():
        print(f"{args.name} already exists")
        return 0
    schema, index_params = read_schema()
    api.create(args.name, schema, index_params)
    print(f"created {args.name} with {len(schema['fields'])} fields")
    return 0


def cmd_load(api: MilvusRest, args: argparse.Namespace) -> int:
    api.load(args.name)
    for _ in range(60):
        state = api.load_state(args.name)
        if state.endswith("Loaded"):
            print(f"{args.name}: {state}")
            return 0
        time.sleep(1)
    print(f"{args.name}: still {state} after 60s", file=sys.stderr)
    return 1


def cmd_reset(api: MilvusRest, args: argparse.Namespace) -> int:
    ensure_ours(args.name, api.uri)
    if not args.yes:
        print(f"would drop and re-create {args.name} on {api.uri}; pass --yes")
        return 0
    if args.name in api.collections():
        api.drop(args.name)
        print(f"dropped {args.name}")
    return cmd_create(api, args)


def cmd_import(api: MilvusRest, args: argparse.Namespace) -> int:
    ensure_ours(args.name, api.uri)
    total = 0
    started = time.monotonic()
    for batch in chunked(read_jsonl(args.file), args.batch):
        total += api.insert(args.name, batch)
        print(f"\r{total:,} rows", end="", flush=True)
    elapsed = time.monotonic() - started
    print(f"\ninserted {total:,} rows into {args.name} in {elapsed:.1f}s")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="milvus_dev", description="Milvus helper for local development")
    parser.add_argument("--uri", default=os.environ.get("MILVUS_URI", DEFAULT_URI))
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("status").set_defaults(func=cmd_status)
    for name, func in (("create", cmd_create), ("load", cmd_load)):
        p = sub.add_parser(name)
        p.add_argument("name")
        p.set_defaults(func=func)
    p = sub.add_parser("reset")
    p.add_argument("name")
    p.add_argument("--yes", action="store_true")
    p.set_defaults(func=cmd_reset)
    p = sub.add_parser("import")
    p.add_argument("name")
    p.add_argument("file", type=Path)
    p.add_argument("--batch", type=int, default=500)
    p.set_defaults(func=cmd_import)
    return parser


def main(cli_args: list[str] | None = None) -> int:
    args = build_parser().parse_args(cli_args)
    api = MilvusRest(args.uri, os.environ.get("MILVUS_TOKEN"))
    try:
        return args.func(api, args)
    except MilvusError as exc:
        print(f"milvus: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
