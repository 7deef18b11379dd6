#!/usr/bin/env python3
"""Compatibility gate for Protobuf schemas in the Kafka schema registry.

For each subject in registry-subjects.yaml the local .proto file is checked
against the registry of the chosen environment:

    local    http://localhost:18081
    qa       https://schemas.qa.internal

`--apply` registers the new versions after every check passes, and sets the
subject's compatibility level when the YAML asks for one. It is refused for
any environment not listed in WRITABLE. Credentials for qa come from
REGISTRY_USER / REGISTRY_PASSWORD (environment or .env.qa) and are only sent
to that environment's URL.
"""
import argparse
import base64
import json
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import yaml

BASE = Path(__file__).resolve().parents[1]
SUBJECTS_FILE = BASE / "registry-subjects.yaml"
ENVIRONMENTS = {
    "local": {"url": "http://localhost:18081", "dotenv": None},
    "qa": {"url": "https://schemas.qa.internal", "dotenv": BASE / ".env.qa"},
}
WRITABLE = frozenset({"local", "qa"})
CONTENT_TYPE = "application/vnd.schemaregistry.v1+json"


def parse_dotenv(path):
    values = {}
    if path and path.exists():
        for raw in path.read_text().splitlines():
            raw = raw.strip()
            if raw and not raw.startswith("#") and "=" in raw:
                k, v = raw.split("=", 1)
                values[k.strip()] = v.strip().strip("'\"")
    return values


class Registry:
    def __init__(self, env_name):
        spec = ENVIRONMENTS[env_name]
        self.name = env_name
        self.url = spec["url"].rstrip("/")
        file_values = parse_dotenv(spec["dotenv"])
        user = os.environ.get("REGISTRY_USER") or file_values.get("REGISTRY_USER")
        password = os.environ.get("REGISTRY_PASSWORD") or file_values.get("REGISTRY_PASSWORD")
        self.auth = None
        if user and password:
            token = base64.b64encode(f"{user}:{password}".encode()).decode()
            self.auth = f"Basic {token}"

    def request(self, method, route, payload=None, attempts=4):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(self.url + route, data=data, method=method)
        req.add_header("Content-Type", CONTENT_TYPE)
        req.add_header("Accept", CONTENT_TYPE)
        if self.auth:
            req.add_header("Authorization", self.auth)
        wait = 0.5
        for attempt in range(1, attempts + 1):
            try:
                with urllib.request.urlopen(req, timeout=15) as resp:
                    return resp.status, json.loads(resp.read() or b"{}")
            except urllib.error.HTTPError as err:
                body = err.read()
                if err.code >= 500 and attempt < attempts:
                    time.sleep(wait)
                    wait *= 2
                    continue
                try:
                    return err.code, json.loads(body or b"{}")
                except json.JSONDecodeError:
                    return err.code, {"message": body.decode(errors="replace")}
            except urllib.error.URLError as err:
                if attempt == attempts:
                    raise SystemExit(f"{self.name} registry unreachable: {err.reason}")
                time.sleep(wait)
                wait *= 2
        return 0, {}


def load_subjects():
    doc = yaml.safe_load(SUBJECTS_FILE.read_text()) or {}
    items = []
    for entry in doc.get("subjects", []):
        proto = BASE / entry["file"]
        if not proto.exists():
            raise SystemExit(f"{entry['subject']}: {proto} missing")
        refs = [{"name": r["name"], "subject": r["subject"], "version": r.get("version", -1)}
                for r in entry.get("references", [])]
        items.append({
            "subject": entry["subject"],
            "schema": proto.read_text(),
            "references": refs,
            "compatibility": entry.get("compatibility"),
        })
    return items


def check_subject(reg, item):
    route = f"/compatibility/subjects/{item['subject']}/versions/latest?verbose=true"
    payload = {"schemaType": "PROTOBUF", "schema": item["schema"], "references": item["references"]}
    status, body = reg.request("POST", route, payload)
    if status == 404:
        return True, ["subject does not exist yet"]
    if status != 200:
        return False, [body.get("message", f"HTTP {status}")]
    return bool(body.get("is_compatible")), body.get("messages", [])


def register_subject(reg, item):
    payload = {"schemaType": "PROTOBUF", "schema": item["schema"], "references": item["references"]}
    status, body = reg.request("POST", f"/subjects/{item['subject']}/versions", payload)
    if status != 200:
        raise SystemExit(f"register {item['subject']}: {body.get('message', status)}")
    if item["compatibility"]:
        reg.request("PUT", f"/config/{item['subject']}", {"compatibility": item["compatibility"]})
    return body.get("id")


def lint_protos(items):
    """Cheap local checks before talking to the registry at all."""
    problems = []
    for item in items:
        text = item["schema"]
        if 'syntax = "proto3";' not in text:
            problems.append(f"{item['subject']}: not proto3")
        if "package " not in text:
            problems.append(f"{item['subject']}: missing package declaration")
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip().startswith("required "):
                problems.append(f"{item['subject']}:{n}: 'required' breaks evolution")
    return problems


def write_report(env_name, rows):
    out = BASE / "reports" / f"registry-{env_name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=2))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", choices=sorted(ENVIRONMENTS), default="local")
    ap.add_argument("--apply", action="store_true", help="register after a clean check")
    ap.add_argument("--subject", action="append", help="limit to these subjects")
    args = ap.parse_args()

    if args.apply and args.env not in WRITABLE:
        raise SystemExit(f"--apply is not allowed for {args.env}")
    reg = Registry(args.env)
    items = load_subjects()
    if args.subject:
        wanted = set(args.subject)
        items = [i for i in items if i["subject"] in wanted]
    problems = lint_protos(items)
    if problems:
        print("\n".join(problems))
        return 1

    rows, failures = [], 0
    for item in items:
        ok, messages = check_subject(reg, item)
        rows.append({"subject": item["subject"], "compatible": ok, "messages": messages})
        print(f"{'ok  ' if ok else 'FAIL'} {item['subject']}")
        for m in messages[:5]:
            print(f"       {m}")
        failures += 0 if ok else 1
    report = write_report(args.env, rows)
    print(f"report: {report.relative_to(BASE)}")

    if failures:
        print(f"{failures} incompatible subject(s); nothing registered")
        return 1
    if not args.apply:
        print("all compatible; re-run with --apply to register")
        return 0
    for item in items:
        schema_id = register_subject(reg, item)
        print(f"registered {item['subject']} (id {schema_id}) in {args.env}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
