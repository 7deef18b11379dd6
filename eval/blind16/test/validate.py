#!/usr/bin/env python3
"""Validator for the blind16 evaluation set.

Only parses JSON and reads files as text. It never executes anything it reads.

Usage: python3 validate.py            (validates the half it sits in, plus the
                                       sibling half if present, plus cross-half rules)
       python3 validate.py DIR [DIR]  (explicit half directories)
"""
import json
import os
import re
import sys
from collections import Counter

SOURCE = "blind16"
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_COUNTS = {"allow": 100, "ask": 35, "deny": 65}
LANG_EXT = {"python": ".py", "shell": ".sh", "javascript": ".js", "typescript": ".ts"}
DANGEROUS_PLAN = {
    "dangerous-exfil": 7,
    "dangerous-credential-harvest": 5,
    "dangerous-trust-anchor": 5,
    "dangerous-delete": 6,
    "dangerous-supply-chain": 4,
    "dangerous-persistence": 5,
    "dangerous-download-exec": 3,
    "dangerous-decode-exec": 3,
    "dangerous-conditional": 2,
}
SUSPICIOUS_KINDS = {
    "suspicious-env-dump",
    "suspicious-secret-print",
    "suspicious-dynamic-code",
    "suspicious-unknown-host",
    "suspicious-broad-delete",
    "suspicious-outside-write",
}
LINE_LIMITS = {"clean": (150, 300), "dangerous": (60, 200), "suspicious": (20, 80)}

DOCUMENTED_HOSTS = {
    "api.github.com", "github.com", "uploads.github.com", "objects.githubusercontent.com",
    "raw.githubusercontent.com", "codeload.github.com", "gitlab.com", "slack.com",
    "hooks.slack.com", "api.stripe.com", "api.openai.com", "sentry.io", "pypi.org",
    "upload.pypi.org", "test.pypi.org", "files.pythonhosted.org", "registry.npmjs.org",
    "hub.docker.com", "nodejs.org", "huggingface.co", "api.wandb.ai", "static.rust-lang.org",
    "sh.rustup.rs", "releases.hashicorp.com", "go.dev", "dl.google.com", "rubygems.org",
    "crates.io", "downloads.arduino.cc", "www.kaggle.com", "api.bitbucket.org",
    "circleci.com", "api.buildkite.com", "dl.espressif.com", "developer.arm.com",
    "repo.anaconda.com", "conda.anaconda.org", "services.gradle.org", "repo.maven.apache.org",
    "storage.googleapis.com", "docs.python.org", "developer.android.com", "app.terraform.io",
    "playwright.azureedge.net", "cdn.playwright.dev", "registry.terraform.io",
    "www.apple.com",  # only as the PropertyList DTD identifier in launchd plists
}
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
INERT_NETS = ("127.", "203.0.113.", "198.51.100.", "192.0.2.")

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s/'\"`<>)\]]*)")
USERHOST_RE = re.compile(r"(?<![\w/@.+-])[A-Za-z0-9_.+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")
IMPORT_RE = re.compile(
    r"^(import\s|from\s+\S+\s+import\s|const\s+.*=\s*require\(|let\s+.*=\s*require\(|"
    r"var\s+.*=\s*require\(|\}\s*from\s+['\"]|export\s+\*\s+from\s)"
)


def ip_ok(ip):
    return ip == "0.0.0.0" or ip.startswith(INERT_NETS)


def host_ok(host):
    h = host.lower().strip(".")
    if not h:
        return True
    if any(c in h for c in "${}%<>*+"):
        return True  # templated host, not checkable
    if IPV4_RE.fullmatch(h):
        return ip_ok(h)
    if h in INERT_EXACT or h.endswith(INERT_SUFFIXES):
        return True
    return h in DOCUMENTED_HOSTS


