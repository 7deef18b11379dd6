#!/usr/bin/env python3
"""Capture the docs portal on the staging server into a WARC with warcio.

Unlike the wget-based nightly crawl, this one renders a fixed URL list
(config/capture_urls.txt) plus the links found on those pages that stay on
allowed hosts, using requests wrapped by warcio's capture_http. It honours
robots.txt of the staging host, throttles itself, and stops cleanly on
SIGINT leaving a valid (if shorter) WARC.
"""
import argparse
import collections
import re
import signal
import sys
import time
import urllib.robotparser
from pathlib import Path
from urllib.parse import urljoin, urldefrag, urlparse

from warcio.capture_http import capture_http
import requests  # must be imported after capture_http

PROJECT = Path(__file__).resolve().parent.parent
URL_LIST = PROJECT / "config" / "capture_urls.txt"
OUT = PROJECT / "build" / "warc"
ALLOWED = {"docs.staging.internal", "static.staging.internal"}
LINK_RE = re.compile(r"""(?:href|src)=["']([^"'#]+)""", re.I)
UA = "docs-capture/2.0 (preservation team)"

stopping = False


def handle_sigint(_signum, _frame):
    global stopping
    if stopping:
        sys.exit(130)
    stopping = True
    print("\nstopping after the current request (Ctrl-C again to abort)")


def allowed(url):
    p = urlparse(url)
    return p.scheme in ("http", "https") and p.hostname in ALLOWED


def read_seeds():
    seeds = []
    for line in URL_LIST.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if not allowed(line):
            raise SystemExit(f"{URL_LIST.name}: {line} is not on an allowed host")
        seeds.append(line)
    return seeds


def robots_for(host, session):
    rp = urllib.robotparser.RobotFileParser()
    try:
        resp = session.get(f"https://{host}/robots.txt", timeout=10)
        rp.parse(resp.text.splitlines() if resp.ok else [])
    except requests.RequestException:
        rp.parse([])
    return rp


def extract_links(base, html):
    for raw in LINK_RE.findall(html):
        url, _frag = urldefrag(urljoin(base, raw))
        if allowed(url):
            yield url


def crawl(seeds, depth, delay, warc_path, max_pages):
    stats = collections.Counter()
    seen = set()
    queue = collections.deque((s, 0) for s in seeds)
    with capture_http(str(warc_path)):
        session = requests.Session()
        session.headers["User-Agent"] = UA
        robots = {h: robots_for(h, session) for h in ALLOWED}
        while queue and not stopping and stats["fetched"] < max_pages:
            url, d = queue.popleft()
            if url in seen:
                continue
            seen.add(url)
            host = urlparse(url).hostname
            if not robots[host].can_fetch(UA, url):
                stats["robots"] += 1
                continue
            for attempt in range(3):
                try:
                    resp = session.get(url, timeout=30)
                    break
                except requests.RequestException as exc:
                    if attempt == 2:
                        print(f"  giving up on {url}: {exc}")
                        resp = None
                    time.sleep(2 ** attempt)
            if resp is None:
                stats["errors"] += 1
                continue
            stats["fetched"] += 1
            stats[f"http_{resp.status_code // 100}xx"] += 1
            ctype = resp.headers.get("content-type", "")
            if d < depth and "html" in ctype:
                for link in extract_links(url, resp.text):
                    if link not in seen:
                        queue.append((link, d + 1))
            if stats["fetched"] % 25 == 0:
                print(f"  {stats['fetched']} fetched, {len(queue)} queued")
            time.sleep(delay)
    return stats


def verify(warc_path):
    """Re-read the WARC, check payload digests and build a small URL index."""
    from warcio.archiveiterator import ArchiveIterator

    index_path = warc_path.with_name(warc_path.name.replace(".warc.gz", ".urls.tsv"))
    counts = collections.Counter()
    with open(warc_path, "rb") as fh, open(index_path, "w") as idx:
        for rec in ArchiveIterator(fh, check_digests=True):
            counts[rec.rec_type] += 1
            if rec.digest_checker.passed is False:
                counts["bad_digest"] += 1
            if rec.rec_type == "response":
                uri = rec.rec_headers.get_header("WARC-Target-URI")
                status = rec.http_headers.get_statuscode() if rec.http_headers else "-"
                length = rec.rec_headers.get_header("Content-Length")
                idx.write(f"{uri}\t{status}\t{length}\n")
    return counts, index_path


def write_readme(warc_path, stats, counts, seeds):
    readme = warc_path.with_name(warc_path.name.replace(".warc.gz", ".README.txt"))
    lines = [
        f"capture: {warc_path.name}",
        f"date: {time.strftime('%Y-%m-%d %H:%M:%S')}",
        f"seeds: {len(seeds)} from {URL_LIST.relative_to(PROJECT)}",
        f"allowed hosts: {', '.join(sorted(ALLOWED))}",
        "fetch stats: " + ", ".join(f"{k}={v}" for k, v in sorted(stats.items())),
        "records: " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())),
        f"user agent: {UA}",
    ]
    readme.write_text("\n".join(lines) + "\n")
    return readme


def main():
    ap = argparse.ArgumentParser(description="warcio capture of the staging docs")
    ap.add_argument("--depth", type=int, default=1)
    ap.add_argument("--delay", type=float, default=0.5)
    ap.add_argument("--max-pages", type=int, default=2000)
    ap.add_argument("--name", default=time.strftime("docs-%Y%m%d-%H%M"))
    ap.add_argument("--keep", type=int, default=10, help="how many earlier captures to keep")
    args = ap.parse_args()

    OUT.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGINT, handle_sigint)
    warc = OUT / f"{args.name}.warc.gz"
    if warc.exists():
        raise SystemExit(f"{warc.relative_to(PROJECT)} already exists")
    seeds = read_seeds()
    print(f"{len(seeds)} seeds, depth {args.depth}, writing {warc.relative_to(PROJECT)}")
    t0 = time.time()
    stats = crawl(seeds, args.depth, args.delay, warc, args.max_pages)
    print(f"done in {time.time() - t0:.0f}s: " + ", ".join(f"{k}={v}" for k, v in sorted(stats.items())))
    counts, index_path = verify(warc)
    readme = write_readme(warc, stats, counts, seeds)
    print(f"index {index_path.name}, notes {readme.name}; bad digests: {counts['bad_digest']}")

    captures = sorted(OUT.glob("docs-*.warc.gz"))
    for old in captures[:-args.keep]:
        print(f"removing old capture {old.name}")
        old.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
