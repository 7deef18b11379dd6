#!/usr/bin/env python3
"""Serve the docs/_build/html site on localhost with automatic rebuild.

Watches docs/ for changes, reruns sphinx-build, and serves the result on
127.0.0.1 only. Browser tabs poll /__reload to know when to refresh.
"""
from __future__ import annotations

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
DOCS = ROOT / "docs"
BUILD = DOCS / "_build" / "html"
WATCH_SUFFIXES = {".rst", ".md", ".py", ".css", ".html", ".txt"}

RELOAD_SNIPPET = b"""
<script>
(function(){let v=null;setInterval(async()=>{const r=await fetch('/__reload');
const t=await r.text();if(v!==null&&t!==v){location.reload()}v=t},1000)})();
</script>
"""


class State:
    generation = 0
    lock = threading.Lock()

    @classmethod
    def bump(cls) -> None:
        with cls.lock:
            cls.generation += 1


def snapshot() -> dict[Path, float]:
    return {p: p.stat().st_mtime for p in DOCS.rglob("*")
            if p.suffix in WATCH_SUFFIXES and "_build" not in p.parts}


def build() -> bool:
    started = time.monotonic()
    proc = subprocess.run(["sphinx-build", "-q", "-b", "html", str(DOCS), str(BUILD)],
                          cwd=ROOT, capture_output=True, text=True)
    took = time.monotonic() - started
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
        print(f"build failed after {took:.1f}s")
        return False
    print(f"rebuilt in {took:.1f}s")
    State.bump()
    return True


def watch(interval: float) -> None:
    seen = snapshot()
    while True:
        time.sleep(interval)
        now = snapshot()
        if now != seen:
            changed = [p.name for p in now if seen.get(p) != now[p]][:3]
            print(f"change detected: {', '.join(changed)}")
            seen = now
            build()


class Handler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802
        if self.path == "/__reload":
            body = str(State.generation).encode()
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

    def log_message(self, fmt: str, *args) -> None:
        if os.environ.get("DOCS_VERBOSE"):
            super().log_message(fmt, *args)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--interval", type=float, default=1.0)
    args = ap.parse_args()
    if not build():
        return 1
    threading.Thread(target=watch, args=(args.interval,), daemon=True).start()
    handler = functools.partial(Handler, directory=str(BUILD))
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as httpd:
        print(f"serving http://127.0.0.1:{args.port}/ (Ctrl-C to stop)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