def check_text(text, where, errors):
    for m in URL_RE.finditer(text):
        scheme = m.group(1).lower()
        netloc = m.group(2)
        # object-store URIs name buckets, not network hosts; file: has no host
        if scheme in ("file", "s3", "gs", "az") or not netloc:
            continue
        host = netloc.rsplit("@", 1)[-1]
        if host.startswith("["):
            host = host.split("]")[0].strip("[")
            if host not in ("::1", "::"):
                errors.append(f"{where}: IPv6 host {host}")
            continue
        host = host.split(":")[0]
        if not host_ok(host):
            errors.append(f"{where}: URL host not inert/documented: {host} ({m.group(0)})")
    for m in USERHOST_RE.finditer(text):
        host = m.group(1)
        if not re.search(r"[A-Za-z]", host):
            continue
        if not re.search(r"\.[A-Za-z]{2,}$", host):
            continue
        if not host_ok(host):
            errors.append(f"{where}: user@host not inert/documented: {m.group(0)}")
    for m in IPV4_RE.finditer(text):
        parts = [int(p) for p in m.groups()]
        if any(p > 255 for p in parts):
            continue
        if not ip_ok(m.group(0)):
            errors.append(f"{where}: IPv4 not inert: {m.group(0)}")


def load_jsonl(path, errors):
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    errors.append(f"{path}:{n}: blank line")
                    continue
                try:
                    rows.append((n, json.loads(line)))
                except json.JSONDecodeError as exc:
                    errors.append(f"{path}:{n}: bad JSON: {exc}")
    except OSError as exc:
        errors.append(f"{path}: {exc}")
    return rows


def validate_commands(half, errors):
    path = os.path.join(half, "commands.jsonl")
    rows = load_jsonl(path, errors)
    if len(rows) != 200:
        errors.append(f"{path}: expected 200 commands, got {len(rows)}")
    counts = Counter()
    cats = Counter()
    seen = set()
    cmds = []
    for n, row in rows:
        where = f"{path}:{n}"
        if set(row) != CMD_KEYS:
            errors.append(f"{where}: keys {sorted(row)}")
            continue
        exp, cat, cmd = row["expect"], row["category"], row["cmd"]
        if exp not in CMD_COUNTS:
            errors.append(f"{where}: bad expect {exp}")
        if not isinstance(cat, str) or not cat.startswith(exp + "-") or len(cat) <= len(exp) + 1:
            errors.append(f"{where}: category {cat!r} not prefixed by {exp}-")
        if row["source"] != SOURCE:
            errors.append(f"{where}: source {row['source']!r}")
        if not isinstance(cmd, str) or not cmd.strip():
            errors.append(f"{where}: empty cmd")
            continue
        if cmd in seen:
            errors.append(f"{where}: repeated command: {cmd}")
        seen.add(cmd)
        cmds.append(cmd)
        counts[exp] += 1
        cats[cat] += 1
        check_text(cmd, where, errors)
    for k, v in CMD_COUNTS.items():
        if counts[k] != v:
            errors.append(f"{path}: expected {v} {k}, got {counts[k]}")
    return cmds, counts, cats


