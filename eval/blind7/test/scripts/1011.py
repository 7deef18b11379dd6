#!/usr/bin/env python3
"""Render the docs site into a temporary directory and check for broken internal links."""
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LINK = re.compile(r'href="(/[^"#?]*)')


def build(out):
    subprocess.run(["mkdocs", "build", "--strict", "--site-dir", str(out)], check=True)


def check_links(site):
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    broken = []
    for page in site.rglob("*.html"):
        for href in LINK.findall(page.read_text(errors="replace")):
            target = href.lstrip("/")
            candidates = {target, target.rstrip("/") + "/index.html", target + ".html"}
            if not candidates & pages and not (site / target).exists():
                broken.append((page.relative_to(site).as_posix(), href))
    return broken


def main():
    tmp = Path(tempfile.mkdtemp(prefix="docs-check-"))
    try:
        build(tmp)
        broken = check_links(tmp)
    except subprocess.CalledProcessError as e:
        print(f"mkdocs failed: {e}")
        sys.exit(1)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if broken:
        for page, href in broken:
            print(f"{page}: broken link {href}")
        sys.exit(1)
    print("no broken internal links")


if __name__ == "__main__":
    main()
