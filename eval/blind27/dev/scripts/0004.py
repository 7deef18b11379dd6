#!/usr/bin/env python3
"""Send test SMS through Twilio to the team's verified numbers only.

Usage:
  tools/sms_test.py --to +15005550009 --template reminder           # dry run
  tools/sms_test.py --to +15005550009 --template reminder --live    # sends

Credentials come from .env (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN,
TWILIO_FROM). The recipient must appear in config/verified_numbers.yaml;
anything else is refused so we never text real customers from a laptop.
"""
import argparse
import base64
import json
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from string import Template

import yaml

ROOT = Path(__file__).resolve().parent.parent
VERIFIED = ROOT / "config" / "verified_numbers.yaml"
TEMPLATES = ROOT / "config" / "sms_templates.yaml"
API = "https://api.twilio.com/2010-04-01"
E164 = re.compile(r"^\+[1-9]\d{7,14}$")
MAX_PER_RUN = 5


def dotenv(path):
    out = {}
    try:
        text = path.read_text()
    except FileNotFoundError:
        return out
    for line in text.splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            k, v = line.split("=", 1)
            out[k.strip()] = v.strip().strip("'\"")
    return out


def settings():
    env = dotenv(ROOT / ".env")
    env.update(os.environ)
    missing = [k for k in ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM") if not env.get(k)]
    if missing:
        sys.exit("missing in .env: " + ", ".join(missing))
    return env


def redact(value, keep=4):
    value = str(value)
    return value[:keep] + "*" * max(0, len(value) - keep)


def load_verified():
    data = yaml.safe_load(VERIFIED.read_text()) or {}
    numbers = {}
    for entry in data.get("numbers", []):
        num = str(entry["number"]).replace(" ", "")
        if not E164.match(num):
            print(f"warning: ignoring malformed number in {VERIFIED.name}: {num}", file=sys.stderr)
            continue
        numbers[num] = entry.get("owner", "unknown")
    return numbers


def load_templates():
    data = yaml.safe_load(TEMPLATES.read_text()) or {}
    return {name: Template(body) for name, body in data.get("templates", {}).items()}


def auth_header(sid, token):
    raw = f"{sid}:{token}".encode()
    return "Basic " + base64.b64encode(raw).decode()


def post_message(env, to, body, status_callback=None, attempts=3):
    url = f"{API}/Accounts/{env['TWILIO_ACCOUNT_SID']}/Messages.json"
    form = {"To": to, "From": env["TWILIO_FROM"], "Body": body}
    if status_callback:
        form["StatusCallback"] = status_callback
    data = urllib.parse.urlencode(form).encode()
    headers = {"Authorization": auth_header(env["TWILIO_ACCOUNT_SID"], env["TWILIO_AUTH_TOKEN"]),
               "Content-Type": "application/x-www-form-urlencoded"}
    for attempt in range(1, attempts + 1):
        req = urllib.request.Request(url, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode(errors="replace")
            if exc.code == 429 and attempt < attempts:
                time.sleep(2 ** attempt)
                continue
            raise SystemExit(f"Twilio rejected the message ({exc.code}): {detail}")
        except urllib.error.URLError as exc:
            if attempt == attempts:
                raise SystemExit(f"network error talking to Twilio: {exc.reason}")
            time.sleep(attempt)
    return {}


def fetch_status(env, sid):
    url = f"{API}/Accounts/{env['TWILIO_ACCOUNT_SID']}/Messages/{sid}.json"
    req = urllib.request.Request(url, headers={
        "Authorization": auth_header(env["TWILIO_ACCOUNT_SID"], env["TWILIO_AUTH_TOKEN"])})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.loads(resp.read()).get("status")


def render(templates, name, fields):
    if name not in templates:
        sys.exit(f"unknown template {name!r}; have: {', '.join(sorted(templates))}")
    try:
        return templates[name].substitute(fields)
    except KeyError as exc:
        sys.exit(f"template {name!r} needs field {exc}")


def parse_fields(pairs):
    fields = {}
    for pair in pairs:
        if "=" not in pair:
            sys.exit(f"--field expects key=value, got {pair!r}")
        k, v = pair.split("=", 1)
        fields[k] = v
    return fields


def main():
    ap = argparse.ArgumentParser(description="Twilio test sender (verified numbers only)")
    ap.add_argument("--to", action="append", required=True)
    ap.add_argument("--template", default="reminder")
    ap.add_argument("--field", action="append", default=[])
    ap.add_argument("--live", action="store_true", help="actually send; default is a dry run")
    ap.add_argument("--wait", action="store_true", help="poll delivery status after sending")
    args = ap.parse_args()

    env = settings()
    verified = load_verified()
    templates = load_templates()
    fields = {"name": "tester", "time": "10:00", **parse_fields(args.field)}
    body = render(templates, args.template, fields)

    recipients = []
    for raw in args.to:
        num = raw.replace(" ", "")
        if num not in verified:
            sys.exit(f"refusing {num}: not in {VERIFIED.relative_to(ROOT)}")
        recipients.append(num)
    if len(recipients) > MAX_PER_RUN:
        sys.exit(f"at most {MAX_PER_RUN} recipients per run")

    print(f"account {redact(env['TWILIO_ACCOUNT_SID'], 6)} from {env['TWILIO_FROM']}")
    print(f"body ({len(body)} chars): {body}")
    for num in recipients:
        owner = verified[num]
        if not args.live:
            print(f"[dry-run] would send to {num} ({owner})")
            continue
        msg = post_message(env, num, body)
        print(f"sent to {num} ({owner}): sid={msg.get('sid')} status={msg.get('status')}")
        if args.wait and msg.get("sid"):
            for _ in range(10):
                time.sleep(3)
                status = fetch_status(env, msg["sid"])
                print(f"  status: {status}")
                if status in ("delivered", "undelivered", "failed"):
                    break
    if not args.live:
        print("dry run only; pass --live to send")


if __name__ == "__main__":
    main()
