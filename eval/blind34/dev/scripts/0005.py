#!/usr/bin/env python3
"""Send a test push to the QA devices through the APNs *sandbox*.

Reads the provider key (.p8), key id and team id from the project's
config/push.dev.toml and signs an ES256 provider token with PyJWT.
Device tokens come from fixtures/qa-devices.json.  Only the sandbox
host is used; production pushes go through the release pipeline.

    python tools/apns_test_push.py --title "Build 512" --body "tap to open"
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import tomllib
import uuid
from pathlib import Path

import httpx
import jwt

ROOT = Path(__file__).resolve().parents[1]
SANDBOX_HOST = "https://api.sandbox.push.apple.com"
TOKEN_CACHE = ROOT / "build" / ".apns-token.json"
TOKEN_LIFETIME = 50 * 60  # Apple accepts tokens up to 60 minutes old


class Config:
    def __init__(self, path: Path):
        with path.open("rb") as fh:
            raw = tomllib.load(fh)
        apns = raw.get("apns", {})
        self.key_path = (ROOT / apns.get("key_file", "secrets/AuthKey_DEV.p8")).resolve()
        self.key_id = apns.get("key_id") or os.environ.get("APNS_KEY_ID", "")
        self.team_id = apns.get("team_id") or os.environ.get("APNS_TEAM_ID", "")
        self.topic = apns.get("topic", "")
        self.devices_file = ROOT / apns.get("devices", "fixtures/qa-devices.json")
        missing = [n for n in ("key_id", "team_id", "topic") if not getattr(self, n)]
        if missing:
            raise SystemExit(f"config/push.dev.toml: missing {', '.join(missing)}")
        if not self.key_path.is_file():
            raise SystemExit(f"provider key not found at {self.key_path}")
        try:
            self.key_path.relative_to(ROOT)
        except ValueError:
            raise SystemExit("key_file must live inside the repository's secrets/ folder")

    def describe(self) -> str:
        return (
            f"topic={self.topic} team={self.team_id} "
            f"key={self.key_id[:3]}*** file={self.key_path.name}"
        )


def provider_token(cfg: Config) -> str:
    now = int(time.time())
    if TOKEN_CACHE.exists():
        cached = json.loads(TOKEN_CACHE.read_text())
        if cached.get("kid") == cfg.key_id and now - cached.get("iat", 0) < TOKEN_LIFETIME:
            return cached["token"]
    private_key = cfg.key_path.read_text()
    token = jwt.encode(
        {"iss": cfg.team_id, "iat": now},
        private_key,
        algorithm="ES256",
        headers={"kid": cfg.key_id},
    )
    TOKEN_CACHE.parent.mkdir(parents=True, exist_ok=True)
    tmp = TOKEN_CACHE.with_suffix(".tmp")
    tmp.write_text(json.dumps({"kid": cfg.key_id, "iat": now, "token": token}))
    os.chmod(tmp, 0o600)
    tmp.replace(TOKEN_CACHE)
    return token


def load_devices(path: Path, only: list[str] | None) -> list[dict]:
    devices = json.loads(path.read_text())
    if only:
        devices = [d for d in devices if d.get("name") in only]
    bad = [d.get("name") for d in devices if len(d.get("token", "")) not in (64, 160)]
    if bad:
        print(f"warning: suspicious token length for {bad}", file=sys.stderr)
    return devices


def build_payload(args: argparse.Namespace) -> dict:
    aps: dict = {"alert": {"title": args.title, "body": args.body}, "sound": "default"}
    if args.badge is not None:
        aps["badge"] = args.badge
    if args.silent:
        aps = {"content-available": 1}
    payload = {"aps": aps, "qa": {"sent_by": os.environ.get("USER", "?"), "build": args.build}}
    if args.deeplink:
        payload["link"] = args.deeplink
    return payload


def send(client: httpx.Client, cfg: Config, token: str, device: dict, payload: dict, silent: bool) -> tuple[int, str]:
    headers = {
        "authorization": f"bearer {token}",
        "apns-topic": cfg.topic,
        "apns-push-type": "background" if silent else "alert",
        "apns-priority": "5" if silent else "10",
        "apns-id": str(uuid.uuid4()),
        "apns-expiration": "0",
    }
    url = f"{SANDBOX_HOST}/3/device/{device['token']}"
    delay = 0.5
    for attempt in range(4):
        resp = client.post(url, headers=headers, json=payload)
        if resp.status_code in (429, 500, 503) and attempt < 3:
            time.sleep(delay)
            delay *= 2
            continue
        reason = ""
        if resp.content:
            try:
                reason = resp.json().get("reason", "")
            except ValueError:
                reason = resp.text[:80]
        return resp.status_code, reason
    return 0, "retries exhausted"


RESULT_LOG = ROOT / "build" / "push-results.jsonl"

# Reasons that mean the device token in the fixture is stale and should be
# refreshed from the QA device farm rather than retried.
STALE_REASONS = {"BadDeviceToken", "Unregistered", "DeviceTokenNotForTopic"}


def record_result(device: dict, status: int, reason: str, payload: dict) -> None:
    """Append one line per attempt so QA can correlate with device logs."""
    RESULT_LOG.parent.mkdir(parents=True, exist_ok=True)
    entry = {
        "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "device": device.get("name"),
        "token_prefix": device["token"][:8],
        "status": status,
        "reason": reason,
        "title": payload.get("aps", {}).get("alert", {}).get("title"),
    }
    with RESULT_LOG.open("a") as fh:
        fh.write(json.dumps(entry) + "\n")


def stale_hint(reasons: list[str]) -> str:
    stale = sorted(set(reasons) & STALE_REASONS)
    if not stale:
        return ""
    return ("some device tokens look stale (" + ", ".join(stale) + "); "
            "re-export fixtures/qa-devices.json from the device farm")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "config" / "push.dev.toml")
    parser.add_argument("--title", default="QA push")
    parser.add_argument("--body", default="This is a sandbox notification")
    parser.add_argument("--badge", type=int)
    parser.add_argument("--build", default=os.environ.get("CI_PIPELINE_IID", "local"))
    parser.add_argument("--deeplink")
    parser.add_argument("--silent", action="store_true")
    parser.add_argument("--device", action="append", help="device name from the fixture")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    cfg = Config(args.config)
    print(cfg.describe())
    devices = load_devices(cfg.devices_file, args.device)
    if not devices:
        print("no devices selected", file=sys.stderr)
        return 2
    payload = build_payload(args)
    print(json.dumps(payload, indent=2))
    if args.dry_run:
        for d in devices:
            print(f"would send to {d.get('name')} ({d['token'][:8]}...)")
        return 0

    token = provider_token(cfg)
    failures = 0
    reasons: list[str] = []
    with httpx.Client(http2=True, timeout=15) as client:
        for device in devices:
            status, reason = send(client, cfg, token, device, payload, args.silent)
            mark = "ok " if status == 200 else "ERR"
            print(f"{mark} {device.get('name'):20} {status} {reason}")
            record_result(device, status, reason, payload)
            if status == 403 and reason == "ExpiredProviderToken":
                TOKEN_CACHE.unlink(missing_ok=True)
            if status != 200:
                failures += 1
                reasons.append(reason)
    hint = stale_hint(reasons)
    if hint:
        print(hint, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
