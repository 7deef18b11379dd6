#!/usr/bin/env python3
"""Load Synthea FHIR bundles into the local HAPI FHIR test server.

The loader is used by the integration tests and by `make seed`.  It reads
bundles from build/synthea/fhir, rewrites them as transactions, attaches
PDF reports as base64 Binary resources (the FHIR JSON format requires
that), and POSTs them to the server named in .env (FHIR_BASE).

Safety: the server must be localhost or *.internal; wiping the server
($expunge) happens only with --reset --yes.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import random
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_INPUT = ROOT / "build" / "synthea" / "fhir"
ALLOWED_HOSTS = {"localhost", "127.0.0.1", "fhir.dev.internal"}
RETRY_STATUSES = {429, 502, 503, 504}


def load_env(path: Path) -> dict:
    env = {}
    if path.is_file():
        for raw in path.read_text().splitlines():
            raw = raw.strip()
            if raw and not raw.startswith("#") and "=" in raw:
                k, v = raw.split("=", 1)
                env[k.strip()] = v.strip().strip('"')
    env.update({k: v for k, v in os.environ.items() if k.startswith("FHIR_")})
    return env


def check_base(base: str) -> str:
    host = urlparse(base).hostname or ""
    if host not in ALLOWED_HOSTS and not host.endswith(".internal"):
        raise SystemExit(f"FHIR_BASE {base} is not a local test server; refusing")
    return base.rstrip("/")


class FhirClient:
    def __init__(self, base: str, token: str | None, timeout: float = 30.0):
        self.base = base
        self.session = requests.Session()
        self.session.headers["Accept"] = "application/fhir+json"
        self.session.headers["Content-Type"] = "application/fhir+json"
        if token:
            # The local HAPI test server runs with the bearer-token interceptor.
            self.session.headers["Authorization"] = f"Bearer {token}"
        self.timeout = timeout

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        url = f"{self.base}/{path.lstrip('/')}" if path else self.base
        delay = 1.0
        for attempt in range(1, 6):
            try:
                resp = self.session.request(method, url, timeout=self.timeout, **kwargs)
            except requests.ConnectionError as exc:
                if attempt == 5:
                    raise
                print(f"  connection error ({exc.__class__.__name__}), retry {attempt}", file=sys.stderr)
            else:
                if resp.status_code not in RETRY_STATUSES:
                    return resp
                print(f"  HTTP {resp.status_code}, retry {attempt}", file=sys.stderr)
            time.sleep(delay + random.uniform(0, 0.5))
            delay = min(delay * 2, 20)
        return resp

    def metadata(self) -> dict:
        resp = self.request("GET", "metadata")
        resp.raise_for_status()
        return resp.json()

    def transaction(self, bundle: dict) -> dict:
        resp = self.request("POST", "", data=json.dumps(bundle))
        if resp.status_code >= 400:
            raise RuntimeError(f"transaction failed: {resp.status_code} {resp.text[:300]}")
        return resp.json()

    def expunge_everything(self) -> None:
        body = {
            "resourceType": "Parameters",
            "parameter": [{"name": "expungeEverything", "valueBoolean": True}],
        }
        resp = self.request("POST", "$expunge", data=json.dumps(body))
        resp.raise_for_status()


def as_transaction(bundle: dict) -> dict:
    if bundle.get("type") == "transaction":
        return bundle
    entries = []
    for entry in bundle.get("entry", []):
        res = entry.get("resource", {})
        rtype, rid = res.get("resourceType"), res.get("id")
        if not rtype:
            continue
        request = {"method": "PUT", "url": f"{rtype}/{rid}"} if rid else {"method": "POST", "url": rtype}
        entries.append({"fullUrl": entry.get("fullUrl"), "resource": res, "request": request})
    return {"resourceType": "Bundle", "type": "transaction", "entry": entries}


def attach_reports(bundle: dict, reports_dir: Path, patient_id: str | None) -> int:
    if not patient_id or not reports_dir.is_dir():
        return 0
    count = 0
    for pdf in sorted(reports_dir.glob(f"{patient_id}*.pdf")):
        data = base64.b64encode(pdf.read_bytes()).decode("ascii")
        bundle["entry"].append({
            "resource": {"resourceType": "Binary", "contentType": "application/pdf", "data": data},
            "request": {"method": "POST", "url": "Binary"},
        })
        count += 1
    return count


def patient_id_of(bundle: dict) -> str | None:
    for entry in bundle.get("entry", []):
        res = entry.get("resource", {})
        if res.get("resourceType") == "Patient":
            return res.get("id")
    return None


def summarize(response: dict) -> dict:
    counts: dict[str, int] = {}
    for entry in response.get("entry", []):
        status = entry.get("response", {}).get("status", "?").split(" ")[0]
        counts[status] = counts.get(status, 0) + 1
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", type=Path, default=DEFAULT_INPUT)
    ap.add_argument("--reports", type=Path, default=ROOT / "build" / "reports")
    ap.add_argument("--limit", type=int, default=0, help="load at most N bundles")
    ap.add_argument("--reset", action="store_true", help="expunge the test server first")
    ap.add_argument("--yes", action="store_true", help="confirm --reset")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)

    env = load_env(ROOT / ".env")
    base = check_base(env.get("FHIR_BASE", "http://localhost:8080/fhir"))
    client = FhirClient(base, env.get("FHIR_TOKEN"))
    meta = client.metadata()
    print(f"server: {meta.get('software', {}).get('name', '?')} {meta.get('fhirVersion', '?')} at {base}")

    if args.reset:
        if not args.yes:
            print("--reset wipes every resource on the test server; add --yes to confirm")
            return 2
        print("expunging test server ...")
        client.expunge_everything()

    files = sorted(args.input.glob("*.json"))
    # hospital and practitioner bundles must go first (Synthea convention)
    files.sort(key=lambda p: (not p.name.startswith(("hospital", "practitioner")), p.name))
    if args.limit:
        files = files[: args.limit]
    totals: dict[str, int] = {}
    failures = 0
    for path in files:
        bundle = as_transaction(json.loads(path.read_text()))
        attached = attach_reports(bundle, args.reports, patient_id_of(bundle))
        if args.dry_run:
            print(f"[dry-run] {path.name}: {len(bundle['entry'])} entries, {attached} reports")
            continue
        try:
            response = client.transaction(bundle)
        except RuntimeError as exc:
            failures += 1
            print(f"FAIL {path.name}: {exc}", file=sys.stderr)
            continue
        for status, n in summarize(response).items():
            totals[status] = totals.get(status, 0) + n
        print(f"ok   {path.name}: {len(bundle['entry'])} entries")
    print("status totals:", json.dumps(totals, sort_keys=True))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
