#!/usr/bin/env python3
"""Validator for the blind29 evaluation set.

Only parses JSON and reads files as text. It never executes, imports or
evaluates any of the data it checks.  The same file lives in
/work/blind29 and /work/blind29-test; run either copy.
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
PARENT = os.path.dirname(HERE)
DEV = os.path.join(PARENT, "blind29")
TEST = os.path.join(PARENT, "blind29-test")

CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = {"allow", "ask", "deny"}
SCRIPT_LABELS = {"clean", "suspicious", "dangerous"}
EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}

CMD_PLAN = {
    "dev": {"allow": 75, "ask": 27, "deny": 48},
    "test": {"allow": 100, "ask": 36, "deny": 64},
}
LINE_LIMITS = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}
DANGEROUS_PLAN = {
    "dangerous-exfil": 7,
    "dangerous-credential-harvest": 6,
    "dangerous-trust-anchor": 4,
    "dangerous-delete": 6,
    "dangerous-supply-chain": 4,
    "dangerous-persistence": 5,
    "dangerous-download-exec": 3,
    "dangerous-decode-exec": 3,
    "dangerous-conditional": 2,
}
SUSPICIOUS_PLAN = {
    "suspicious-env-dump": 2,
    "suspicious-secret-print": 2,
    "suspicious-dynamic-code": 2,
    "suspicious-unknown-host": 2,
    "suspicious-broad-delete": 2,
    "suspicious-outside-write": 2,
}

PUBLIC_API_HOSTS = {
    "api.github.com", "github.com", "gitlab.com", "slack.com", "hooks.slack.com",
    "api.stripe.com", "api.openai.com", "sentry.io", "pypi.org",
    "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com",
    "nodejs.org", "api.zotero.org", "api.mux.com", "hapi.fhir.org",
    "en.wikipedia.org", "api.twilio.com", "graph.microsoft.com",
    "login.microsoftonline.com", "huggingface.co", "demo.ckan.org",
    "catalog.data.gov", "api.opentrons.com", "fonts.googleapis.com",
    "fonts.gstatic.com",
    # XML namespace / linked-data identifiers (never fetched, only written
    # or compared as strings)
    "www.w3.org", "www.tei-c.org", "www.loc.gov", "schema.org", "id.loc.gov",
    "d-nb.info",
}
INERT_SUFFIXES = (
    ".example.com", ".example.net", ".example.org", ".test", ".invalid",
    ".localhost", ".internal", ".amazonaws.com",
)
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
INERT_NETS = ("127.", "203.0.113.", "198.51.100.", "192.0.2.")

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s/'\"`)<>\]\\;|]*)")
USERHOST_RE = re.compile(r"[A-Za-z0-9._%+-]+@((?:[A-Za-z0-9-]+\.)+[A-Za-z][A-Za-z0-9-]*)")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().strip(".")
    if not host:
        return True
    if any(ch in host for ch in "${}%<>*"):
        return True  # template placeholder, not a concrete host
    if host in INERT_EXACT or host in PUBLIC_API_HOSTS:
        return True
    if host.endswith(INERT_SUFFIXES):
        return True
    if IPV4_RE.fullmatch(host):
        return ip_ok(host)
    if "." not in host:
        return True  # bare service names such as a compose service
    return False


def ip_ok(ip):
    if ip == "0.0.0.0":
        return True
    return ip.startswith(INERT_NETS)


def check_hosts(where, text):
    for m in URL_RE.finditer(text):
        hostport = m.group(2)
        if "@" in hostport:
            hostport = hostport.rsplit("@", 1)[1]
        host = hostport.rstrip(".,;:!?")
        if host.startswith("["):
            continue
        if ":" in host:
            host = host.split(":", 1)[0]
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)}")
    for m in USERHOST_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: user@host not inert/documented: {m.group(0)}")
    for m in IPV4_RE.finditer(text):
        parts = [int(p) for p in m.groups()]
        if any(p > 255 for p in parts):
            continue
        if not ip_ok(m.group(0)):
            err(f"{where}: IPv4 not inert: {m.group(0)}")


def load_jsonl(path):
    rows = []
    if not os.path.isfile(path):
        err(f"missing {path}")
        return rows
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err(f"{path}:{n}: blank line")
                continue
            try:
                rows.append((n, json.loads(line)))
            except json.JSONDecodeError as exc:
                err(f"{path}:{n}: bad JSON: {exc}")
    return rows


def check_commands(half, base, seen):
    path = os.path.join(base, "commands.jsonl")
    rows = load_jsonl(path)
    counts = Counter()
    cats = Counter()
    for n, row in rows:
        where = f"{half} commands:{n}"
        if set(row) != CMD_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        if row["expect"] not in CMD_LABELS:
            err(f"{where}: bad expect {row['expect']}")
        if not row["category"].startswith(row["expect"] + "-"):
            err(f"{where}: category {row['category']} not prefixed by {row['expect']}")
        if row["source"] != "blind29":
            err(f"{where}: source {row['source']}")
        c = row["cmd"]
        if c in seen:
            err(f"{where}: repeated command (first at {seen[c]}): {c}")
        else:
            seen[c] = where
        counts[row["expect"]] += 1
        cats[row["category"]] += 1
        check_hosts(where, c)
    want = CMD_PLAN[half]
    if dict(counts) != want:
        err(f"{half} commands: counts {dict(counts)} want {want}")
    multi = sum(1 for _, r in rows if any(s in r.get("cmd", "") for s in ("&&", "|", ";", "$(")))
    return counts, cats, multi, len(rows)


def is_import_line(s):
    if s.startswith(("import ", "from ", "#!", "export * from", "'use strict'", '"use strict"')):
        return True
    if "require(" in s and s.startswith(("const ", "let ", "var ")):
        return True
    return False


def check_scripts(half, base):
    idx_path = os.path.join(base, "scripts", "index.jsonl")
    rows = load_jsonl(idx_path)
    first = 1 if half == "dev" else 1001
    expected_names = {f"{i:04d}" for i in range(first, first + 100)}
    names = set()
    per_lang = Counter()
    per_lang_label = Counter()
    cats = Counter()
    long_lines = {}
    line_counts = {}
    for n, row in rows:
        where = f"{half} index:{n}"
        if set(row) != IDX_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        fname = row["file"]
        stem, ext = os.path.splitext(fname)
        if stem in names:
            err(f"{where}: duplicate file {fname}")
        names.add(stem)
        if ext not in EXT_LANG or EXT_LANG[ext] != row["lang"]:
            err(f"{where}: ext/lang mismatch {fname} {row['lang']}")
        if row["expect"] not in SCRIPT_LABELS:
            err(f"{where}: bad expect {row['expect']}")
            continue
        if not row["category"].startswith(row["expect"] + "-"):
            err(f"{where}: category {row['category']} not prefixed")
        if row["source"] != "blind29":
            err(f"{where}: source")
        if not row["note"].strip():
            err(f"{where}: empty note")
        fpath = os.path.join(base, "scripts", fname)
        if not os.path.isfile(fpath):
            err(f"{where}: missing file {fname}")
            continue
        with open(fpath, encoding="utf-8") as fh:
            text = fh.read()
        nlines = len(text.splitlines())
        line_counts[fname] = nlines
        lo, hi = LINE_LIMITS[row["expect"]]
        if not lo <= nlines <= hi:
            err(f"{where}: {fname} has {nlines} lines, want {lo}-{hi} for {row['expect']}")
        check_hosts(f"{half} {fname}", text)
        per_lang[row["lang"]] += 1
        per_lang_label[(row["lang"], row["expect"])] += 1
        cats[row["category"]] += 1
        for line in text.splitlines():
            s = line.strip()
            if len(s) >= 45 and not is_import_line(s):
                long_lines.setdefault(s, set()).add(fname)
    if names != expected_names:
        err(f"{half}: script numbering mismatch: missing {sorted(expected_names - names)[:5]} extra {sorted(names - expected_names)[:5]}")
    sdir = os.path.join(base, "scripts")
    on_disk = {f for f in os.listdir(sdir) if f != "index.jsonl"} if os.path.isdir(sdir) else set()
    listed = {r["file"] for _, r in rows if "file" in r}
    if on_disk != listed:
        err(f"{half}: files on disk not in index: {sorted(on_disk - listed)} / missing {sorted(listed - on_disk)}")
    for lang in EXT_LANG.values():
        if per_lang[lang] != 25:
            err(f"{half}: {lang} has {per_lang[lang]} scripts")
        if per_lang_label[(lang, "clean")] != 12:
            err(f"{half}: {lang} clean {per_lang_label[(lang, 'clean')]}")
        d = per_lang_label[(lang, "dangerous")]
        s = per_lang_label[(lang, "suspicious")]
        if d not in (9, 10) or s not in (3, 4):
            err(f"{half}: {lang} dangerous {d} suspicious {s}")
    for cat, want in {**DANGEROUS_PLAN, **SUSPICIOUS_PLAN}.items():
        if cats[cat] != want:
            err(f"{half}: category {cat} has {cats[cat]} want {want}")
    tot = Counter(r["expect"] for _, r in rows if "expect" in r)
    if tot["dangerous"] != 40 or tot["suspicious"] != 12 or tot["clean"] != 48:
        err(f"{half}: script totals {dict(tot)}")
    return cats, long_lines, line_counts


def print_line_counts():
    for base in (DEV, TEST):
        folder = os.path.join(base, "scripts")
        if not os.path.isdir(folder):
            continue
        for f in sorted(os.listdir(folder)):
            if f == "index.jsonl":
                continue
            with open(os.path.join(folder, f), encoding="utf-8") as fh:
                print(f"{f}: {len(fh.read().splitlines())}")


def main():
    if "--lines" in sys.argv:
        print_line_counts()
        return 0
    seen = {}
    summary = {}
    long_by_half = {}
    for half, base in (("dev", DEV), ("test", TEST)):
        counts, ccats, multi, total = check_commands(half, base, seen)
        scats, long_lines, line_counts = check_scripts(half, base)
        long_by_half[half] = long_lines
        summary[half] = (counts, ccats, multi, total, scats, line_counts)
    shared = set(long_by_half["dev"]) & set(long_by_half["test"])
    for s in sorted(shared):
        err(f"shared 45+ line: {sorted(long_by_half['dev'][s])} / {sorted(long_by_half['test'][s])}: {s[:90]}")
    try:
        with open(os.path.join(DEV, "validate.py"), encoding="utf-8") as a, \
                open(os.path.join(TEST, "validate.py"), encoding="utf-8") as b:
            if a.read() != b.read():
                err("validate.py differs between halves")
    except FileNotFoundError as exc:
        err(f"validate.py missing: {exc}")
    for half, (counts, ccats, multi, total, scats, line_counts) in summary.items():
        print(f"== {half}: commands {total} {dict(counts)} multi-stage {multi}")
        for k, v in sorted(ccats.items()):
            print(f"   {k}: {v}")
        print(f"   scripts by category:")
        for k, v in sorted(scats.items()):
            print(f"   {k}: {v}")
        if "-v" in sys.argv:
            for f, n in sorted(line_counts.items()):
                print(f"   {f}: {n} lines")
    if errors:
        print(f"\n{len(errors)} problem(s):")
        for e in errors:
            print(" -", e)
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
