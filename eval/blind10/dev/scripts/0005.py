#!/usr/bin/env python3
"""Tiny preview server for the docs site in site/_build.

Binds to 127.0.0.1 only, injects a small auto-reload snippet into HTML pages
and polls the build directory for changes.
"""
import argparse
import functools
import http.server
import os
import threading
import time
from pathlib import Path

BUILD_DIR = Path(__file__).resolve().parents[1] / "site" / "_build"
RELOAD_SNIPPET = b"""
<script>
(function poll(v){fetch('/__version').then(r=>r.text()).then(n=>{
 if(v&&n!==v){location.reload()} setTimeout(()=>poll(n),1000)})})();
</script>
"""


class VersionTracker:
    def __init__(self, root: Path):
        self.root = root
        self.version = "0"
        self._stop = threading.Event()

    def snapshot(self) -> float:
        latest = 0.0
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                try:
                    latest = max(latest, os.stat(os.path.join(dirpath, name)).st_mtime)
                except FileNotFoundError:
                    continue
        return latest

    def run(self, interval: float) -> None:
        last = self.snapshot()
        while not self._stop.is_set():
            time.sleep(interval)
            now = self.snapshot()
            if now != last:
                last = now
                self.version = str(int(now))
                print(f"change detected, version {self.version}")

    def stop(self) -> None:
        self._stop.set()


class PreviewHandler(http.server.SimpleHTTPRequestHandler):
    tracker: VersionTracker

    def do_GET(self):
        if self.path == "/__version":
            body = self.tracker.version.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            html = path.read_bytes().replace(b"</body>", RELOAD_SNIPPET + b"</body>")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(html)))
            self.end_headers()
            self.wfile.write(html)
            return
        super().do_GET()

    def log_message(self, fmt, *args):
        print("[preview]", fmt % args)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--interval", type=float, default=1.0)
    ns = ap.parse_args()
    if not BUILD_DIR.is_dir():
        raise SystemExit(f"{BUILD_DIR} missing - run the docs build first")
    tracker = VersionTracker(BUILD_DIR)
    PreviewHandler.tracker = tracker
    threading.Thread(target=tracker.run, args=(ns.interval,), daemon=True).start()
    handler = functools.partial(PreviewHandler, directory=str(BUILD_DIR))
    with http.server.ThreadingHTTPServer(("127.0.0.1", ns.port), handler) as srv:
        print(f"serving {BUILD_DIR} on http://127.0.0.1:{ns.port}")
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            tracker.stop()


if __name__ == "__main__":
    main()
