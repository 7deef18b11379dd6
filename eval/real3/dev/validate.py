#!/usr/bin/env python3
"""Validator for the real3 evaluation set (both halves).

Only parses JSON and reads files as text. Never executes collected scripts.
Checks: index keys/values, source, category prefix, extension vs lang,
every file indexed and every index line's file present, numbering,
origin form, repository constraints, per-language counts, and the
character count of each file against the total_chars recorded from
read_file (charcounts.tsv).
"""
import json
import os
import re
import sys

HALVES = [
    ("/work/real3/scripts", 4001),
    ("/work/real3-test/scripts", 5001),
]
PER_HALF = 60
PER_LANG = 15
KEYS = {"file", "expect", "category", "source", "lang", "note", "origin"}
LABELS = {"clean", "suspicious", "dangerous"}
EXT = {
    "python": (".py",),
    "shell": (".sh",),
    "javascript": (".js", ".mjs", ".cjs"),
    "typescript": (".ts",),
}
ORIGIN_RE = re.compile(r"^([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)/(.+)@([0-9a-f]{40})$")
EXCLUDED_FILE = "/work/real12-repos.txt"
CHARCOUNTS = "/work/real3/charcounts.tsv"

errors = []


def err(msg):
    errors.append(msg)


def load_excluded():
    out = set()
    with open(EXCLUDED_FILE, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.add(line.lower())
    return out


def load_charcounts():
    counts = {}
    if not os.path.exists(CHARCOUNTS):
        return counts
    with open(CHARCOUNTS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 2:
                err(f"charcounts.tsv line {n}: expected 2 tab-separated fields")
                continue
            counts[parts[0]] = int(parts[1])
    return counts


def main():
    excluded = load_excluded()
    charcounts = load_charcounts()
    repos_by_half = []
    summary = []
    for folder, start in HALVES:
        repo_count = {}
        lang_count = {}
        label_count = {}
        idx_path = os.path.join(folder, "index.jsonl")
        if not os.path.exists(idx_path):
            err(f"{idx_path} missing")
            repos_by_half.append(set())
            continue
        entries = []
        with open(idx_path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError as e:
                    err(f"{idx_path}:{n} bad JSON: {e}")
                    continue
                entries.append((n, obj))
        files_indexed = set()
        numbers = []
        for n, obj in entries:
            where = f"{idx_path}:{n}"
            if set(obj.keys()) != KEYS:
                err(f"{where} keys {sorted(obj.keys())} != {sorted(KEYS)}")
                continue
            for k in KEYS:
                if not isinstance(obj[k], str) or not obj[k].strip():
                    err(f"{where} key {k} empty or not a string")
            fname = obj["file"]
            if fname in files_indexed:
                err(f"{where} duplicate file {fname}")
            files_indexed.add(fname)
            if obj["expect"] not in LABELS:
                err(f"{where} bad expect {obj['expect']!r}")
            if not obj["category"].startswith(obj["expect"] + "-"):
                err(f"{where} category {obj['category']!r} does not start with {obj['expect']}-")
            if obj["source"] != "real3":
                err(f"{where} source {obj['source']!r} != 'real3'")
            lang = obj["lang"]
            if lang not in EXT:
                err(f"{where} bad lang {lang!r}")
            else:
                stem, ext = os.path.splitext(fname)
                if ext not in EXT[lang]:
                    err(f"{where} extension {ext!r} does not fit lang {lang}")
                if not stem.isdigit():
                    err(f"{where} file stem {stem!r} not numeric")
                else:
                    numbers.append(int(stem))
                lang_count[lang] = lang_count.get(lang, 0) + 1
            label_count[obj["expect"]] = label_count.get(obj["expect"], 0) + 1
            m = ORIGIN_RE.match(obj["origin"])
            if not m:
                err(f"{where} bad origin {obj['origin']!r}")
            else:
                repo = f"{m.group(1)}/{m.group(2)}".lower()
                if repo in excluded:
                    err(f"{where} repo {repo} is in {EXCLUDED_FILE}")
                repo_count[repo] = repo_count.get(repo, 0) + 1
            fpath = os.path.join(folder, fname)
            if not os.path.isfile(fpath):
                err(f"{where} file {fname} missing")
            else:
                with open(fpath, encoding="utf-8", newline="") as fh:
                    text = fh.read()
                key = os.path.join(os.path.basename(os.path.dirname(folder)), fname)
                if key not in charcounts:
                    err(f"{where} no recorded total_chars for {key}")
                elif len(text) != charcounts[key]:
                    err(f"{where} {key} has {len(text)} chars, read_file said {charcounts[key]}")
        # every file in folder indexed
        for entry in sorted(os.listdir(folder)):
            if entry == "index.jsonl":
                continue
            if entry not in files_indexed:
                err(f"{folder}/{entry} present but not indexed")
        # numbering
        expected = list(range(start, start + PER_HALF))
        if sorted(numbers) != expected:
            missing = sorted(set(expected) - set(numbers))
            extra = sorted(set(numbers) - set(expected))
            err(f"{folder}: numbering wrong; missing {missing[:10]}... extra {extra[:10]}")
        for lang in EXT:
            if lang_count.get(lang, 0) != PER_LANG:
                err(f"{folder}: {lang} count {lang_count.get(lang, 0)} != {PER_LANG}")
        for repo, c in repo_count.items():
            if c > 4:
                err(f"{folder}: repo {repo} has {c} files (> 4)")
        repos_by_half.append(set(repo_count))
        summary.append((folder, len(entries), dict(sorted(label_count.items())),
                        dict(sorted(lang_count.items())), len(repo_count)))
    if len(repos_by_half) == 2:
        both = repos_by_half[0] & repos_by_half[1]
        if both:
            err(f"repositories in both halves: {sorted(both)}")
    for folder, n, labels, langs, nrepos in summary:
        print(f"{folder}: {n} files, {nrepos} repos, labels {labels}, langs {langs}")
    if errors:
        for e in errors:
            print("ERROR:", e)
        print(f"FAIL ({len(errors)} errors)")
        return 1
    print("OK")
    return 0


def peek(path, offset):
    """Debug helper: print repr of 60 chars of a collected file at an offset."""
    with open(path, encoding="utf-8", newline="") as fh:
        text = fh.read()
    print(repr(text[offset:offset + 60]))
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--peek":
        sys.exit(peek(sys.argv[2], int(sys.argv[3])))
    sys.exit(main())
