#!/usr/bin/env python3
"""Load CSV resources into the CKAN DataStore of the local portal.

For each dataset listed in config/datastore.yaml the script

  1. infers a schema with ``frictionless describe`` (or uses the schema file
     named in the YAML), maps frictionless types to DataStore types,
  2. creates the resource if needed (``resource_create`` with upload),
  3. calls ``datastore_create`` with the fields and primary key, then
     ``datastore_upsert`` in chunks of --chunk rows,
  4. records the row count and a checksum in build/datastore-state.json so an
     unchanged CSV is skipped next time.

Portal: ``ckan.site_url`` from ckan.dev.ini – must be localhost or a
*.localhost / *.internal host.  Token: CKAN_DEV_TOKEN from .env.  With
``--recreate`` the existing DataStore table of *that resource* is deleted
(``datastore_delete`` with force) before loading.
"""
import argparse
import configparser
import csv
import hashlib
import json
import logging
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import yaml

LOG = logging.getLogger("datastore-load")
REPO = Path(__file__).resolve().parents[1]
STATE_FILE = REPO / "build" / "datastore-state.json"
TYPE_MAP = {
    "integer": "int8", "number": "numeric", "boolean": "bool", "date": "date",
    "datetime": "timestamp", "time": "time", "year": "int4", "string": "text",
    "geopoint": "text", "object": "json", "array": "json",
}


def portal_url():
    ini = configparser.ConfigParser(interpolation=None, strict=False)
    ini.read(REPO / "ckan.dev.ini")
    url = ini.get("app:main", "ckan.site_url", fallback="http://localhost:5000").rstrip("/")
    host = urllib.parse.urlsplit(url).hostname or ""
    if not (host in ("localhost", "127.0.0.1") or host.endswith((".localhost", ".internal"))):
        raise SystemExit(f"ckan.site_url {url} is not a local/internal portal")
    return url


def token():
    env_file = REPO / ".env"
    if env_file.exists():
        for line in env_file.read_text(encoding="utf-8").splitlines():
            if line.startswith("CKAN_DEV_TOKEN="):
                return line.split("=", 1)[1].strip()
    return os.environ.get("CKAN_DEV_TOKEN", "")


class Ckan:
    def __init__(self, base, api_token):
        self.base = base
        self.token = api_token

    def action(self, name, payload=None, files=None):
        url = f"{self.base}/api/3/action/{name}"
        headers = {"Authorization": self.token}
        if files:
            boundary = uuid.uuid4().hex
            body = self._multipart(payload or {}, files, boundary)
            headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        else:
            body = json.dumps(payload or {}).encode()
            headers["Content-Type"] = "application/json"
        for attempt in range(4):
            try:
                req = urllib.request.Request(url, data=body, headers=headers, method="POST")
                with urllib.request.urlopen(req, timeout=120) as resp:
                    result = json.load(resp)
                if not result.get("success"):
                    raise RuntimeError(result.get("error"))
                return result["result"]
            except urllib.error.HTTPError as exc:
                detail = exc.read().decode(errors="replace")[:300]
                if exc.code < 500:
                    raise RuntimeError(f"{name}: HTTP {exc.code} {detail}") from exc
            time.sleep(2 ** attempt)
        raise RuntimeError(f"{name}: giving up")

    @staticmethod
    def _multipart(fields, files, boundary):
        chunks = []
        for key, value in fields.items():
            chunks.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{key}\"\r\n\r\n{value}\r\n".encode())
        for key, path in files.items():
            chunks.append(
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"{key}\"; filename=\"{path.name}\"\r\n"
                f"Content-Type: text/csv\r\n\r\n".encode()
            )
            chunks.append(path.read_bytes() + b"\r\n")
        chunks.append(f"--{boundary}--\r\n".encode())
        return b"".join(chunks)


def describe(csv_path, schema_path=None):
    if schema_path:
        return json.loads(Path(schema_path).read_text())
    out = subprocess.run(["frictionless", "describe", "--json", str(csv_path)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["schema"]


def fields_for(schema):
    return [{"id": f["name"], "type": TYPE_MAP.get(f.get("type", "string"), "text")} for f in schema["fields"]]


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def chunks(reader, size):
    batch = []
    for row in reader:
        batch.append({k: (v if v != "" else None) for k, v in row.items()})
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def load_one(ckan, spec, state, chunk_size, recreate):
    csv_path = REPO / spec["csv"]
    digest = sha256(csv_path)
    key = f"{spec['dataset']}/{csv_path.name}"
    if state.get(key, {}).get("sha256") == digest and not recreate:
        LOG.info("%s unchanged, skipping", key)
        return 0
    pkg = ckan.action("package_show", {"id": spec["dataset"]})
    resource = next((r for r in pkg["resources"] if r.get("name") == csv_path.stem), None)
    if resource is None:
        resource = ckan.action("resource_create", {"package_id": pkg["id"], "name": csv_path.stem, "format": "CSV"},
                               files={"upload": csv_path})
    if recreate:
        try:
            ckan.action("datastore_delete", {"resource_id": resource["id"], "force": True})
        except RuntimeError as exc:
            LOG.debug("no existing table: %s", exc)
    schema = describe(csv_path, spec.get("schema"))
    primary = spec.get("primary_key") or schema.get("primaryKey")
    ckan.action("datastore_create", {"resource_id": resource["id"], "fields": fields_for(schema),
                                     "primary_key": primary, "force": True})
    rows = 0
    with csv_path.open(newline="", encoding="utf-8") as fh:
        for batch in chunks(csv.DictReader(fh), chunk_size):
            method = "upsert" if primary else "insert"
            ckan.action("datastore_upsert", {"resource_id": resource["id"], "records": batch,
                                             "method": method, "force": True})
            rows += len(batch)
    state[key] = {"sha256": digest, "rows": rows, "resource_id": resource["id"], "loaded": time.strftime("%FT%T")}
    LOG.info("%s: %d rows loaded", key, rows)
    return rows


def main():
    ap = argparse.ArgumentParser(description="load CSVs into the local CKAN DataStore")
    ap.add_argument("--config", type=Path, default=REPO / "config" / "datastore.yaml")
    ap.add_argument("--chunk", type=int, default=5000)
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_token = token()
    if not api_token:
        LOG.error("CKAN_DEV_TOKEN missing")
        return 2
    ckan = Ckan(portal_url(), api_token)
    specs = yaml.safe_load(args.config.read_text())["resources"]
    state = json.loads(STATE_FILE.read_text()) if STATE_FILE.exists() else {}
    total = 0
    try:
        for spec in specs:
            total += load_one(ckan, spec, state, args.chunk, args.recreate)
    finally:
        STATE_FILE.parent.mkdir(exist_ok=True)
        STATE_FILE.write_text(json.dumps(state, indent=2))
    LOG.info("%d rows loaded in total", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
