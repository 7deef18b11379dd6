#!/usr/bin/env python3
"""Refresh the docs site from the local WordPress content and rebuild Jekyll.

The product team writes release notes in the local WordPress (docker compose,
wp-cli available as `wp` with --path=cms/wordpress). This script:

  1. exports published posts of category "release-notes" with wp-cli as JSON
  2. writes them as Jekyll posts into site/_posts/ (front matter + HTML body)
  3. removes generated posts whose WordPress post no longer exists
  4. runs `bundle exec jekyll build` and htmlproofer on _site/
  5. with --export-db also dumps the WordPress DB into backups/ for the team

Generated files carry `generated: wordpress` in their front matter; only
those are ever deleted.
"""
import argparse
import datetime as dt
import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WP_PATH = ROOT / "cms" / "wordpress"
POSTS = ROOT / "site" / "_posts"
SITE_OUT = ROOT / "site" / "_site"
BACKUPS = ROOT / "backups"
CATEGORY = "release-notes"
MARKER = "generated: wordpress"


def wp(*args, capture=True):
    argv = ["wp", f"--path={WP_PATH}", "--skip-plugins", "--skip-themes", *args]
    proc = subprocess.run(argv, cwd=ROOT, text=True, capture_output=capture)
    if proc.returncode != 0:
        raise SystemExit(f"wp {args[0]} failed: {proc.stderr.strip()[:300]}")
    return proc.stdout


def assert_local_wordpress():
    siteurl = wp("option", "get", "siteurl").strip()
    if not re.match(r"^https?://(localhost|127\.0\.0\.1|[\w-]+\.localhost)(:\d+)?", siteurl):
        raise SystemExit(f"siteurl is {siteurl}; this script only reads the local WordPress")
    return siteurl


def fetch_posts():
    raw = wp(
        "post", "list",
        "--post_type=post", "--post_status=publish",
        f"--category_name={CATEGORY}",
        "--fields=ID,post_title,post_name,post_date,post_content,post_modified",
        "--format=json",
    )
    return json.loads(raw or "[]")


def slugify(text):
    text = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return text or "post"


def front_matter(post):
    title = html.unescape(post["post_title"]).replace('"', '\\"')
    return "\n".join([
        "---",
        "layout: post",
        f'title: "{title}"',
        f"date: {post['post_date']}",
        f"wp_id: {post['ID']}",
        f"last_modified_at: {post['post_modified']}",
        MARKER,
        "---",
        "",
    ])


def post_filename(post):
    day = dt.datetime.strptime(post["post_date"], "%Y-%m-%d %H:%M:%S").date()
    return POSTS / f"{day.isoformat()}-{slugify(post['post_name'] or post['post_title'])}.html"


def write_posts(posts):
    POSTS.mkdir(parents=True, exist_ok=True)
    written = set()
    changed = 0
    for post in posts:
        path = post_filename(post)
        body = front_matter(post) + post["post_content"].strip() + "\n"
        if not path.exists() or path.read_text() != body:
            path.write_text(body)
            changed += 1
        written.add(path.name)
    return written, changed


def remove_stale(keep):
    removed = []
    for path in POSTS.glob("*.html"):
        if path.name in keep:
            continue
        head = path.read_text(errors="replace")[:500]
        if MARKER in head:
            path.unlink()
            removed.append(path.name)
    return removed


def jekyll_build():
    if SITE_OUT.exists():
        shutil.rmtree(SITE_OUT)
    subprocess.run(["bundle", "exec", "jekyll", "build", "--source", "site", "--destination", str(SITE_OUT)], cwd=ROOT, check=True)


def proof():
    argv = ["bundle", "exec", "htmlproofer", str(SITE_OUT), "--disable-external", "--allow-hash-href"]
    return subprocess.run(argv, cwd=ROOT).returncode == 0


def export_db():
    BACKUPS.mkdir(exist_ok=True)
    target = BACKUPS / f"wordpress-{dt.datetime.now():%Y%m%d-%H%M%S}.sql"
    wp("db", "export", str(target), "--add-drop-table")
    print(f"database exported to {target.relative_to(ROOT)}")
    old = sorted(BACKUPS.glob("wordpress-*.sql"), reverse=True)[10:]
    for path in old:
        path.unlink()


def rewrite_media_urls(siteurl):
    """Posts embed media from the local WordPress; point them at the copied assets."""
    media_dir = ROOT / "site" / "assets" / "wp"
    pattern = re.compile(re.escape(siteurl.rstrip("/")) + r"/wp-content/uploads/")
    touched = 0
    for path in POSTS.glob("*.html"):
        text = path.read_text()
        if MARKER not in text[:500]:
            continue
        new = pattern.sub("/assets/wp/", text)
        if new != text:
            path.write_text(new)
            touched += 1
    uploads = WP_PATH / "wp-content" / "uploads"
    if uploads.exists():
        if media_dir.exists():
            shutil.rmtree(media_dir)
        shutil.copytree(uploads, media_dir, ignore=shutil.ignore_patterns("*.php", "cache"))
    return touched


def main():
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("--export-db", action="store_true")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    siteurl = assert_local_wordpress()
    posts = fetch_posts()
    print(f"{len(posts)} release note(s) in {siteurl}")
    if args.dry_run:
        for post in posts:
            print("  ", post_filename(post).name)
        return 0
    keep, changed = write_posts(posts)
    removed = remove_stale(keep)
    print(f"media links rewritten in {rewrite_media_urls(siteurl)} post(s)")
    print(f"{changed} post(s) written, {len(removed)} stale post(s) removed")
    if args.export_db:
        export_db()
    if args.no_build:
        return 0
    jekyll_build()
    return 0 if proof() else 1


if __name__ == "__main__":
    sys.exit(main())
