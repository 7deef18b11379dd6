#!/usr/bin/env python3
"""Recreate the OpenSearch indices used by the e2e suite.

* talks to OPENSEARCH_URL (default https://localhost:9201, the compose node
  with the demo security plugin) using the admin password from .env
* drops and recreates indices named e2e_<name> from search/templates/<name>.json
* bulk-loads tests/data/<name>.ndjson
* verifies document counts and a smoke query per index

It never deletes anything without the e2e_ prefix and never runs against a
host other than this machine.
"""
import argparse
import base64
import json
import os
import ssl
import sys
import time
from pathlib import Path
from urllib import error, parse, request

REPO = Path(__file__).resolve().parents[1]
TEMPLATES = REPO / "search" / "templates"
DATA = REPO / "tests" / "data"
PREFIX = "e2e_"
DEFAULT_URL = "https://localhost:9201"
LOCAL = {"localhost", "127.0.0.1"}


def dotenv(path):
    values = {}
    try:
        text = path.read_text()
    except FileNotFoundError:
        return values
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            values[key.strip()] = value.strip().strip("'\"")
    return values


class Node:
    def __init__(self, base, user, password, verify_tls):
        self.base = base.rstrip("/")
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        self.headers = {"Authorization": f"Basic {token}"}
        # the compose node uses a self-signed demo certificate
        self.context = ssl.create_default_context()
        if not verify_tls:
            self.context.check_hostname = False
            self.context.verify_mode = ssl.CERT_NONE

    def call(self, method, path, body=None, ndjson=False, allow=(200, 201)):
        headers = dict(self.headers)
        payload = None
        if body is not None:
            payload = body.encode() if isinstance(body, str) else json.dumps(body).encode()
            headers["Content-Type"] = "application/x-ndjson" if ndjson else "application/json"
        req = request.Request(self.base + path, data=payload, method=method, headers=headers)
        try:
            with request.urlopen(req, context=self.context, timeout=60) as resp:
                raw, status = resp.read(), resp.status
        except error.HTTPError as exc:
            raw, status = exc.read(), exc.code
        if status not in allow:
            raise RuntimeError(f"{method} {path}: HTTP {status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}


def ensure_local(url):
    host = parse.urlparse(url).hostname
    if host not in LOCAL:
        raise SystemExit(f"refusing to touch {host}: only the local compose node is allowed")


def wait_green(node, timeout=90):
    start = time.time()
    while time.time() - start < timeout:
        try:
            health = node.call("GET", "/_cluster/health?wait_for_status=yellow&timeout=10s")
            return health["status"]
        except (RuntimeError, error.URLError, ConnectionError):
            time.sleep(3)
    raise SystemExit("OpenSearch did not become ready (docker compose logs opensearch)")


def template_names(selected):
    names = sorted(p.stem for p in TEMPLATES.glob("*.json"))
    if selected:
        unknown = set(selected) - set(names)
        if unknown:
            raise SystemExit(f"no template for {', '.join(sorted(unknown))}")
        names = [n for n in names if n in selected]
    return names


def drop(node, index):
    assert index.startswith(PREFIX), index
    node.call("DELETE", f"/{index}", allow=(200, 404))


def create(node, index, name):
    body = json.loads((TEMPLATES / f"{name}.json").read_text())
    settings = body.setdefault("settings", {})
    settings.setdefault("index", {}).update({"number_of_shards": 1, "number_of_replicas": 0, "refresh_interval": "-1"})
    node.call("PUT", f"/{index}", body)


def load(node, index, name, chunk=2000):
    source = DATA / f"{name}.ndjson"
    if not source.exists():
        return 0
    count = 0
    batch = []
    with source.open() as fh:
        for line in fh:
            if not line.strip():
                continue
            doc = json.loads(line)
            batch.append(json.dumps({"index": {"_index": index, "_id": doc.get("id")}}))
            batch.append(json.dumps(doc))
            count += 1
            if len(batch) >= chunk * 2:
                flush(node, batch)
                batch = []
    if batch:
        flush(node, batch)
    node.call("PUT", f"/{index}/_settings", {"index": {"refresh_interval": "1s"}})
    node.call("POST", f"/{index}/_refresh")
    return count


def flush(node, batch):
    result = node.call("POST", "/_bulk", "\n".join(batch) + "\n", ndjson=True)
    if result.get("errors"):
        bad = next(i for i in result["items"] if "error" in i.get("index", {}))
        raise RuntimeError(f"bulk failure: {bad['index']['error']}")


def smoke(node, index):
    result = node.call("POST", f"/{index}/_search", {"size": 1, "query": {"match_all": {}}})
    return result["hits"]["total"]["value"]


def stray_indices(node, wanted):
    rows = node.call("GET", f"/_cat/indices/{PREFIX}*?format=json&h=index")
    return sorted(r["index"] for r in rows if r["index"] not in wanted)


def main():
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("names", nargs="*")
    parser.add_argument("--verify-tls", action="store_true")
    parser.add_argument("--drop-strays", action="store_true", help="also drop e2e_ indices without a template")
    args = parser.parse_args()

    env = {**dotenv(REPO / ".env"), **os.environ}
    url = env.get("OPENSEARCH_URL", DEFAULT_URL)
    ensure_local(url)
    node = Node(url, env.get("OPENSEARCH_USER", "admin"), env.get("OPENSEARCH_INITIAL_ADMIN_PASSWORD", ""), args.verify_tls)
    print(f"cluster status: {wait_green(node)}")

    names = template_names(args.names)
    wanted = {PREFIX + n for n in names}
    failures = 0
    for name in names:
        index = PREFIX + name
        drop(node, index)
        create(node, index, name)
        loaded = load(node, index, name)
        found = smoke(node, index)
        state = "ok" if found == loaded else "MISMATCH"
        failures += state != "ok"
        print(f"{index:<30} loaded={loaded:<7} searchable={found:<7} {state}")
    if args.drop_strays and not args.names:
        for index in stray_indices(node, wanted):
            drop(node, index)
            print(f"dropped stray {index}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
