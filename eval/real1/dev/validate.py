#!/usr/bin/env python3
"""Validate the real1 / real1-test script corpora.

Only parses JSON and reads files as text; never executes any collected script.

Checks:
  * every index line is JSON with exactly the required keys
  * expect is clean|suspicious|dangerous and category starts with "<expect>-"
  * lang matches the file extension
  * every indexed file exists, every file in scripts/ is indexed, no duplicates
  * file numbering: real1 uses 0001.., real1-test uses 1001..
  * no repository appears in both halves; at most 4 files per repository
  * scripts are 40-400 lines (warning only)
Exit status 0 when all hard checks pass.
"""
import json
import os
import re
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.abspath(__file__))
HALVES = {
    "real1": os.path.join(ROOT, "scripts"),
    "real1-test": os.path.join(os.path.dirname(ROOT), "real1-test", "scripts"),
}
KEYS = {"file", "expect", "category", "source", "lang", "note", "origin"}
LABELS = {"clean", "suspicious", "dangerous"}
EXT_LANG = {
    ".py": "python",
    ".sh": "shell",
    ".bash": "shell",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".ts": "typescript",
}
NUM_PREFIX = {"real1": "0", "real1-test": "1"}


def repo_of(origin):
    parts = origin.split("/")
    if len(parts) < 3:
        return None
    return parts[0] + "/" + parts[1]


def main():
    errors = []
    warnings = []
    repos_by_half = {}
    summary = {}
    for half, sdir in HALVES.items():
        index_path = os.path.join(sdir, "index.jsonl")
        if not os.path.isfile(index_path):
            errors.append(f"{half}: missing {index_path}")
            continue
        entries = []
        with open(index_path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError as exc:
                    errors.append(f"{half}:{n}: bad JSON: {exc}")
                    continue
                entries.append((n, obj))
        seen = set()
        repo_counts = Counter()
        label_counts = Counter()
        lang_counts = Counter()
        for n, obj in entries:
            where = f"{half}:{n}"
            if set(obj) != KEYS:
                errors.append(f"{where}: keys {sorted(obj)} != {sorted(KEYS)}")
                continue
            for k in KEYS:
                if not isinstance(obj[k], str) or not obj[k].strip():
                    errors.append(f"{where}: key {k} must be a non-empty string")
            fname = obj["file"]
            if fname in seen:
                errors.append(f"{where}: duplicate file {fname}")
            seen.add(fname)
            if not re.fullmatch(r"\d{4}\.[a-z]+", fname):
                errors.append(f"{where}: bad file name {fname}")
            elif not fname.startswith(NUM_PREFIX[half]):
                errors.append(f"{where}: {fname} numbering does not fit {half}")
            ext = os.path.splitext(fname)[1]
            if EXT_LANG.get(ext) != obj["lang"]:
                errors.append(f"{where}: lang {obj['lang']} does not match extension {ext}")
            if obj["expect"] not in LABELS:
                errors.append(f"{where}: bad expect {obj['expect']}")
            if not obj["category"].startswith(obj["expect"] + "-"):
                errors.append(f"{where}: category {obj['category']} does not start with {obj['expect']}-")
            if obj["source"] != "real1":
                errors.append(f"{where}: source must be real1")
            path = os.path.join(sdir, fname)
            if not os.path.isfile(path):
                errors.append(f"{where}: file {fname} does not exist")
            else:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    nlines = len(fh.read().splitlines())
                if not 40 <= nlines <= 400:
                    warnings.append(f"{where}: {fname} has {nlines} lines (outside 40-400)")
            repo = repo_of(obj["origin"])
            if repo is None:
                errors.append(f"{where}: origin {obj['origin']} is not owner/repo/path")
            else:
                repo_counts[repo] += 1
            label_counts[obj["expect"]] += 1
            lang_counts[obj["lang"]] += 1
        on_disk = {f for f in os.listdir(sdir) if f != "index.jsonl"}
        for f in sorted(on_disk - seen):
            errors.append(f"{half}: file {f} is not indexed")
        for repo, c in repo_counts.items():
            if c > 4:
                errors.append(f"{half}: {repo} has {c} files (max 4)")
        repos_by_half[half] = set(repo_counts)
        summary[half] = (len(entries), dict(label_counts), dict(lang_counts), len(repo_counts))
    if len(repos_by_half) == 2:
        both = repos_by_half["real1"] & repos_by_half["real1-test"]
        for repo in sorted(both):
            errors.append(f"repository {repo} appears in both halves")
        total_repos = len(repos_by_half["real1"] | repos_by_half["real1-test"])
    else:
        total_repos = 0
    for half, (n, labels, langs, nrepos) in summary.items():
        print(f"{half}: {n} scripts, {nrepos} repos, labels={labels}, langs={langs}")
    print(f"distinct repositories: {total_repos}")
    for w in warnings:
        print("WARNING:", w)
    for e in errors:
        print("ERROR:", e)
    print("OK" if not errors else f"{len(errors)} error(s)")
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
