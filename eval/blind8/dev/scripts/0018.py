#!/usr/bin/env python3
"""Serve ./site on localhost and rebuild when markdown changes."""
import argparse
import functools
import http.server
import logging
import pathlib
import subprocess
import threading
import time

log = logging.getLogger("devserve")


def build(src, out):
    proc = subprocess.run(["python", "-m", "mkdocs", "build", "-q", "-d", out],
                          cwd=src, capture_output=True, text=True)
    if proc.returncode:
        log.error("build failed:\n%s", proc.stderr[-1500:])
    else:
        log.info("rebuilt")


def snapshot(root):
    return {p: p.stat().st_mtime for p in pathlib.Path(root).rglob("*.md")}


def watch(src, out, interval, stop):
    last = snapshot(src)
    while not stop.is_set():
        time.sleep(interval)
        now = snapshot(src)
        if now != last:
            changed = [str(p) for p in now if last.get(p) != now[p]]
            log.info("changed: %s", ", ".join(changed[:5]))
            build(src, out)
            last = now


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default=".")
    ap.add_argument("--out", default="site")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--interval", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    build(args.src, args.out)
    stop = threading.Event()
    t = threading.Thread(target=watch, args=(args.src, args.out, args.interval, stop),
                         daemon=True)
    t.start()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler,
                                directory=str(pathlib.Path(args.src) / args.out))
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as httpd:
        log.info("serving on http://127.0.0.1:%d", args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            stop.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
