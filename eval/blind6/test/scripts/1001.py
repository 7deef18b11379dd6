#!/usr/bin/env python3
"""Record API responses from the local dev server as golden files for contract tests.

Only talks to the dev server on localhost and only writes tests/golden/.
"""
import argparse
import json
import sys
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
ENDPOINTS = [
    ("GET", "/api/health"),
    ("GET", "/api/projects?limit=3"),
    ("GET", "/api/projects/1"),
    ("GET", "/api/users/me"),
]
VOLATILE = {"id", "created_at", "updated_at", "request_id"}


def scrub(value):
    if isinstance(value, dict):
        return {k: ("<volatile>" if k in VOLATILE else scrub(v)) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def fetch(base: str, method: str, path: str) -> dict:
    req = urllib.request.Request(base + path, method=method, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return {"status": resp.status, "body": scrub(json.load(resp))}
    except urllib.error.HTTPError as e:
        return {"status": e.code, "body": None}


def golden_name(method: str, path: str) -> Path:
    slug = path.strip("/").replace("/", "_").replace("?", "__").replace("=", "-").replace("&", "_")
    return GOLDEN / f"{method.lower()}_{slug}.json"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="http://127.0.0.1:8000")
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    ns = ap.parse_args()
    if not ns.base.startswith(("http://127.0.0.1", "http://localhost")):
        print("only the local dev server is supported", file=sys.stderr)
        return 2
    GOLDEN.mkdir(parents=True, exist_ok=True)
    mismatches = 0
    for method, path in ENDPOINTS:
        got = fetch(ns.base, method, path)
        target = golden_name(method, path)
        if ns.check:
            want = json.loads(target.read_text()) if target.exists() else None
            if want != got:
                mismatches += 1
                print(f"MISMATCH {method} {path}")
        else:
            target.write_text(json.dumps(got, indent=2) + "\n")
            print(f"recorded {target.relative_to(ROOT)}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
