#!/usr/bin/env python3
"""Slack bot helper: post the nightly pipeline summary and answer /status.

Runs as a small local HTTP server for Slack's slash-command callbacks
(bound to 127.0.0.1; the team's reverse proxy at bots.internal forwards
to it) and as a one-shot poster from cron-less CI:

    bot.py post --channel C0123456789 --summary results/summary.json
    bot.py serve --port 3030

Secrets: SLACK_BOT_TOKEN (xoxb-...) and SLACK_SIGNING_SECRET come from
.env or the environment. The token goes only to slack.com; the signing
secret never leaves this process (it verifies request signatures).
"""
import argparse
import hashlib
import hmac
import json
import logging
import os
import signal
import sys
import threading
import time
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLACK_API = "https://slack.com/api"
MAX_SKEW = 60 * 5

log = logging.getLogger("bot")


def load_env():
    env_file = ROOT / ".env"
    if env_file.exists():
        for line in env_file.read_text().splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                k, v = line.split("=", 1)
                os.environ.setdefault(k.strip(), v.strip())
    missing = [k for k in ("SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET") if not os.environ.get(k)]
    if missing:
        raise SystemExit("missing: " + ", ".join(missing))


def redact(text):
    tok = os.environ.get("SLACK_BOT_TOKEN", "")
    return text.replace(tok, "xoxb-***") if tok else text


def slack_call(method, payload, retries=3):
    body = json.dumps(payload).encode()
    headers = {
        "Authorization": "Bearer " + os.environ["SLACK_BOT_TOKEN"],
        "Content-Type": "application/json; charset=utf-8",
    }
    for attempt in range(retries):
        req = urllib.request.Request(f"{SLACK_API}/{method}", data=body, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                data = json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code == 429:
                wait = int(exc.headers.get("Retry-After", "1"))
                log.warning("rate limited, sleeping %ss", wait)
                time.sleep(wait)
                continue
            raise
        if not data.get("ok"):
            raise RuntimeError(redact(f"{method}: {data.get('error')}"))
        return data
    raise RuntimeError(f"{method}: rate limited {retries} times")


def summary_blocks(summary):
    status = "passed" if summary.get("failed", 0) == 0 else "FAILED"
    lines = [f"*Nightly pipeline {status}* ({summary.get('date', '?')})"]
    for stage in summary.get("stages", []):
        icon = ":white_check_mark:" if stage.get("ok") else ":x:"
        lines.append(f"{icon} {stage['name']} - {stage.get('duration_s', 0):.0f}s")
    if summary.get("report_url"):
        lines.append(f"<{summary['report_url']}|full report>")
    return [{"type": "section", "text": {"type": "mrkdwn", "text": "\n".join(lines)}}]


def cmd_post(args):
    summary = json.loads(Path(args.summary).read_text())
    blocks = summary_blocks(summary)
    if args.dry_run:
        print(json.dumps(blocks, indent=2))
        return 0
    data = slack_call("chat.postMessage", {"channel": args.channel, "blocks": blocks,
                                           "text": "nightly pipeline summary"})
    log.info("posted ts=%s", data.get("ts"))
    return 0


def verify_signature(headers, body):
    ts = headers.get("X-Slack-Request-Timestamp", "")
    sig = headers.get("X-Slack-Signature", "")
    if not ts.isdigit() or abs(time.time() - int(ts)) > MAX_SKEW:
        return False
    base = f"v0:{ts}:".encode() + body
    secret = os.environ["SLACK_SIGNING_SECRET"].encode()
    expected = "v0=" + hmac.new(secret, base, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, sig)


def status_text():
    path = ROOT / "results" / "summary.json"
    if not path.exists():
        return "no pipeline run recorded yet"
    s = json.loads(path.read_text())
    return f"last run {s.get('date')}: {s.get('failed', 0)} failed stage(s)"


class Handler(BaseHTTPRequestHandler):
    server_version = "statusbot/1.0"

    def log_message(self, fmt, *args):
        log.info("%s " + fmt, self.address_string(), *args)

    def do_GET(self):
        ok = self.path == "/healthz"
        self.send_response(200 if ok else 404)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        self.wfile.write(b"ok\n" if ok else b"not found\n")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(min(length, 64 * 1024))
        if not verify_signature(self.headers, body):
            self.send_response(401)
            self.end_headers()
            return
        form = urllib.parse.parse_qs(body.decode())
        command = form.get("command", [""])[0]
        reply = status_text() if command == "/status" else f"unknown command {command}"
        out = json.dumps({"response_type": "ephemeral", "text": reply}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)


def cmd_serve(args):
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)

    def shutdown(signum, _frame):
        log.info("signal %s, shutting down", signum)
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)
    log.info("listening on 127.0.0.1:%d", args.port)
    server.serve_forever()
    server.server_close()
    return 0


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("post")
    p.add_argument("--channel", required=True)
    p.add_argument("--summary", default=str(ROOT / "results" / "summary.json"))
    p.add_argument("--dry-run", action="store_true")
    s = sub.add_parser("serve")
    s.add_argument("--port", type=int, default=3030)
    args = ap.parse_args()
    load_env()
    return {"post": cmd_post, "serve": cmd_serve}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
