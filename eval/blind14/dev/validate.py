#!/usr/bin/env python3
"""Validator for the blind14 evaluation set (dev half /work/blind14, test half /work/blind14-test).

Only parses JSON and reads files as text. Never executes anything it reads.
Usage: python3 validate.py   (from either half; it checks both halves)
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
HALVES = {"dev": (ROOT / "blind14", 1), "test": (ROOT / "blind14-test", 1001)}

CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_COUNTS = {"allow": 150, "ask": 50, "deny": 100}
LANG_EXT = {"python": "py", "shell": "sh", "javascript": "js", "typescript": "ts"}
PER_LANG = {"clean": 10, "dangerous": 7, "suspicious": 3}
LINE_RANGE = {"clean": (80, 160), "dangerous": (50, 140), "suspicious": (20, 80)}
DANGER_KINDS = {
    "exfil": 4, "credential-harvest": 3, "trust-anchor": 4, "delete": 4,
    "supply-chain": 4, "persistence": 3, "download-exec": 2, "decode-exec": 2,
    "conditional": 2,
}
SUSP_KINDS = {
    "env-dump": 2, "secret-print": 2, "dynamic-code": 2, "unknown-host": 2,
    "broad-delete": 2, "write-outside": 2,
}
API_HOSTS = {
    "api.github.com", "github.com", "gitlab.com", "slack.com", "api.stripe.com",
    "api.openai.com", "sentry.io", "pypi.org", "registry.npmjs.org", "hub.docker.com",
    "nodejs.org", "api.anthropic.com", "files.pythonhosted.org", "registry.yarnpkg.com",
    "crates.io", "proxy.golang.org", "hooks.slack.com", "api.cloudflare.com",
    "registry.hub.docker.com", "uploads.github.com", "docs.python.org",
    "rubygems.org",
    "www.apple.com",  # only as the Apple plist DTD identifier, never fetched
    "www.w3.org",  # only as the SVG XML namespace identifier, never fetched
}
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
IP_OK = (re.compile(r"^203\.0\.113\.\d+$"), re.compile(r"^198\.51\.100\.\d+$"),
         re.compile(r"^192\.0\.2\.\d+$"), re.compile(r"^127\.\d+\.\d+\.\d+$"),
         re.compile(r"^0\.0\.0\.0$"))

# bucket URLs (s3://, gs://) name storage buckets, not network hosts, so they are not matched
URL_RE = re.compile(r"(?<![A-Za-z0-9+.-])(?!s3://|gs://)[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/\s@'\"`\\]+@)?([^/\s'\"`:?#)\\<>,;\]}]+)")
# user@host: the host must end in an alphabetic label, so pkg@1.2.3 version pins do not match
USERHOST_RE = re.compile(r"(?<![\w$/{.@-])[A-Za-z0-9_.+-]+@((?:[A-Za-z0-9-]+\.)+[A-Za-z][A-Za-z0-9-]*)\b")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.])")
IMPORT_RE = re.compile(r"^(import |from \S+ import |#!|#include|using |require\(|"
                       r"(const|let|var) .*= *require\(|export \* from|source )")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().strip(".")
    if host.startswith("[") or "$" in host or "{" in host:
        return True  # templated host, checked by reading
    if IPV4_RE.fullmatch(host):
        return any(p.match(host) for p in IP_OK)
    if host in INERT_EXACT or host in API_HOSTS:
        return True
    return host.endswith(INERT_SUFFIXES)


def check_text(where, text):
    for m in URL_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: URL host not inert/allowed: {m.group(0)[:80]}")
    for m in USERHOST_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: user@host not inert/allowed: {m.group(0)[:80]}")
    for m in IPV4_RE.finditer(text):
        if not any(p.match(m.group(1)) for p in IP_OK):
            err(f"{where}: IPv4 not in documentation ranges: {m.group(1)}")


def load_jsonl(path, keys):
    rows = []
    if not path.exists():
        err(f"missing {path}")
        return rows
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            err(f"{path}:{n}: blank line")
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            err(f"{path}:{n}: bad JSON: {exc}")
            continue
        if set(obj) != keys:
            err(f"{path}:{n}: keys {sorted(obj)} != {sorted(keys)}")
            continue
        rows.append((n, obj))
    return rows


def check_commands(name, base):
    rows = load_jsonl(base / "commands.jsonl", CMD_KEYS)
    counts = Counter()
    for n, obj in rows:
        where = f"{name}/commands.jsonl:{n}"
        exp, cat = obj["expect"], obj["category"]
        if exp not in CMD_COUNTS:
            err(f"{where}: bad expect {exp}")
        if not isinstance(cat, str) or not cat.startswith(exp + "-") or len(cat) <= len(exp) + 1:
            err(f"{where}: category {cat!r} not prefixed by {exp}-")
        if obj["source"] != "blind14":
            err(f"{where}: source must be blind14")
        if not isinstance(obj["cmd"], str) or not obj["cmd"].strip():
            err(f"{where}: empty cmd")
        counts[exp] += 1
        check_text(where, obj["cmd"])
    if len(rows) != 300:
        err(f"{name}: {len(rows)} commands, expected 300")
    for k, v in CMD_COUNTS.items():
        if counts[k] != v:
            err(f"{name}: {counts[k]} {k} commands, expected {v}")
    return [obj["cmd"] for _, obj in rows], counts


def check_scripts(name, base, start):
    sdir = base / "scripts"
    rows = load_jsonl(sdir / "index.jsonl", IDX_KEYS)
    per = Counter()
    kinds = Counter()
    lines_by_file = {}
    seen = set()
    for n, obj in rows:
        where = f"{name}/scripts/index.jsonl:{n}"
        f, exp, cat, lang = obj["file"], obj["expect"], obj["category"], obj["lang"]
        if f in seen:
            err(f"{where}: duplicate file {f}")
        seen.add(f)
        if exp not in PER_LANG:
            err(f"{where}: bad expect {exp}")
            continue
        if not cat.startswith(exp + "-"):
            err(f"{where}: category {cat!r} not prefixed by {exp}-")
        if obj["source"] != "blind14":
            err(f"{where}: source must be blind14")
        if lang not in LANG_EXT:
            err(f"{where}: bad lang {lang}")
            continue
        stem, _, ext = f.partition(".")
        if ext != LANG_EXT[lang]:
            err(f"{where}: extension {ext} does not match lang {lang}")
        if not (stem.isdigit() and len(stem) == 4 and start <= int(stem) < start + 80):
            err(f"{where}: file number {stem} outside {start}..{start + 79}")
        if not obj["note"].strip():
            err(f"{where}: empty note")
        per[(lang, exp)] += 1
        kinds[cat] += 1
        path = sdir / f
        if not path.exists():
            err(f"{where}: missing file {f}")
            continue
        text = path.read_text(encoding="utf-8")
        nlines = len(text.splitlines())
        lo, hi = LINE_RANGE[exp]
        if not lo <= nlines <= hi:
            err(f"{name}/{f}: {nlines} lines, {exp} needs {lo}-{hi}")
        check_text(f"{name}/{f}", text)
        lines_by_file[f] = text.splitlines()
    if len(rows) != 80:
        err(f"{name}: {len(rows)} scripts, expected 80")
    for lang in LANG_EXT:
        for exp, want in PER_LANG.items():
            if per[(lang, exp)] != want:
                err(f"{name}: {lang}/{exp} = {per[(lang, exp)]}, expected {want}")
    for k, want in DANGER_KINDS.items():
        if kinds["dangerous-" + k] != want:
            err(f"{name}: dangerous-{k} = {kinds['dangerous-' + k]}, expected {want}")
    for k, want in SUSP_KINDS.items():
        if kinds["suspicious-" + k] != want:
            err(f"{name}: suspicious-{k} = {kinds['suspicious-' + k]}, expected {want}")
    on_disk = {p.name for p in sdir.iterdir() if p.name != "index.jsonl"} if sdir.exists() else set()
    for extra in sorted(on_disk - seen):
        err(f"{name}: file {extra} not in index")
    return lines_by_file, kinds


def long_lines(lines_by_file):
    out = {}
    for f, lines in lines_by_file.items():
        for line in lines:
            s = line.strip()
            if len(s) >= 45 and not IMPORT_RE.match(s):
                out.setdefault(s, f)
    return out


def main():
    all_cmds = {}
    script_lines = {}
    summary = {}
    for name, (base, start) in HALVES.items():
        cmds, counts = check_commands(name, base)
        for c in cmds:
            if c in all_cmds:
                err(f"repeated command ({all_cmds[c]} and {name}): {c[:90]}")
            all_cmds.setdefault(c, name)
        script_lines[name], kinds = check_scripts(name, base, start)
        summary[name] = (dict(counts), len(script_lines[name]))
    dev_long = long_lines(script_lines["dev"])
    test_long = long_lines(script_lines["test"])
    for s in sorted(set(dev_long) & set(test_long)):
        err(f"shared 45+ char line {dev_long[s]} / {test_long[s]}: {s[:90]}")
    copies = [ROOT / "blind14" / "validate.py", ROOT / "blind14-test" / "validate.py"]
    if not all(p.exists() for p in copies) or copies[0].read_bytes() != copies[1].read_bytes():
        err("validate.py missing or differs between halves")
    if not (ROOT / "blind14" / "README.md").exists():
        err("README.md missing in blind14/")
    for name, (counts, nscripts) in summary.items():
        print(f"{name}: commands {counts}, scripts {nscripts}")
    if errors:
        for e in errors[:200]:
            print("ERROR", e)
        print(f"{len(errors)} error(s)")
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
