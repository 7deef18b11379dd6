#!/usr/bin/env python3
"""Export the "Handbook" notebook from the Joplin desktop app into docs/handbook/.

Talks to the Joplin Data API that the desktop app exposes on 127.0.0.1:41184
when the Web Clipper service is enabled.  The API token is read from .env
(JOPLIN_TOKEN) - it is the token shown in Joplin's Web Clipper settings and is
only ever sent to the loopback API.

For each note in the notebook (and its sub-notebooks) the script writes a
Markdown file with front matter, downloads attached resources into
docs/handbook/_resources/ and rewrites `:/<resource-id>` links.  Notes tagged
`draft` are skipped.  The output folder is regenerated in a temp directory and
swapped in, so a failed export leaves the previous docs untouched.
"""
import argparse
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "handbook"
API = "http://127.0.0.1:41184"
RESOURCE_LINK = re.compile(r"\(:/([0-9a-f]{32})\)")
PAGE_LIMIT = 100


def read_token():
    token = os.environ.get("JOPLIN_TOKEN")
    env = ROOT / ".env"
    if not token and env.exists():
        for line in env.read_text().splitlines():
            if line.startswith("JOPLIN_TOKEN="):
                token = line.split("=", 1)[1].strip().strip('"')
    if not token:
        sys.exit("JOPLIN_TOKEN missing (.env); copy it from Joplin > Options > Web Clipper")
    return token


class Joplin:
    def __init__(self, token):
        self.token = token
        self.http = requests.Session()

    def ping(self):
        try:
            return self.http.get(f"{API}/ping", timeout=3).text == "JoplinClipperServer"
        except requests.RequestException:
            return False

    def get(self, path, **params):
        params["token"] = self.token
        resp = self.http.get(f"{API}{path}", params=params, timeout=30)
        resp.raise_for_status()
        return resp

    def paged(self, path, **params):
        page = 1
        while True:
            data = self.get(path, page=page, limit=PAGE_LIMIT, **params).json()
            yield from data.get("items", [])
            if not data.get("has_more"):
                return
            page += 1


def folder_tree(api, root_title):
    folders = list(api.paged("/folders", fields="id,title,parent_id"))
    roots = [f for f in folders if f["title"] == root_title and not f["parent_id"]]
    if not roots:
        sys.exit(f"notebook {root_title!r} not found")
    by_parent = {}
    for f in folders:
        by_parent.setdefault(f["parent_id"], []).append(f)
    result = {}

    def walk(folder, prefix):
        result[folder["id"]] = prefix
        for child in by_parent.get(folder["id"], []):
            walk(child, prefix / slug(child["title"]))

    walk(roots[0], Path("."))
    return result


def slug(text):
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "untitled"


def note_tags(api, note_id):
    return {t["title"] for t in api.paged(f"/notes/{note_id}/tags", fields="title")}


def save_resource(api, resource_id, target_dir, cache):
    if resource_id in cache:
        return cache[resource_id]
    meta = api.get(f"/resources/{resource_id}", fields="id,title,file_extension").json()
    ext = meta.get("file_extension") or "bin"
    name = f"{resource_id[:12]}-{slug(Path(meta.get('title') or 'file').stem)}.{ext}"
    data = api.get(f"/resources/{resource_id}/file").content
    target_dir.mkdir(parents=True, exist_ok=True)
    (target_dir / name).write_bytes(data)
    cache[resource_id] = name
    return name


def render_note(note, tags, rel_resources):
    updated = time.strftime("%Y-%m-%d", time.gmtime(note["updated_time"] / 1000))
    front = ["---", f'title: "{note["title"].replace(chr(34), chr(39))}"', f"updated: {updated}",
             "source: joplin"]
    if tags:
        front.append("tags: [" + ", ".join(sorted(tags)) + "]")
    front.append("---")
    body = RESOURCE_LINK.sub(lambda m: f"({rel_resources}/{m.group(1)})", note["body"])
    return "\n".join(front) + "\n\n" + body.rstrip() + "\n"


def export(api, notebook):
    staging = Path(tempfile.mkdtemp(prefix="handbook-", dir=OUT.parent))
    try:
        folders = folder_tree(api, notebook)
        resources_dir = staging / "_resources"
        cache = {}
        written = skipped = 0
        for folder_id, rel in folders.items():
            for note in api.paged(f"/folders/{folder_id}/notes", fields="id,title,body,updated_time"):
                tags = note_tags(api, note["id"])
                if "draft" in tags:
                    skipped += 1
                    continue
                for rid in RESOURCE_LINK.findall(note["body"]):
                    name = save_resource(api, rid, resources_dir, cache)
                    note["body"] = note["body"].replace(f"(:/{rid})", f"(:/{name})")
                depth = len(rel.parts)
                rel_res = "/".join([".."] * depth + ["_resources"]) if depth else "_resources"
                text = render_note(note, tags, rel_res).replace("/:/", "/")
                target = staging / rel / f"{slug(note['title'])}.md"
                target.parent.mkdir(exist_ok=True, parents=True)
                target.write_text(text, encoding="utf-8")
                written += 1
        old = OUT.with_name(OUT.name + ".previous")
        if OUT.exists():
            shutil.rmtree(old, ignore_errors=True)
            OUT.rename(old)
        staging.rename(OUT)
        shutil.rmtree(old, ignore_errors=True)
        return written, skipped, len(cache)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def check_links(out_dir):
    """Report links between exported notes that point at files we did not write."""
    broken = []
    for md in out_dir.rglob("*.md"):
        for target in re.findall(r"\]\(([^)#:]+\.md)\)", md.read_text(encoding="utf-8")):
            if not (md.parent / target).exists():
                broken.append(f"{md.relative_to(out_dir)} -> {target}")
    return broken


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--notebook", default="Handbook")
    args = ap.parse_args()
    api = Joplin(read_token())
    if not api.ping():
        print("Joplin Data API not reachable on 127.0.0.1:41184 (is Joplin running with the clipper service?)",
              file=sys.stderr)
        return 2
    OUT.parent.mkdir(exist_ok=True, parents=True)
    written, skipped, resources = export(api, args.notebook)
    print(f"exported {written} notes ({skipped} drafts skipped, {resources} resources) to "
          f"{OUT.relative_to(ROOT)}")
    for item in check_links(OUT):
        print(f"broken link {item}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
