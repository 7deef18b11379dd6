#!/usr/bin/env python3
"""Local webhook receiver for developing the payment-events handler.

Listens on 127.0.0.1 only, stores each received event in tmp/webhooks/ and
replies 200 so the provider's CLI forwarder is happy. Verifies the HMAC
signature with WEBHOOK_SECRET when it is set.
"""
import argparse
import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
INBOX = REPO / "tmp" / "webhooks"


def valid_signature(secret: bytes, header: str, body: bytes, tolerance: int = 300) -> bool:
    parts = dict(item.split("=", 1) for item in header.split(",") if "=" in item)
    try:
        ts = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs(time.time() - ts) > tolerance:
        return False
    expected = hmac.new(secret, f"{ts}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))


class WebhookHandler(BaseHTTPRequestHandler):
    secret: bytes | None = None
    counter = 0

    def _reply(self, code: int, payload: dict) -> None:
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(length)
        if self.secret and not valid_signature(self.secret, self.headers.get("Signature", ""), body):
            self._reply(400, {"error": "bad signature"})
            return
        try:
            event = json.loads(body)
        except json.JSONDecodeError:
            self._reply(400, {"error": "invalid json"})
            return
        type(self).counter += 1
        name = f"{int(time.time())}-{type(self).counter:04d}-{event.get('type', 'unknown')}.json"
        (INBOX / name).write_text(json.dumps(event, indent=2))
        print(f"<- {event.get('type', '?'):32s} saved {name}")
        self._reply(200, {"received": True})

    def do_GET(self) -> None:  # noqa: N802
        self._reply(200, {"ok": True, "received": type(self).counter})

    def log_message(self, fmt: str, *args) -> None:
        pass


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=4242)
    args = ap.parse_args()
    INBOX.mkdir(parents=True, exist_ok=True)
    secret = os.environ.get("WEBHOOK_SECRET")
    WebhookHandler.secret = secret.encode() if secret else None
    server = ThreadingHTTPServer(("127.0.0.1", args.port), WebhookHandler)
    print(f"listening on http://127.0.0.1:{args.port} (signature check: {'on' if secret else 'off'})")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print(f"\nstopped after {WebhookHandler.counter} event(s)")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
