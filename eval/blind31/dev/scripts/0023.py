#!/usr/bin/env python3
"""Seed the ArangoDB dev/test database from fixtures/arango/*.json.

    python tools/seed_arango.py                    # seed shop_dev on the local server
    python tools/seed_arango.py --db shop_test --recreate
    python tools/seed_arango.py --check            # only verify counts

Safety rules (the same ARANGO_* variables are used for staging in CI):
  * the endpoint must be localhost / 127.0.0.1 / the compose service name,
  * the database name must end in _dev or _test,
  * --recreate drops and recreates only that database.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from arango import ArangoClient
from arango.exceptions import ArangoServerError, ServerConnectionError

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "arango"
LOCAL = {"localhost", "127.0.0.1", "arangodb"}
SUFFIXES = ("_dev", "_test")

SCHEMA = {
    "documents": ["customers", "products", "orders", "warehouses"],
    "edges": {"purchased": ("customers", "products"), "stocked_at": ("products", "warehouses")},
    "indexes": {
        "customers": [{"type": "persistent", "fields": ["email"], "unique": True}],
        "orders": [{"type": "persistent", "fields": ["customer", "created"]}],
        "products": [{"type": "inverted", "fields": [{"name": "title"}], "name": "title_search"}],
    },
    "graph": "shop",
}


def env_settings() -> dict[str, str]:
    settings = {
        "ARANGO_URL": "http://127.0.0.1:8529",
        "ARANGO_USER": "root",
        "ARANGO_PASSWORD": "",
    }
    env_path = ROOT / ".env"
    if env_path.exists():
        for line in env_path.read_text().splitlines():
            key, sep, value = line.partition("=")
            if sep and key.strip() in settings:
                settings[key.strip()] = value.strip().strip("'\"")
    for key in settings:
        settings[key] = os.environ.get(key, settings[key])
    return settings


def guard(url: str, db_name: str) -> None:
    host = urlparse(url).hostname
    if host not in LOCAL:
        raise SystemExit(f"refusing to seed {host}: only {', '.join(sorted(LOCAL))}")
    if not db_name.endswith(SUFFIXES):
        raise SystemExit(f"refusing to seed database {db_name!r}: name must end with {SUFFIXES}")


def connect(url: str, user: str, password: str, attempts: int = 8):
    client = ArangoClient(hosts=url, request_timeout=30)
    sys_db = client.db("_system", username=user, password=password)
    delay = 0.5
    for attempt in range(1, attempts + 1):
        try:
            version = sys_db.version()
            print(f"connected to ArangoDB {version} at {url}")
            return client, sys_db
        except (ServerConnectionError, ArangoServerError) as exc:
            if attempt == attempts:
                raise SystemExit(f"ArangoDB not reachable: {exc}")
            print(f"waiting for ArangoDB ({attempt}/{attempts})…")
            time.sleep(delay)
            delay = min(delay * 2, 8)
    raise AssertionError("unreachable")


def ensure_database(sys_db, name: str, recreate: bool) -> None:
    if recreate and sys_db.has_database(name):
        print(f"dropping {name}")
        sys_db.delete_database(name)
    if not sys_db.has_database(name):
        print(f"creating {name}")
        sys_db.create_database(name)


def ensure_schema(db) -> None:
    for name in SCHEMA["documents"]:
        if not db.has_collection(name):
            db.create_collection(name)
    if not db.has_graph(SCHEMA["graph"]):
        definitions = [
            {"edge_collection": edge, "from_vertex_collections": [src], "to_vertex_collections": [dst]}
            for edge, (src, dst) in SCHEMA["edges"].items()
        ]
        db.create_graph(SCHEMA["graph"], edge_definitions=definitions)
    for coll, indexes in SCHEMA["indexes"].items():
        existing = {tuple(str(f) for f in ix.get("fields", [])) for ix in db.collection(coll).indexes()}
        for ix in indexes:
            if tuple(str(f) for f in ix["fields"]) in existing:
                continue
            db.collection(coll).add_index(dict(ix))


def load_fixture(name: str) -> list[dict]:
    path = FIXTURES / f"{name}.json"
    if not path.exists():
        return []
    docs = json.loads(path.read_text())
    for doc in docs:
        if "_key" not in doc and "id" in doc:
            doc["_key"] = str(doc.pop("id"))
    return docs


def seed(db) -> dict[str, int]:
    counts = {}
    names = SCHEMA["documents"] + list(SCHEMA["edges"])
    for name in names:
        docs = load_fixture(name)
        coll = db.collection(name)
        coll.truncate()  # collection inside the *_dev/_test database checked above
        if docs:
            result = coll.import_bulk(docs, on_duplicate="replace", halt_on_error=True)
            counts[name] = result.get("created", 0) + result.get("updated", 0)
        else:
            counts[name] = 0
    return counts


def check(db) -> int:
    failures = 0
    for name in SCHEMA["documents"] + list(SCHEMA["edges"]):
        want = len(load_fixture(name))
        got = db.collection(name).count() if db.has_collection(name) else -1
        status = "ok" if want == got else "MISMATCH"
        failures += status != "ok"
        print(f"  {name:<12} fixture {want:>5}  db {got:>5}  {status}")
    cursor = db.aql.execute(
        "FOR c IN customers FILTER LENGTH(FOR v IN 1 OUTBOUND c purchased RETURN 1) == 0 "
        "COLLECT WITH COUNT INTO n RETURN n"
    )
    idle = next(iter(cursor), 0)
    print(f"  customers without purchases: {idle}")
    return failures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="shop_dev")
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)

    cfg = env_settings()
    guard(cfg["ARANGO_URL"], args.db)
    client, sys_db = connect(cfg["ARANGO_URL"], cfg["ARANGO_USER"], cfg["ARANGO_PASSWORD"])
    if args.check:
        db = client.db(args.db, username=cfg["ARANGO_USER"], password=cfg["ARANGO_PASSWORD"])
        return 1 if check(db) else 0
    ensure_database(sys_db, args.db, args.recreate)
    db = client.db(args.db, username=cfg["ARANGO_USER"], password=cfg["ARANGO_PASSWORD"])
    ensure_schema(db)
    started = time.monotonic()
    counts = seed(db)
    for name, n in counts.items():
        print(f"  {name:<12} {n:>6}")
    print(f"seeded {args.db} in {time.monotonic() - started:.1f}s")
    return 1 if check(db) else 0


if __name__ == "__main__":
    sys.exit(main())
