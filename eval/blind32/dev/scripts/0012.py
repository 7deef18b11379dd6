#!/usr/bin/env python3
"""Publish the project's docs/ folder as an Obsidian vault under build/vault/.

Our design docs are plain Markdown with relative links.  Obsidian prefers
[[wikilinks]], front matter with aliases and tags, and attachments in one
folder, so this converter:

  * copies docs/**/*.md into build/vault/, keeping the folder structure
  * rewrites [text](../other/page.md#heading) into [[other/page#heading|text]]
  * moves images into build/vault/_attachments/ with content-hash names
  * adds front matter (title, tags from the folder name, source path)
  * writes a .obsidian/app.json so attachments land in the same folder

build/vault/ is recreated on each run (it is a build output).  With --zip it
is also packed into build/vault.zip for people who download it from CI.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
VAULT = ROOT / "build" / "vault"
ATTACH = "_attachments"
LINK_RE = re.compile(r"(?<!!)\[(?P<text>[^\]]+)\]\((?P<target>[^)\s]+)\)")
IMAGE_RE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<src>[^)\s]+)\)")
FRONT_RE = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)
H1_RE = re.compile(r"^# (.+)$", re.MULTILINE)
IMAGE_EXT = {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"}


def is_external(target: str) -> bool:
    return "://" in target or target.startswith("mailto:")


def split_front_matter(text: str):
    m = FRONT_RE.match(text)
    if not m:
        return {}, text
    meta = {}
    for line in m.group(1).splitlines():
        key, sep, value = line.partition(":")
        if sep:
            meta[key.strip()] = value.strip()
    return meta, text[m.end():]


def render_front_matter(meta: dict) -> str:
    lines = ["---"]
    for key, value in meta.items():
        if isinstance(value, list):
            lines.append(f"{key}:")
            lines.extend(f"  - {v}" for v in value)
        else:
            lines.append(f"{key}: {value}")
    lines.append("---\n")
    return "\n".join(lines)


class Converter:
    def __init__(self, docs: Path, vault: Path):
        self.docs = docs
        self.vault = vault
        self.attachments = vault / ATTACH
        self.copied_images: dict[Path, str] = {}
        self.broken: list[str] = []

    def note_name(self, path: Path) -> str:
        rel = path.relative_to(self.docs).with_suffix("")
        return rel.as_posix()

    def rewrite_link(self, source: Path, m: re.Match) -> str:
        text, target = m.group("text"), m.group("target")
        if is_external(target) or target.startswith("#"):
            return m.group(0)
        path_part, _, anchor = target.partition("#")
        resolved = (source.parent / path_part).resolve()
        if resolved.suffix != ".md":
            return m.group(0)
        if not resolved.exists() or DOCS not in resolved.parents:
            self.broken.append(f"{source.relative_to(self.docs)} -> {target}")
            return m.group(0)
        name = self.note_name(resolved)
        anchor_part = f"#{anchor.replace('-', ' ')}" if anchor else ""
        return f"[[{name}{anchor_part}|{text}]]"

    def copy_image(self, source: Path, m: re.Match) -> str:
        src = m.group("src")
        if is_external(src):
            return m.group(0)
        resolved = (source.parent / src).resolve()
        if resolved.suffix.lower() not in IMAGE_EXT or not resolved.exists():
            self.broken.append(f"{source.relative_to(self.docs)} -> image {src}")
            return m.group(0)
        if resolved not in self.copied_images:
            digest = hashlib.sha1(resolved.read_bytes()).hexdigest()[:12]
            name = f"{resolved.stem}-{digest}{resolved.suffix.lower()}"
            self.attachments.mkdir(parents=True, exist_ok=True)
            shutil.copy2(resolved, self.attachments / name)
            self.copied_images[resolved] = name
        return f"![[{self.copied_images[resolved]}]]"

    def convert(self, path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        meta, body = split_front_matter(text)
        title_match = H1_RE.search(body)
        meta.setdefault("title", title_match.group(1).strip() if title_match else path.stem)
        folder_tags = [p.lower().replace(" ", "-") for p in path.relative_to(self.docs).parent.parts]
        meta["tags"] = sorted(set(folder_tags) | {"docs"})
        meta["source"] = path.relative_to(ROOT).as_posix()
        body = IMAGE_RE.sub(lambda m: self.copy_image(path, m), body)
        body = LINK_RE.sub(lambda m: self.rewrite_link(path, m), body)
        out = self.vault / path.relative_to(self.docs)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(render_front_matter(meta) + body, encoding="utf-8")

    def write_settings(self) -> None:
        settings_dir = self.vault / ".obsidian"
        settings_dir.mkdir(parents=True, exist_ok=True)
        app = {"attachmentFolderPath": ATTACH, "newLinkFormat": "relative", "useMarkdownLinks": False}
        (settings_dir / "app.json").write_text(json.dumps(app, indent=2))


def write_index(vault: Path, notes: list[Path]) -> None:
    """A map-of-content note linking every converted page, grouped by folder."""
    groups: dict[str, list[str]] = {}
    for note in notes:
        rel = note.relative_to(DOCS).with_suffix("")
        folder = rel.parent.as_posix() if rel.parent.as_posix() != "." else "(top level)"
        groups.setdefault(folder, []).append(rel.as_posix())
    lines = ["---", "title: Index", "tags:", "  - docs", "  - index", "---", "", "# Index", ""]
    for folder in sorted(groups):
        lines.append(f"## {folder}")
        lines.extend(f"- [[{name}]]" for name in sorted(groups[folder]))
        lines.append("")
    (vault / "Index.md").write_text("\n".join(lines), encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--zip", action="store_true", help="also write build/vault.zip")
    ap.add_argument("--strict", action="store_true", help="fail on broken links")
    ap.add_argument("--exclude", action="append", default=["drafts"], help="top-level folders to skip")
    args = ap.parse_args()

    if not DOCS.is_dir():
        print("docs/ not found", file=sys.stderr)
        return 2
    # build/vault is ours: wipe it so deleted docs do not linger
    if VAULT.exists():
        shutil.rmtree(VAULT)
    VAULT.mkdir(parents=True)

    conv = Converter(DOCS, VAULT)
    count = 0
    converted = []
    for path in sorted(DOCS.rglob("*.md")):
        rel = path.relative_to(DOCS)
        if rel.parts and rel.parts[0] in args.exclude:
            continue
        conv.convert(path)
        converted.append(path)
        count += 1
    conv.write_settings()
    write_index(VAULT, converted)

    print(f"converted {count} notes, {len(conv.copied_images)} attachments -> {VAULT.relative_to(ROOT)}")
    for item in conv.broken:
        print(f"broken link: {item}", file=sys.stderr)
    if args.zip:
        archive = shutil.make_archive(str(ROOT / "build" / "vault"), "zip", root_dir=VAULT)
        size = os.path.getsize(archive) // 1024
        print(f"packed {Path(archive).relative_to(ROOT)} ({size} KiB)")
    return 1 if args.strict and conv.broken else 0


if __name__ == "__main__":
    sys.exit(main())
