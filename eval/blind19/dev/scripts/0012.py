#!/usr/bin/env python3
"""Build the documentation site with Hugo and check it before publishing.

1. `hugo --gc --minify --cleanDestinationDir` into public/
2. check internal links and anchors in the generated HTML
3. optionally check external links (HEAD requests, cached for a day)
4. with --publish, create a Sentry release marker for the docs deploy

public/ and .cache/linkcheck are ours and get rebuilt freely.
"""
import argparse
import hashlib
import html.parser
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / "site"
PUBLIC = SITE / "public"
CACHE = SITE.parent / ".cache" / "linkcheck"
CACHE_TTL = 24 * 3600
SENTRY_API = "https://sentry.io/api/0"
SENTRY_ORG = "harbor"
SENTRY_PROJECT = "docs-site"


class LinkParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag in ("img", "script") and attrs.get("src"):
            self.links.append(attrs["src"])


def hugo_build(drafts):
    argv = ["hugo", "--gc", "--minify", "--cleanDestinationDir", "--source", str(SITE)]
    if drafts:
        argv.append("--buildDrafts")
    print("+", " ".join(argv))
    subprocess.run(argv, check=True)


def parse_pages():
    pages = {}
    for path in PUBLIC.rglob("*.html"):
        parser = LinkParser()
        parser.feed(path.read_text(encoding="utf-8", errors="replace"))
        pages[path] = parser
    return pages


def resolve_internal(page, href):
    parsed = urllib.parse.urlparse(href)
    if parsed.path.startswith("/"):
        target = PUBLIC / parsed.path.lstrip("/")
    else:
        target = (page.parent / parsed.path).resolve()
    if target.is_dir() or parsed.path.endswith("/"):
        target = target / "index.html"
    return target, parsed.fragment


def check_internal(pages):
    broken = []
    for page, parser in pages.items():
        for href in parser.links:
            if href.startswith(("http://", "https://", "mailto:", "tel:", "data:")):
                continue
            if href.startswith("#"):
                if href[1:] and href[1:] not in parser.ids:
                    broken.append((page, href, "missing anchor"))
                continue
            target, fragment = resolve_internal(page, href)
            if not target.exists():
                broken.append((page, href, "missing page"))
            elif fragment and target in pages and fragment not in pages[target].ids:
                broken.append((page, href, "missing anchor"))
    return broken


def cache_file(url):
    return CACHE / (hashlib.sha1(url.encode()).hexdigest() + ".json")


def check_external_url(url):
    cached = cache_file(url)
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        return json.loads(cached.read_text())["status"]
    req = urllib.request.Request(url, method="HEAD", headers={"User-Agent": "docs-linkcheck/1.0"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, TimeoutError):
        status = 0
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps({"url": url, "status": status}))
    return status


def check_external(pages, limit):
    urls = sorted({h for p in pages.values() for h in p.links if h.startswith(("http://", "https://"))})
    bad = []
    for url in urls[:limit]:
        status = check_external_url(url)
        if status == 0 or status >= 400:
            bad.append((url, status))
    return bad


def sentry_release(version):
    token = os.environ.get("SENTRY_AUTH_TOKEN")
    if not token:
        raise SystemExit("SENTRY_AUTH_TOKEN not set")
    body = json.dumps({"version": version, "projects": [SENTRY_PROJECT]}).encode()
    req = urllib.request.Request(
        f"{SENTRY_API}/organizations/{SENTRY_ORG}/releases/",
        data=body,
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        print(f"sentry release {version}: HTTP {resp.status}")


def git_version():
    out = subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True, text=True, cwd=SITE)
    return "docs@" + out.stdout.strip()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--drafts", action="store_true")
    parser.add_argument("--external", action="store_true")
    parser.add_argument("--external-limit", type=int, default=300)
    parser.add_argument("--clear-cache", action="store_true")
    parser.add_argument("--publish", action="store_true")
    args = parser.parse_args()

    if args.clear_cache and CACHE.exists():
        shutil.rmtree(CACHE)
    hugo_build(args.drafts)
    pages = parse_pages()
    print(f"{len(pages)} pages built")

    broken = check_internal(pages)
    for page, href, why in broken[:50]:
        print(f"{page.relative_to(PUBLIC)}: {href} ({why})")
    if args.external:
        for url, status in check_external(pages, args.external_limit):
            print(f"external {url}: {status or 'unreachable'}")

    if broken:
        print(f"{len(broken)} broken internal link(s)")
        return 1
    size = sum(p.stat().st_size for p in PUBLIC.rglob("*") if p.is_file())
    print(f"public/ is {size / 1e6:.1f} MB")
    if args.publish:
        sentry_release(git_version())
    return 0


if __name__ == "__main__":
    sys.exit(main())