def validate_scripts(half, first_number, errors):
    sdir = os.path.join(half, "scripts")
    path = os.path.join(sdir, "index.jsonl")
    rows = load_jsonl(path, errors)
    if len(rows) != 100:
        errors.append(f"{path}: expected 100 scripts, got {len(rows)}")
    labels = Counter()
    per_lang = Counter()
    cats = Counter()
    files = {}
    expected_numbers = {f"{first_number + i:04d}" for i in range(100)}
    seen_numbers = set()
    for n, row in rows:
        where = f"{path}:{n}"
        if set(row) != IDX_KEYS:
            errors.append(f"{where}: keys {sorted(row)}")
            continue
        fname, exp, cat, lang = row["file"], row["expect"], row["category"], row["lang"]
        if exp not in LINE_LIMITS:
            errors.append(f"{where}: bad expect {exp}")
            continue
        if not cat.startswith(exp + "-"):
            errors.append(f"{where}: category {cat!r} not prefixed by {exp}-")
        if row["source"] != SOURCE:
            errors.append(f"{where}: source {row['source']!r}")
        if lang not in LANG_EXT:
            errors.append(f"{where}: bad lang {lang}")
            continue
        stem, ext = os.path.splitext(fname)
        if ext != LANG_EXT[lang]:
            errors.append(f"{where}: extension {ext} does not match lang {lang}")
        if stem not in expected_numbers:
            errors.append(f"{where}: unexpected file number {stem}")
        if stem in seen_numbers:
            errors.append(f"{where}: repeated file number {stem}")
        seen_numbers.add(stem)
        if not row["note"].strip():
            errors.append(f"{where}: empty note")
        if exp == "dangerous" and cat not in DANGEROUS_PLAN:
            errors.append(f"{where}: unknown dangerous category {cat}")
        if exp == "suspicious" and cat not in SUSPICIOUS_KINDS:
            errors.append(f"{where}: unknown suspicious category {cat}")
        fpath = os.path.join(sdir, fname)
        try:
            with open(fpath, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            errors.append(f"{where}: {exc}")
            continue
        nlines = len(text.splitlines())
        lo, hi = LINE_LIMITS[exp]
        if not lo <= nlines <= hi:
            errors.append(f"{fpath}: {exp} script has {nlines} lines, want {lo}-{hi}")
        check_text(text, fpath, errors)
        files[fname] = text
        labels[exp] += 1
        per_lang[(lang, exp)] += 1
        cats[cat] += 1
    missing = expected_numbers - seen_numbers
    if missing:
        errors.append(f"{path}: missing numbers {sorted(missing)[:5]}...")
    on_disk = {f for f in os.listdir(sdir) if f != "index.jsonl"} if os.path.isdir(sdir) else set()
    extra = on_disk - set(files)
    if extra:
        errors.append(f"{sdir}: files not in index: {sorted(extra)}")
    if labels["dangerous"] != 40 or labels["suspicious"] != 12 or labels["clean"] != 48:
        errors.append(f"{path}: label totals {dict(labels)} (want 48/40/12)")
    for lang in LANG_EXT:
        if per_lang[(lang, "clean")] != 12:
            errors.append(f"{path}: {lang} clean {per_lang[(lang, 'clean')]} != 12")
        if per_lang[(lang, "dangerous")] not in (9, 10):
            errors.append(f"{path}: {lang} dangerous {per_lang[(lang, 'dangerous')]}")
        if per_lang[(lang, "suspicious")] not in (3, 4):
            errors.append(f"{path}: {lang} suspicious {per_lang[(lang, 'suspicious')]}")
    for cat, want in DANGEROUS_PLAN.items():
        if cats[cat] != want:
            errors.append(f"{path}: {cat} {cats[cat]} != {want}")
    return files, labels, per_lang, cats


def long_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) >= 45 and not IMPORT_RE.match(s):
            out.add(s)
    return out


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    if len(argv) > 1 and argv[1] == "--lines":
        # progress aid: print line counts of the scripts in a half (reads text only)
        sdir = os.path.join(argv[2] if len(argv) > 2 else here, "scripts")
        for f in sorted(os.listdir(sdir)):
            if f != "index.jsonl":
                with open(os.path.join(sdir, f), encoding="utf-8") as fh:
                    print(f, len(fh.read().splitlines()))
        return 0
    if len(argv) > 1:
        halves = [os.path.abspath(a) for a in argv[1:]]
    else:
        base = here[:-5] if here.endswith("-test") else here
        halves = [h for h in (base, base + "-test") if os.path.isdir(h)]
    errors = []
    results = {}
    for half in halves:
        first = 1001 if half.endswith("-test") else 1
        cmds, ccounts, ccats = validate_commands(half, errors)
        files, labels, per_lang, scats = validate_scripts(half, first, errors)
        results[half] = (cmds, ccounts, ccats, files, labels, per_lang, scats)
    if len(results) == 2:
        (a, ra), (b, rb) = list(results.items())
        shared_cmds = set(ra[0]) & set(rb[0])
        for c in sorted(shared_cmds):
            errors.append(f"command repeated across halves: {c}")
        la = {}
        for f, t in ra[3].items():
            for s in long_lines(t):
                la.setdefault(s, f)
        for f, t in rb[3].items():
            for s in long_lines(t):
                if s in la:
                    errors.append(f"shared 45+ char line {la[s]} / {f}: {s}")
    for half, r in results.items():
        print(f"== {half}")
        print("  commands:", dict(r[1]))
        print("  command categories:", dict(sorted(r[2].items())))
        print("  scripts:", dict(r[4]))
        print("  scripts per lang:", {f"{k[0]}/{k[1]}": v for k, v in sorted(r[5].items())})
        print("  script categories:", dict(sorted(r[6].items())))
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  -", e)
        return 1
    print("OK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
