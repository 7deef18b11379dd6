#!/usr/bin/env python3
"""Serve the generated dbt docs (target/) on localhost with auto-rebuild.

Binds to 127.0.0.1 only. Re-runs `dbt docs generate` when a model changes.
"""
import argparse
import functools
import http.server
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "target"
MODELS = ROOT / "models"


def snapshot(directory):
    state = {}
    for path in directory.rglob("*"):
        if path.suffix in (".sql", ".yml", ".md"):
            state[path] = path.stat().st_mtime
    return state


def regenerate():
    print("[docs] regenerating...", flush=True)
    proc = subprocess.run(["dbt", "docs", "generate", "--no-compile"], cwd=ROOT,
                          capture_output=True, text=True)
    if proc.returncode:
        print(proc.stdout[-2000:], proc.stderr[-2000:], sep="\n")
    else:
        print("[docs] ok", flush=True)


def watcher(interval, stop):
    last = snapshot(MODELS)
    while not stop.is_set():
        time.sleep(interval)
        current = snapshot(MODELS)
        if current != last:
            last = current
            regenerate()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        if os.environ.get("DOCS_VERBOSE"):
            super().log_message(fmt, *args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def serve(port):
    handler = functools.partial(QuietHandler, directory=str(TARGET))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    print(f"serving {TARGET} at http://127.0.0.1:{port}/")
    return server


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8580)
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--no-watch", action="store_true")
    args = ap.parse_args()

    if not (TARGET / "index.html").exists():
        regenerate()
    stop = threading.Event()
    if not args.no_watch:
        threading.Thread(target=watcher, args=(args.interval, stop), daemon=True).start()
    server = serve(args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopping")
    finally:
        stop.set()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
