#!/usr/bin/env python3
"""Replay recorded Stripe webhook events against the local server.

Events are JSON fixtures in tests/fixtures/stripe/*.json (captured with
`stripe events resend` in test mode and scrubbed). Each one is signed with the
local endpoint secret exactly the way Stripe does it (t=...,v1=HMAC-SHA256) and
POSTed to http://localhost:<port>/webhooks/stripe. The secret is read from the
project's .env (STRIPE_WEBHOOK_SECRET) which `stripe listen` prints on start.
"""
import argparse
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "stripe"
DOTENV = ROOT / ".env"
DEFAULT_URL = "http://localhost:3000/webhooks/stripe"
RESULTS = ROOT / "build" / "webhook-replay.json"


def read_dotenv(path: Path) -> dict:
    values = {}
    if not path.exists():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip().strip('"').strip("'")
        values[key.strip()] = value
    return values


def endpoint_secret() -> str:
    secret = os.environ.get("STRIPE_WEBHOOK_SECRET") or read_dotenv(DOTENV).get("STRIPE_WEBHOOK_SECRET")
    if not secret:
        raise SystemExit("STRIPE_WEBHOOK_SECRET missing; run `stripe listen` and copy whsec_ into .env")
    if not secret.startswith("whsec_"):
        raise SystemExit("STRIPE_WEBHOOK_SECRET does not look like an endpoint secret")
    return secret


def check_local(url: str) -> None:
    host = urllib.request.urlparse(url).hostname or ""
    if host not in {"localhost", "127.0.0.1", "::1"} and not host.endswith(".localhost"):
        raise SystemExit(f"replay target must be local, got {host!r}")


def sign(payload: bytes, secret: str, timestamp: int) -> str:
    signed = f"{timestamp}.".encode() + payload
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def load_events(selected):
    files = sorted(FIXTURES.glob("*.json"))
    if selected:
        wanted = set(selected)
        files = [f for f in files if f.stem in wanted or json.loads(f.read_text()).get("type") in wanted]
    events = []
    for f in files:
        data = json.loads(f.read_text())
        if data.get("livemode"):
            print(f"skipping {f.name}: livemode fixture", file=sys.stderr)
            continue
        events.append((f.stem, data))
    return events


def post(url: str, body: bytes, header: str, timeout: float):
    req = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Stripe-Signature": header,
            "User-Agent": "Stripe/1.0 (+local replay)",
        },
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, resp.read(2000).decode(errors="replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(2000).decode(errors="replace")


def replay(url, secret, events, retries, delay, tamper):
    results = []
    for name, event in events:
        event = dict(event)
        event["created"] = int(time.time())
        body = json.dumps(event, separators=(",", ":")).encode()
        ts = int(time.time())
        header = sign(body, secret, ts)
        if tamper:
            header = header[:-4] + "0000"
        status, text = None, ""
        for attempt in range(retries + 1):
            try:
                status, text = post(url, body, header, timeout=10)
                break
            except (urllib.error.URLError, ConnectionError) as exc:
                text = str(exc)
                time.sleep(delay * (2 ** attempt))
        ok = (status == 400) if tamper else (status is not None and 200 <= status < 300)
        results.append({
            "fixture": name,
            "type": event.get("type"),
            "status": status,
            "ok": ok,
            "response": text[:300],
        })
        mark = "ok " if ok else "FAIL"
        print(f"{mark} {status} {event.get('type'):40} {name}")
    return results


def verify_fixture_schema(events):
    """Catch fixtures that were hand-edited into something Stripe never sends."""
    problems = []
    for name, event in events:
        if event.get("object") != "event":
            problems.append(f"{name}: object is {event.get('object')!r}, expected 'event'")
        if not str(event.get("id", "")).startswith("evt_"):
            problems.append(f"{name}: id does not start with evt_")
        data = event.get("data", {})
        if "object" not in data:
            problems.append(f"{name}: data.object missing")
        api_version = event.get("api_version")
        if api_version and not api_version[:4].isdigit():
            problems.append(f"{name}: odd api_version {api_version!r}")
    return problems


def print_schema_report(events):
    problems = verify_fixture_schema(events)
    if not problems:
        print(f"{len(events)} fixtures look like Stripe events")
        return 0
    for line in problems:
        print(f"  schema: {line}")
    return 1


def summarize(results):
    failed = [r for r in results if not r["ok"]]
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2))
    print(f"\n{len(results) - len(failed)}/{len(results)} events accepted; details in {RESULTS.relative_to(ROOT)}")
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("events", nargs="*", help="fixture names or event types (default: all)")
    ap.add_argument("--url", default=os.environ.get("WEBHOOK_URL", DEFAULT_URL))
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--delay", type=float, default=0.5)
    ap.add_argument("--tamper", action="store_true", help="send bad signatures, expect 400s")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--lint", action="store_true", help="only check fixture shape")
    args = ap.parse_args()

    events = load_events(args.events)
    if args.lint:
        return print_schema_report(events)
    if args.list:
        for name, ev in events:
            print(f"{name:40} {ev.get('type')}")
        return 0
    if not events:
        raise SystemExit("no fixtures matched")
    check_local(args.url)
    secret = endpoint_secret()
    results = replay(args.url, secret, events, args.retries, args.delay, args.tamper)
    return summarize(results)


if __name__ == "__main__":
    sys.exit(main())
