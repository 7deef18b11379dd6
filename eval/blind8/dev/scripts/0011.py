#!/usr/bin/env python3
"""Export the generated API docs so the docs site checkout can pick them up."""
import argparse
import logging
import os
import pathlib
import shutil
import subprocess

log = logging.getLogger("exportdocs")


def build_docs(src, out):
    subprocess.run(["sphinx-build", "-q", "-b", "html", src, out], check=True)


def sibling_checkout(name):
    # the docs site repo is expected next to this project
    here = pathlib.Path.cwd().resolve()
    return here.parent / name / "content" / "api"


def export(out, dest, clean):
    dest = pathlib.Path(dest)
    if clean and dest.exists():
        log.info("replacing %s", dest)
        shutil.rmtree(dest)
    dest.mkdir(parents=True, exist_ok=True)
    count = 0
    for f in pathlib.Path(out).rglob("*.html"):
        rel = f.relative_to(out)
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, dest / rel)
        count += 1
    return count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default="docs")
    ap.add_argument("--out", default="docs/_build/html")
    ap.add_argument("--site", default="docs-site")
    ap.add_argument("--no-clean", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        build_docs(args.src, args.out)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("sphinx failed: %s", exc)
        return 1
    dest = os.environ.get("DOCS_EXPORT_DIR") or sibling_checkout(args.site)
    n = export(args.out, dest, not args.no_clean)
    log.info("exported %d pages to %s", n, dest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
