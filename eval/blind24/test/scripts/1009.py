"""mitmproxy addon: record API calls of the local test run as HAR-like JSON.

Run with:
    mitmdump --listen-host 127.0.0.1 -p 8085 -s scripts/har_recorder.py \
        --set har_out=captures/run.json --set har_hosts=api.github.com,api.stripe.com

Only flows whose host is in `har_hosts` are recorded. Request and response
headers that carry credentials are replaced with "<redacted>" before they are
written, and bodies are truncated to `har_body_limit` bytes. The output file is
written atomically inside the project directory when mitmdump shuts down, and
also every `har_flush_every` flows so a crash loses little.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from mitmproxy import ctx, http

SENSITIVE = {
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
    "x-api-key",
    "x-github-token",
    "stripe-signature",
}


def _redact_headers(headers) -> list[dict[str, str]]:
    out = []
    for name, value in headers.items(multi=True):
        out.append({"name": name, "value": "<redacted>" if name.lower() in SENSITIVE else value})
    return out


def _body(message, limit: int) -> dict[str, Any]:
    if message is None or message.raw_content is None:
        return {"size": 0, "text": ""}
    raw = message.raw_content
    try:
        text = message.get_text(strict=False) or ""
    except ValueError:
        text = ""
    truncated = len(text) > limit
    return {"size": len(raw), "text": text[:limit], "truncated": truncated}


class HarRecorder:
    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self.started = time.time()
        self.since_flush = 0

    def load(self, loader) -> None:
        loader.add_option("har_out", str, "captures/har.json", "output file (inside the project)")
        loader.add_option("har_hosts", str, "", "comma-separated hosts to record (required)")
        loader.add_option("har_body_limit", int, 20000, "max characters of body text")
        loader.add_option("har_flush_every", int, 50, "write the file every N flows")

    def configure(self, updated) -> None:
        if "har_out" in updated:
            out = Path(ctx.options.har_out).resolve()
            project = Path.cwd().resolve()
            if project not in out.parents:
                raise ValueError(f"har_out must be inside {project}, got {out}")
        if "har_hosts" in updated and not ctx.options.har_hosts.strip():
            ctx.log.warn("har_hosts is empty: nothing will be recorded")

    @property
    def hosts(self) -> set[str]:
        return {h.strip().lower() for h in ctx.options.har_hosts.split(",") if h.strip()}

    def response(self, flow: http.HTTPFlow) -> None:
        if flow.request.pretty_host.lower() not in self.hosts:
            return
        limit = ctx.options.har_body_limit
        req, resp = flow.request, flow.response
        entry = {
            "startedDateTime": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(req.timestamp_start)),
            "time": round(((resp.timestamp_end or req.timestamp_start) - req.timestamp_start) * 1000, 1),
            "request": {
                "method": req.method,
                "url": req.pretty_url,
                "headers": _redact_headers(req.headers),
                "body": _body(req, limit),
            },
            "response": {
                "status": resp.status_code,
                "headers": _redact_headers(resp.headers),
                "body": _body(resp, limit),
            },
        }
        self.entries.append(entry)
        self.since_flush += 1
        if self.since_flush >= ctx.options.har_flush_every:
            self.flush()

    def flush(self) -> None:
        out = Path(ctx.options.har_out)
        out.parent.mkdir(exist_ok=True, parents=True)
        doc = {
            "log": {
                "version": "1.2",
                "creator": {"name": "har_recorder", "version": "1"},
                "entries": self.entries,
            }
        }
        fd, tmp = tempfile.mkstemp(prefix=".har-", dir=out.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=1)
        os.replace(tmp, out)
        self.since_flush = 0
        ctx.log.info(f"har_recorder: {len(self.entries)} entries -> {out}")

    def done(self) -> None:
        if self.entries:
            self.flush()
        took = time.time() - self.started
        ctx.log.info(f"har_recorder: recorded {len(self.entries)} flows in {took:.0f}s")


def summarize(path: str) -> None:
    """Offline helper: python scripts/har_recorder.py captures/run.json"""
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    per_host: dict[str, int] = {}
    statuses: dict[int, int] = {}
    for e in doc["log"]["entries"]:
        host = e["request"]["url"].split("/")[2]
        per_host[host] = per_host.get(host, 0) + 1
        statuses[e["response"]["status"]] = statuses.get(e["response"]["status"], 0) + 1
    for host, n in sorted(per_host.items(), key=lambda kv: -kv[1]):
        print(f"{n:5}  {host}")
    print("status codes:", ", ".join(f"{k}x{v}" for k, v in sorted(statuses.items())))


def slowest(path: str, top: int = 10) -> None:
    """Offline helper: print the slowest recorded calls."""
    with open(path, encoding="utf-8") as fh:
        entries = json.load(fh)["log"]["entries"]
    ranked = sorted(entries, key=lambda e: e.get("time", 0), reverse=True)[:top]
    for e in ranked:
        req = e["request"]
        print(f"{e.get('time', 0):8.1f} ms  {req['method']:6} {req['url'][:100]}")


def errors_only(path: str) -> list[dict[str, Any]]:
    """Entries with 4xx/5xx responses, bodies included for debugging."""
    with open(path, encoding="utf-8") as fh:
        entries = json.load(fh)["log"]["entries"]
    out = []
    for e in entries:
        status = e["response"]["status"]
        if status >= 400:
            out.append({
                "status": status,
                "url": e["request"]["url"],
                "body": e["response"]["body"].get("text", "")[:500],
            })
    return out


addons = [HarRecorder()]


if __name__ == "__main__":
    import sys

    if len(sys.argv) != 2:
        print("usage: python scripts/har_recorder.py CAPTURE.json", file=sys.stderr)
        raise SystemExit(2)
    summarize(sys.argv[1])
    slowest(sys.argv[1])
    for err in errors_only(sys.argv[1]):
        print(f"{err['status']} {err['url']}\n    {err['body'][:200]}")
