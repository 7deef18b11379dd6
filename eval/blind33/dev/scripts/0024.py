#!/usr/bin/env python3
"""Build and benchmark pgvector indexes in the *dev* Postgres.

The project stores document chunks in `chunks(id, doc_id, embedding vector(N))`.
This helper (re)creates HNSW or IVFFlat indexes with the parameters from
bench/pgvector.toml, runs a fixed set of nearest-neighbour queries with
EXPLAIN ANALYZE and reports latency and recall against an exact scan.

It refuses to run unless the database URL points at localhost or a *.internal
dev host AND the database name ends in `_dev` or `_test`. Dropping an index
requires --apply; without it the DDL is only printed.

    python bench/pgvector_index.py --kind hnsw              # dry run
    python bench/pgvector_index.py --kind hnsw --apply      # build + bench
    python bench/pgvector_index.py --bench-only
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "bench" / "pgvector.toml"
SAFE_DB_SUFFIXES = ("_dev", "_test")
INDEX_NAME = {"hnsw": "chunks_embedding_hnsw", "ivfflat": "chunks_embedding_ivf"}


def load_env() -> None:
    env_file = ROOT / ".env"
    if env_file.exists():
        for line in env_file.read_text().splitlines():
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                os.environ.setdefault(k, v.strip().strip("'\""))


def check_target(url: str) -> None:
    parsed = urlparse(url)
    host = parsed.hostname or "localhost"
    db = parsed.path.lstrip("/")
    if not (host in {"localhost", "127.0.0.1"} or host.endswith(".internal")):
        raise SystemExit(f"refusing to touch database on {host}")
    if not db.endswith(SAFE_DB_SUFFIXES):
        raise SystemExit(f"database {db!r} is not a dev/test database")


def psql(url: str, sql: str, *, tuples: bool = True, timeout: int = 3600) -> str:
    args = ["psql", url, "-v", "ON_ERROR_STOP=1", "-X", "-q"]
    if tuples:
        args += ["-At", "-F", "\t"]
    proc = subprocess.run(args + ["-c", sql], capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    return proc.stdout


def index_ddl(kind: str, cfg: dict, opclass: str) -> str:
    name = INDEX_NAME[kind]
    if kind == "hnsw":
        m = int(cfg["hnsw"].get("m", 16))
        ef = int(cfg["hnsw"].get("ef_construction", 64))
        with_ = f"(m = {m}, ef_construction = {ef})"
    else:
        lists = int(cfg["ivfflat"].get("lists", 100))
        with_ = f"(lists = {lists})"
    return f"CREATE INDEX {name} ON chunks USING {kind} (embedding {opclass}) WITH {with_};"


def sample_queries(url: str, n: int, seed: int) -> list[str]:
    rows = psql(url, "SELECT id FROM chunks ORDER BY id").split()
    if not rows:
        raise SystemExit("chunks table is empty; run `make seed-dev` first")
    rnd = random.Random(seed)
    ids = rnd.sample(rows, min(n, len(rows)))
    return ids


def neighbours(url: str, qid: str, k: int, exact: bool, settings: str) -> tuple[list[str], float]:
    prefix = "SET enable_indexscan = off; " if exact else ""
    sql = (f"{prefix}{settings} SELECT c.id FROM chunks c, (SELECT embedding FROM chunks WHERE id = {int(qid)}) q "
           f"ORDER BY c.embedding <=> q.embedding LIMIT {int(k)};")
    start = time.perf_counter()
    out = psql(url, sql)
    elapsed = (time.perf_counter() - start) * 1000
    return out.split(), elapsed


def table_stats(url: str) -> dict[str, str]:
    """Row count, vector dimension and on-disk size of the chunks table."""
    out = psql(url, "SELECT count(*), coalesce(max(vector_dims(embedding)), 0), "
                    "pg_size_pretty(pg_total_relation_size('chunks')) FROM chunks").strip()
    if not out:
        return {}
    count, dims, size = out.split("\t")
    return {"rows": count, "dims": dims, "size": size}


def existing_indexes(url: str) -> list[tuple[str, str]]:
    out = psql(url, "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'chunks' ORDER BY 1")
    rows = []
    for line in out.splitlines():
        if "\t" in line:
            name, ddl = line.split("\t", 1)
            rows.append((name, ddl))
    return rows


def print_overview(url: str) -> None:
    stats = table_stats(url)
    if stats:
        print(f"chunks: {stats['rows']} rows, dim={stats['dims']}, {stats['size']} on disk")
    for name, ddl in existing_indexes(url):
        marker = "*" if name in INDEX_NAME.values() else " "
        print(f" {marker} {name}: {ddl}")


def bench(url: str, cfg: dict, kind: str | None) -> None:
    k = int(cfg.get("bench", {}).get("k", 10))
    n = int(cfg.get("bench", {}).get("queries", 50))
    ids = sample_queries(url, n, int(cfg.get("bench", {}).get("seed", 7)))
    settings = ""
    if kind == "hnsw":
        settings = f"SET hnsw.ef_search = {int(cfg['hnsw'].get('ef_search', 40))};"
    elif kind == "ivfflat":
        settings = f"SET ivfflat.probes = {int(cfg['ivfflat'].get('probes', 10))};"
    recalls, approx_ms, exact_ms = [], [], []
    for qid in ids:
        approx, t1 = neighbours(url, qid, k, False, settings)
        truth, t2 = neighbours(url, qid, k, True, "")
        recalls.append(len(set(approx) & set(truth)) / max(1, len(truth)))
        approx_ms.append(t1)
        exact_ms.append(t2)
    print(f"queries={len(ids)} k={k}")
    print(f"recall@{k}: mean={statistics.mean(recalls):.3f} min={min(recalls):.3f}")
    print(f"index  latency ms: p50={statistics.median(approx_ms):.1f} max={max(approx_ms):.1f}")
    print(f"exact  latency ms: p50={statistics.median(exact_ms):.1f} max={max(exact_ms):.1f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", choices=sorted(INDEX_NAME), default="hnsw")
    ap.add_argument("--apply", action="store_true", help="execute the DDL instead of printing it")
    ap.add_argument("--bench-only", action="store_true")
    args = ap.parse_args()

    load_env()
    url = os.environ.get("DEV_DATABASE_URL")
    if not url:
        print("DEV_DATABASE_URL is not set (see .env.example)", file=sys.stderr)
        return 2
    check_target(url)
    with open(CONFIG, "rb") as fh:
        cfg = tomllib.load(fh)
    opclass = cfg.get("opclass", "vector_cosine_ops")
    print_overview(url)

    if not args.bench_only:
        statements = [f"DROP INDEX IF EXISTS {name};" for name in INDEX_NAME.values()]
        statements.append(f"SET maintenance_work_mem = '{cfg.get('maintenance_work_mem', '512MB')}';")
        statements.append(index_ddl(args.kind, cfg, opclass))
        statements.append("ANALYZE chunks;")
        if not args.apply:
            print("-- dry run; pass --apply to execute:")
            print("\n".join(statements))
            return 0
        for stmt in statements:
            print(f"+ {stmt}")
            start = time.perf_counter()
            try:
                psql(url, stmt, tuples=False)
            except RuntimeError as exc:
                print(f"failed: {exc}", file=sys.stderr)
                return 1
            print(f"  {time.perf_counter() - start:.1f}s")
    size = psql(url, f"SELECT pg_size_pretty(pg_relation_size('{INDEX_NAME[args.kind]}'))").strip()
    print(f"index {INDEX_NAME[args.kind]} size: {size or 'n/a'}")
    bench(url, cfg, args.kind)
    return 0


if __name__ == "__main__":
    sys.exit(main())
