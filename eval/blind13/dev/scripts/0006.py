#!/usr/bin/env python3
"""Serve the built docs site on 127.0.0.1 with live reload of changed pages.

Binds to the loopback interface only. A background thread polls ./site for
changes and bumps a version number that the injected snippet polls.
"""
import argparse
import functools
import http.server
import os
import socketserver
import sys
import threading
import time
from pathlib import Path

RELOAD_SNIPPET = b"""
<script>
(function poll(v){fetch('/__version').then(r=>r.text()).then(n=>{
  if(v!==null && n!==v){location.reload()} setTimeout(()=>poll(n),1000)})})(null);
</script>
"""


class VersionCounter:
    def __init__(self):
        self._value = 0
        self._lock = threading.Lock()

    def bump(self):
        with self._lock:
            self._value += 1

    @property
    def value(self) -> int:
        with self._lock:
            return self._value


def snapshot(root: Path) -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in root.rglob("*") if p.is_file()}


def watch(root: Path, counter: VersionCounter, interval: float, stop: threading.Event):
    previous = snapshot(root)
    while not stop.wait(interval):
        current = snapshot(root)
        if current != previous:
            counter.bump()
            print(f"[docs] change detected, version {counter.value}")
            previous = current


class DocsHandler(http.server.SimpleHTTPRequestHandler):
    counter: VersionCounter = None

    def do_GET(self):
        if self.path == "/__version":
            body = str(self.counter.value).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path.endswith("/") or self.path.endswith(".html"):
            target = Path(self.translate_path(self.path))
            if target.is_dir():
                target = target / "index.html"
            if target.exists():
                html = target.read_bytes().replace(b"</body>", RELOAD_SNIPPET + b"</body>")
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(html)))
                self.end_headers()
                self.wfile.write(html)
                return
        super().do_GET()

    def log_message(self, fmt, *args):
        sys.stderr.write("[docs] " + fmt % args + "\n")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--root", default="site")
    args = parser.parse_args()
    root = Path(args.root).resolve()
    if not root.is_dir():
        print(f"{root} missing; run the docs build first", file=sys.stderr)
        return 1

    counter = VersionCounter()
    DocsHandler.counter = counter
    stop = threading.Event()
    threading.Thread(target=watch, args=(root, counter, 1.0, stop), daemon=True).start()
    handler = functools.partial(DocsHandler, directory=str(root))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("127.0.0.1", args.port), handler) as httpd:
        print(f"serving {root} at http://127.0.0.1:{args.port}/")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
