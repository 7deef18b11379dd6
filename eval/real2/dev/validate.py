#!/usr/bin/env python3
"""Validate the real2 / real2-test evaluation sets.

Only parses JSON and reads files as text. Nothing is executed or imported.

Checks:
- keys, allowed values and `source` of every index line;
- `category` starts with the label;
- extension matches `lang`;
- every indexed file exists and every file in scripts/ is indexed;
- file numbering per half (2001-2060 / 3001-3060);
- `origin` has the form owner/repo/path@<40-hex commit>;
- no repository in both halves, no repository with more than 4 files;
- per-half counts (60 files, 15 per language).
Warns for line counts outside 40-400.
"""
import collections
import json
import os
import re
import sys

BASE = "/work"
HALVES = {
    "real2": ("real2/scripts", 2001, 2060),
    "real2-test": ("real2-test/scripts", 3001, 3060),
}
KEYS = ["file", "expect", "category", "source", "lang", "note", "origin"]
LABELS = {"clean", "suspicious", "dangerous"}
LANG_EXT = {
    "python": {".py"},
    "shell": {".sh", ".bash"},
    "javascript": {".js", ".mjs", ".cjs"},
    "typescript": {".ts"},
}
PER_HALF = 60
PER_LANG = 15
MAX_PER_REPO = 4
ORIGIN_RE = re.compile(r"^([^/\s]+)/([^/\s]+)/(\S+)@([0-9a-f]{40})$")

errors = []
warnings = []


def err(msg):
    errors.append(msg)


def warn(msg):
    warnings.append(msg)


repo_halves = collections.defaultdict(set)
repo_counts = collections.Counter()

for half, (rel, lo, hi) in HALVES.items():
    sdir = os.path.join(BASE, rel)
    index_path = os.path.join(sdir, "index.jsonl")
    if not os.path.isfile(index_path):
        err(f"{half}: missing {index_path}")
        continue
    entries = []
    with open(index_path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                entries.append((n, json.loads(line)))
            except json.JSONDecodeError as e:
                err(f"{half}:{n}: bad JSON: {e}")
    indexed = set()
    lang_counts = collections.Counter()
    label_counts = collections.Counter()
    for n, e in entries:
        where = f"{half}:{n}"
        if list(e.keys()) != KEYS:
            err(f"{where}: keys {list(e.keys())} != {KEYS}")
        fn = e.get("file", "")
        if fn in indexed:
            err(f"{where}: duplicate file {fn}")
        indexed.add(fn)
        stem, ext = os.path.splitext(fn)
        if not stem.isdigit() or not (lo <= int(stem) <= hi):
            err(f"{where}: file name {fn} outside {lo}-{hi}")
        label = e.get("expect")
        if label not in LABELS:
            err(f"{where}: bad expect {label!r}")
        cat = e.get("category", "")
        if not isinstance(cat, str) or not cat.startswith(f"{label}-"):
            err(f"{where}: category {cat!r} does not start with '{label}-'")
        if e.get("source") != "real2":
            err(f"{where}: source {e.get('source')!r} != 'real2'")
        lang = e.get("lang")
        if lang not in LANG_EXT:
            err(f"{where}: bad lang {lang!r}")
        elif ext not in LANG_EXT[lang]:
            err(f"{where}: extension {ext} does not match lang {lang}")
        note = e.get("note")
        if not isinstance(note, str) or len(note) < 10:
            err(f"{where}: note missing or too short")
        origin = e.get("origin", "")
        m = ORIGIN_RE.match(origin if isinstance(origin, str) else "")
        if not m:
            err(f"{where}: origin {origin!r} is not owner/repo/path@commit")
        else:
            repo = f"{m.group(1)}/{m.group(2)}"
            repo_halves[repo].add(half)
            repo_counts[repo] += 1
        path = os.path.join(sdir, fn)
        if not os.path.isfile(path):
            err(f"{where}: file {fn} does not exist")
        else:
            with open(path, encoding="utf-8", newline="") as fh:
                text = fh.read()
            nlines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
            if nlines < 40 or nlines > 400:
                warn(f"{half}/{fn}: {nlines} lines (outside 40-400)")
        lang_counts[lang] += 1
        label_counts[label] += 1
    # every file indexed
    for name in sorted(os.listdir(sdir)):
        if name == "index.jsonl":
            continue
        if name not in indexed:
            err(f"{half}: file {name} is not indexed")
    if len(entries) != PER_HALF:
        err(f"{half}: {len(entries)} entries, expected {PER_HALF}")
    for lang in LANG_EXT:
        if lang_counts[lang] != PER_LANG:
            err(f"{half}: {lang_counts[lang]} {lang} files, expected {PER_LANG}")
    print(f"{half}: {len(entries)} files; langs {dict(lang_counts)}; labels {dict(label_counts)}")

for repo, halves in sorted(repo_halves.items()):
    if len(halves) > 1:
        err(f"repository {repo} appears in both halves")
for repo, c in sorted(repo_counts.items()):
    if c > MAX_PER_REPO:
        err(f"repository {repo} has {c} files (max {MAX_PER_REPO})")
print(f"repositories: {len(repo_counts)}")

for w in warnings:
    print("WARNING:", w)
for e in errors:
    print("ERROR:", e)
print("OK" if not errors else f"{len(errors)} error(s)")
sys.exit(1 if errors else 0)
