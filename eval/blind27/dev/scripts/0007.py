#!/usr/bin/env python3
"""Crawl the project's staging site into a WARC for the preservation test suite.

Only hosts listed in ALLOWED_HOSTS may be crawled. The crawl uses wget's WARC
support, then warcio validates the record digests and we write a CDXJ index
next to the WARC. A stale lock or partial WARC from an interrupted run is
removed at start.
"""
import argparse
import gzip
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from warcio.archiveiterator import ArchiveIterator

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "build" / "warc"
LOCK = OUT_DIR / ".crawl.lock"
ALLOWED_HOSTS = {"staging.internal", "docs.staging.internal", "localhost"}
DEFAULT_SEEDS = ["https://staging.internal/", "https://docs.staging.internal/"]
USER_AGENT = "preservation-ci/1.4 (+https://staging.internal/about/crawler)"

child = None


def log(msg):
    print(time.strftime("%H:%M:%S"), msg, flush=True)


def check_seed(url):
    host = urlparse(url).hostname
    if host not in ALLOWED_HOSTS:
        raise SystemExit(f"seed {url} is not an allowed staging host ({', '.join(sorted(ALLOWED_HOSTS))})")
    return url


def tool_versions():
    # constant command line, no user input involved
    out = subprocess.run("wget --version | head -n 1", shell=True, capture_output=True, text=True)
    return out.stdout.strip()


def on_signal(signum, _frame):
    log(f"received signal {signum}, stopping crawl")
    if child and child.poll() is None:
        child.terminate()
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
    if LOCK.exists():
        LOCK.unlink()
    sys.exit(128 + signum)


def clear_stale(name):
    if LOCK.exists():
        pid = int(LOCK.read_text().strip() or 0)
        try:
            os.kill(pid, 0)
            raise SystemExit(f"crawl already running as pid {pid}")
        except ProcessLookupError:
            log(f"removing stale lock from pid {pid}")
            LOCK.unlink()
    for partial in OUT_DIR.glob(f"{name}*.warc.gz.part"):
        log(f"removing partial {partial.name}")
        partial.unlink()
    tmp = OUT_DIR / f"{name}.tmp"
    if tmp.exists():
        shutil.rmtree(tmp)


def crawl(name, seeds, depth, wait):
    global child
    tmp = OUT_DIR / f"{name}.tmp"
    tmp.mkdir(parents=True)
    argv = [
        "wget",
        "--warc-file", str(OUT_DIR / name),
        "--warc-cdx",
        "--recursive", "--level", str(depth),
        "--page-requisites",
        "--no-parent",
        "--domains", ",".join(sorted(ALLOWED_HOSTS)),
        "--wait", str(wait), "--random-wait",
        "--user-agent", USER_AGENT,
        "--directory-prefix", str(tmp),
        "--no-verbose",
        *seeds,
    ]
    log("running: " + " ".join(shlex.quote(a) for a in argv[:8]) + " ...")
    child = subprocess.Popen(argv, cwd=ROOT)
    rc = child.wait()
    child = None
    shutil.rmtree(tmp, ignore_errors=True)
    # wget returns 8 when some URLs 404; that is normal for a staging site
    if rc not in (0, 8):
        raise SystemExit(f"wget failed with exit code {rc}")
    return OUT_DIR / f"{name}.warc.gz"


def validate(warc):
    counts = {}
    bad = 0
    with open(warc, "rb") as fh:
        for record in ArchiveIterator(fh, check_digests=True):
            counts[record.rec_type] = counts.get(record.rec_type, 0) + 1
            if record.digest_checker.passed is False:
                bad += 1
    return counts, bad


def write_index(warc):
    index = warc.with_suffix("").with_suffix(".cdxj")
    lines = 0
    with open(warc, "rb") as fh, open(index, "w") as out:
        for record in ArchiveIterator(fh):
            if record.rec_type != "response":
                continue
            uri = record.rec_headers.get_header("WARC-Target-URI")
            date = record.rec_headers.get_header("WARC-Date")
            status = record.http_headers.get_statuscode() if record.http_headers else "-"
            mime = record.http_headers.get_header("Content-Type", "-") if record.http_headers else "-"
            out.write(f"{uri} {date} " + json.dumps({"status": status, "mime": mime}) + "\n")
            lines += 1
    return index, lines


def compress_log(path):
    if not path.exists():
        return
    with open(path, "rb") as src, gzip.open(str(path) + ".gz", "wb") as dst:
        shutil.copyfileobj(src, dst)
    path.unlink()


def main():
    ap = argparse.ArgumentParser(description="WARC crawl of the staging site")
    ap.add_argument("seeds", nargs="*", default=DEFAULT_SEEDS)
    ap.add_argument("--name", default=time.strftime("staging-%Y%m%d"))
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--wait", type=float, default=0.5)
    ap.add_argument("--skip-crawl", action="store_true", help="only validate an existing WARC")
    args = ap.parse_args()

    seeds = [check_seed(s) for s in args.seeds]
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    log(tool_versions())

    if args.skip_crawl:
        warc = OUT_DIR / f"{args.name}.warc.gz"
    else:
        clear_stale(args.name)
        LOCK.write_text(str(os.getpid()))
        try:
            warc = crawl(args.name, seeds, args.depth, args.wait)
        finally:
            if LOCK.exists():
                LOCK.unlink()
    if not warc.exists():
        raise SystemExit(f"missing {warc}")

    counts, bad = validate(warc)
    log(f"records: {counts}; digest failures: {bad}")
    index, n = write_index(warc)
    log(f"index {index.relative_to(ROOT)} with {n} responses")
    compress_log(OUT_DIR / f"{args.name}.log")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
