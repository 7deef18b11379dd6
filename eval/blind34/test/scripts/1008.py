#!/usr/bin/env python3
"""Send data/notification messages through FCM HTTP v1 for QA builds.

Uses google-auth with the project's *QA* service account
(secrets/fcm-qa.json) to obtain an OAuth2 token with the
firebase.messaging scope and posts messages to
fcm.googleapis.com/v1/projects/<project>/messages:send.

By default every message is sent with "validate_only": true, which makes
FCM check the request without delivering it.  --deliver actually sends,
and only to registration tokens from fixtures/qa-tokens.csv or to a topic
whose name starts with "qa_".  Condition expressions and production
topics are rejected.

    python tools/fcm_qa.py --title "Nightly 812" --body "ready to test"
    python tools/fcm_qa.py --topic qa_nightly --data build=812 --deliver
"""
from __future__ import annotations

import argparse
import csv
import json
import re
import sys
import time
from pathlib import Path

import google.auth.transport.requests
import requests
from google.oauth2 import service_account

PROJECT_DIR = Path(__file__).resolve().parents[1]
SA_FILE = PROJECT_DIR / "secrets" / "fcm-qa.json"
TOKENS = PROJECT_DIR / "fixtures" / "qa-tokens.csv"
RESULTS = PROJECT_DIR / "build" / "fcm-qa-results.csv"
SCOPES = ["https://www.googleapis.com/auth/firebase.messaging"]
TOPIC_OK = re.compile(r"^qa_[a-z0-9_]{1,60}$")


def credentials():
    if not SA_FILE.is_file():
        raise SystemExit(f"missing {SA_FILE.relative_to(PROJECT_DIR)}")
    info = json.loads(SA_FILE.read_text())
    if "qa" not in info.get("project_id", ""):
        raise SystemExit(f"{SA_FILE.name} is for project {info.get('project_id')!r}, expected a QA project")
    creds = service_account.Credentials.from_service_account_info(info, scopes=SCOPES)
    creds.refresh(google.auth.transport.requests.Request())
    return creds, info["project_id"], info["client_email"]


def qa_tokens(only: list[str] | None) -> list[tuple[str, str]]:
    with TOKENS.open(newline="") as fh:
        rows = [(r["device"], r["token"]) for r in csv.DictReader(fh) if r.get("token")]
    if only:
        rows = [r for r in rows if r[0] in only]
    return rows


def build_message(target: dict, ns: argparse.Namespace) -> dict:
    message: dict = dict(target)
    if ns.title or ns.body:
        message["notification"] = {"title": ns.title or "", "body": ns.body or ""}
    data = dict(kv.split("=", 1) for kv in ns.data or [])
    if data:
        message["data"] = data
    message["android"] = {"ttl": f"{ns.ttl}s", "priority": "HIGH" if ns.high else "NORMAL"}
    message["apns"] = {"headers": {"apns-expiration": str(int(time.time()) + ns.ttl)}}
    return message


def post(session: requests.Session, url: str, token: str, payload: dict) -> tuple[int, str]:
    wait = 1.0
    for _ in range(5):
        resp = session.post(url, json=payload, headers={"Authorization": f"Bearer {token}"}, timeout=20)
        if resp.status_code in (429, 500, 503):
            time.sleep(float(resp.headers.get("Retry-After", wait)))
            wait *= 2
            continue
        body = resp.json() if resp.content else {}
        if resp.ok:
            return resp.status_code, body.get("name", "")
        err = body.get("error", {})
        detail = next((d.get("errorCode") for d in err.get("details", []) if "errorCode" in d), err.get("status"))
        return resp.status_code, str(detail)
    return 0, "retries exhausted"


def record(rows: list[list[str]]) -> None:
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    new = not RESULTS.exists()
    with RESULTS.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new:
            writer.writerow(["time", "target", "mode", "status", "result"])
        writer.writerows(rows)


def payload_size_ok(message: dict) -> tuple[bool, int]:
    """FCM rejects messages whose data+notification exceed 4096 bytes."""
    size = len(json.dumps({k: message.get(k) for k in ("data", "notification")}, separators=(",", ":")).encode())
    return size <= 4096, size


def reserved_keys(data: dict) -> list[str]:
    """Keys FCM reserves in the data payload (requests with them fail)."""
    reserved = {"from", "notification", "message_type"}
    return [k for k in data if k in reserved or k.startswith(("google.", "gcm."))]


def history_summary(limit: int = 50) -> str:
    if not RESULTS.exists():
        return "no previous sends recorded"
    with RESULTS.open(newline="") as fh:
        rows = list(csv.DictReader(fh))[-limit:]
    by_result: dict[str, int] = {}
    for r in rows:
        by_result[r["result"] if r["status"] != "200" else "OK"] = by_result.get(
            r["result"] if r["status"] != "200" else "OK", 0) + 1
    return ", ".join(f"{k}={v}" for k, v in sorted(by_result.items()))


def stale_devices(limit: int = 200) -> list[str]:
    """Devices whose token came back UNREGISTERED in recent runs."""
    if not RESULTS.exists():
        return []
    with RESULTS.open(newline="") as fh:
        rows = list(csv.DictReader(fh))[-limit:]
    return sorted({r["target"] for r in rows if r["result"] == "UNREGISTERED"})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title")
    ap.add_argument("--body")
    ap.add_argument("--data", action="append", help="key=value data field (repeatable)")
    ap.add_argument("--topic", help="qa_* topic instead of device tokens")
    ap.add_argument("--device", action="append", help="limit to devices from the CSV")
    ap.add_argument("--ttl", type=int, default=3600)
    ap.add_argument("--high", action="store_true", help="high priority on Android")
    ap.add_argument("--deliver", action="store_true", help="really send (default validate_only)")
    ns = ap.parse_args()

    if ns.topic and not TOPIC_OK.match(ns.topic):
        raise SystemExit("topic must look like qa_<name>")
    creds, project, email = credentials()
    print(f"project {project}, account {email.split('@')[0]}@…, mode {'DELIVER' if ns.deliver else 'validate_only'}")
    url = f"https://fcm.googleapis.com/v1/projects/{project}/messages:send"

    targets = [("topic:" + ns.topic, {"topic": ns.topic})] if ns.topic else [
        (name, {"token": tok}) for name, tok in qa_tokens(ns.device)
    ]
    if not targets:
        raise SystemExit("no targets")

    bad_keys = reserved_keys(dict(kv.split("=", 1) for kv in ns.data or []))
    if bad_keys:
        raise SystemExit(f"reserved data keys: {', '.join(bad_keys)}")
    fits, size = payload_size_ok(build_message({}, ns))
    if not fits:
        raise SystemExit(f"payload is {size} bytes; FCM allows 4096")
    print(f"recent history: {history_summary()}")
    stale = stale_devices()
    if stale:
        print(f"known stale tokens: {', '.join(stale)}", file=sys.stderr)

    session = requests.Session()
    log_rows = []
    bad = 0
    for label, target in targets:
        payload = {"validate_only": not ns.deliver, "message": build_message(target, ns)}
        status, result = post(session, url, creds.token, payload)
        ok = status == 200
        bad += not ok
        print(f"{'ok ' if ok else 'ERR'} {label:28} {status} {result}")
        log_rows.append([time.strftime("%Y-%m-%dT%H:%M:%S"), label, "deliver" if ns.deliver else "validate", str(status), result])
        if result == "UNREGISTERED":
            print(f"    {label}: token is stale, re-register the device", file=sys.stderr)
    record(log_rows)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
