#!/usr/bin/env python3
"""Rebuild the catalogue search indices used by the integration tests.

Deletes and recreates *our own* test indices (prefix `catalog-test-`) on the
local Elasticsearch started by docker compose, loads the fixtures and waits
until the cluster is green. It never talks to anything but localhost.
"""
import argparse
import glob
import json
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "search"
MAPPINGS = ROOT / "search" / "mappings"
ES_URL = os.environ.get("ES_TEST_URL", "http://localhost:9200")
INDEX_PREFIX = "catalog-test-"
ALLOWED_HOSTS = ("localhost", "127.0.0.1")


class SearchError(Exception):
    pass


def assert_local(url):
    host = urllib.request.urlparse(url).hostname if hasattr(urllib.request, "urlparse") else None
    if host is None:
        from urllib.parse import urlparse

        host = urlparse(url).hostname
    if host not in ALLOWED_HOSTS:
        raise SearchError(f"ES_TEST_URL points at {host}; only a local cluster may be reset")


def request(method, path, body=None, ok=(200, 201)):
    data = None
    headers = {"Accept": "application/json"}
    if body is not None:
        if isinstance(body, (dict, list)):
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        else:
            data = body.encode() if isinstance(body, str) else body
            headers["Content-Type"] = "application/x-ndjson"
    req = urllib.request.Request(ES_URL + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            payload = resp.read()
            status = resp.status
    except urllib.error.HTTPError as exc:
        payload = exc.read()
        status = exc.code
    if status not in ok:
        raise SearchError(f"{method} {path} -> {status}: {payload[:300]!r}")
    return json.loads(payload) if payload else {}


def wait_for_cluster(timeout=60):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            health = request("GET", "/_cluster/health?wait_for_status=yellow&timeout=5s")
            if health.get("status") in ("yellow", "green"):
                return health
        except (SearchError, urllib.error.URLError, ConnectionError) as exc:
            last = exc
        time.sleep(2)
    raise SearchError(f"cluster not ready after {timeout}s: {last}")


def existing_test_indices():
    rows = request("GET", f"/_cat/indices/{INDEX_PREFIX}*?format=json")
    return sorted(row["index"] for row in rows)


def delete_index(name):
    if not name.startswith(INDEX_PREFIX):
        raise SearchError(f"will not delete {name}: not a test index")
    request("DELETE", f"/{name}", ok=(200, 404))
    print(f"deleted {name}")


def load_mapping(kind):
    path = MAPPINGS / f"{kind}.json"
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def create_index(kind):
    name = INDEX_PREFIX + kind
    body = load_mapping(kind)
    body.setdefault("settings", {})
    body["settings"].update({"number_of_shards": 1, "number_of_replicas": 0})
    request("PUT", f"/{name}", body)
    print(f"created {name}")
    return name


def bulk_lines(index, docs):
    for doc in docs:
        doc_id = doc.get("id") or doc.get("sku")
        yield json.dumps({"index": {"_index": index, "_id": doc_id}})
        yield json.dumps(doc)


def load_fixtures(index, kind, batch=500):
    files = sorted(glob.glob(str(FIXTURES / kind / "*.json")))
    total = 0
    buffer = []
    for path in files:
        with open(path, encoding="utf-8") as fh:
            docs = json.load(fh)
        buffer.extend(docs)
        while len(buffer) >= batch:
            chunk, buffer = buffer[:batch], buffer[batch:]
            total += send_bulk(index, chunk)
    if buffer:
        total += send_bulk(index, buffer)
    request("POST", f"/{index}/_refresh")
    return total


def send_bulk(index, docs):
    payload = "\n".join(bulk_lines(index, docs)) + "\n"
    result = request("POST", "/_bulk", payload)
    if result.get("errors"):
        failed = [item for item in result["items"] if item["index"].get("error")]
        raise SearchError(f"{len(failed)} documents failed, first: {failed[0]}")
    return len(docs)


def check_counts(expected):
    problems = []
    for index, want in expected.items():
        got = request("GET", f"/{index}/_count")["count"]
        if got != want:
            problems.append(f"{index}: {got} != {want}")
    return problems


def kinds_from_mappings():
    return sorted(p.stem for p in MAPPINGS.glob("*.json"))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("kinds", nargs="*", help="index kinds (default: every mapping)")
    parser.add_argument("--keep", action="store_true", help="do not delete existing test indices")
    parser.add_argument("--skip-data", action="store_true")
    args = parser.parse_args()

    try:
        assert_local(ES_URL)
        health = wait_for_cluster()
        print(f"cluster {health.get('cluster_name')} is {health.get('status')}")
        kinds = args.kinds or kinds_from_mappings()
        if not args.keep:
            for name in existing_test_indices():
                if name[len(INDEX_PREFIX):] in kinds:
                    delete_index(name)
        expected = {}
        for kind in kinds:
            index = create_index(kind)
            if not args.skip_data:
                expected[index] = load_fixtures(index, kind)
                print(f"  loaded {expected[index]} docs")
        problems = check_counts(expected)
        if problems:
            for line in problems:
                print("count mismatch:", line, file=sys.stderr)
            return 2
    except SearchError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except urllib.error.URLError as exc:
        print(f"cannot reach {ES_URL}: {exc.reason} (is `docker compose up search` running?)", file=sys.stderr)
        return 1
    print("search fixtures ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
