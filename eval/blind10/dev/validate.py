#!/usr/bin/env python3
"""Validator for the blind10 evaluation set.

Only parses JSON and reads files as text. It never executes any command or
script from the data set.

Usage:  python3 validate.py            (validates the half this file lives in,
                                         plus cross-half checks if the sibling
                                         half exists)
        python3 validate.py DIR [DIR2]
"""
import json
import os
import re
import sys
from collections import Counter

CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = {"allow": 150, "ask": 50, "deny": 100}
EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}
SCRIPT_PER_LANG = {"clean": 10, "dangerous": 7, "suspicious": 3}
MIN_LINES = {"clean": 80, "dangerous": 50, "suspicious": 20}
MAX_LINES = {"clean": 160, "dangerous": 140, "suspicious": 80}
DANGEROUS_KINDS = {
    "exfil": 4, "trust-anchor": 4, "delete": 4, "poison": 4,
    "download-exec": 3, "decode-exec": 3, "conditional": 3, "perms": 3,
}
SUSPICIOUS_KINDS = {
    "env-dump": 2, "secret-print": 2, "dynamic-code": 2,
    "unknown-host": 2, "broad-delete": 2, "write-outside": 2,
}
PUBLIC_HOSTS = {
    "api.github.com", "github.com", "uploads.github.com", "gitlab.com",
    "slack.com", "hooks.slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "upload.pypi.org", "files.pythonhosted.org",
    "registry.npmjs.org", "hub.docker.com", "nodejs.org", "api.anthropic.com",
    "go.dev", "proxy.golang.org", "crates.io", "static.rust-lang.org",
    "api.cloudflare.com", "discord.com", "api.pagerduty.com",
    "api.linear.app", "api.atlassian.com", "api.vercel.com",
}
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test",
                  ".invalid", ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
PUBLIC_SUFFIXES = (".amazonaws.com", ".sentry.io")
TEST_NETS = ("192.0.2.", "198.51.100.", "203.0.113.")
LOCAL_IPS = {"127.0.0.1", "0.0.0.0"}
NETWORK_SCHEMES = {"http", "https", "ws", "wss", "ftp", "ssh", "git", "tcp",
                   "udp", "postgres", "postgresql", "mysql", "redis",
                   "rediss", "mongodb", "amqp", "sftp", "smtp"}

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s'\"<>()`\\]+)")
AT_RE = re.compile(r"\b[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.]*\d)")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().strip(".")
    if host in INERT_EXACT or host in PUBLIC_HOSTS:
        return True
    if host.endswith(INERT_SUFFIXES) or host.endswith(PUBLIC_SUFFIXES):
        return True
    if re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", host):
        return ip_ok(host)
    return False


def ip_ok(ip):
    return ip in LOCAL_IPS or ip.startswith(TEST_NETS)


def check_endpoints(text, where):
    for m in URL_RE.finditer(text):
        scheme = m.group(1).lower()
        rest = m.group(2)
        if scheme not in NETWORK_SCHEMES:
            continue
        authority = rest.split("/", 1)[0]
        if "@" in authority:
            authority = authority.rsplit("@", 1)[1]
        host = re.split(r"[:,;]", authority)[0]
        if host.startswith("[") or host == "" or any(ch in host for ch in "$%{"):
            continue
        if not host_ok(host):
            err(f"{where}: URL host not inert/public: {host}")
    for m in AT_RE.finditer(text):
        host = m.group(1)
        last = host.rsplit(".", 1)[1]
        if not re.fullmatch(r"[A-Za-z]{2,}", last) and not re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", host):
            continue  # version strings such as pkg@1.2.3
        if not host_ok(host):
            err(f"{where}: user@host not inert/public: {host}")
    for m in IP_RE.finditer(text):
        ip = m.group(1)
        if not ip_ok(ip):
            err(f"{where}: IPv4 not inert: {ip}")


def check_commands(d):
    path = os.path.join(d, "commands.jsonl")
    cmds = []
    labels = Counter()
    multi = 0
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err(f"{path}:{n}: blank line")
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                err(f"{path}:{n}: bad JSON {e}")
                continue
            if set(obj) != CMD_KEYS:
                err(f"{path}:{n}: keys {sorted(obj)}")
                continue
            if obj["expect"] not in CMD_LABELS:
                err(f"{path}:{n}: bad expect {obj['expect']}")
            if not obj["category"].startswith(obj["expect"] + "-"):
                err(f"{path}:{n}: category {obj['category']} not prefixed by {obj['expect']}")
            if obj["source"] != "blind10":
                err(f"{path}:{n}: source {obj['source']}")
            labels[obj["expect"]] += 1
            if re.search(r"\|\||&&|[|;]|\$\(|<<|\n", obj["cmd"]):
                multi += 1
            check_endpoints(obj["cmd"], f"{path}:{n}")
            cmds.append(obj["cmd"])
    if len(cmds) != 300:
        err(f"{path}: {len(cmds)} commands, want 300")
    for lab, want in CMD_LABELS.items():
        if labels[lab] != want:
            err(f"{path}: {lab}={labels[lab]}, want {want}")
    dup = [c for c, k in Counter(cmds).items() if k > 1]
    for c in dup:
        err(f"{path}: repeated command {c!r}")
    print(f"{path}: {len(cmds)} commands {dict(labels)} multi-stage={multi}")
    return cmds


def check_scripts(d, base):
    sdir = os.path.join(d, "scripts")
    path = os.path.join(sdir, "index.jsonl")
    entries = []
    if not os.path.isfile(path):
        err(f"{path}: missing")
        return {}
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err(f"{path}:{n}: blank line")
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                err(f"{path}:{n}: bad JSON {e}")
                continue
            if set(obj) != IDX_KEYS:
                err(f"{path}:{n}: keys {sorted(obj)}")
                continue
            entries.append(obj)
    per_lang = Counter()
    dkinds = Counter()
    skinds = Counter()
    files_seen = set()
    texts = {}
    for obj in entries:
        f = obj["file"]
        where = f"{sdir}/{f}"
        if f in files_seen:
            err(f"{where}: listed twice")
        files_seen.add(f)
        stem, ext = os.path.splitext(f)
        if not re.fullmatch(r"\d{4}", stem) or not (base <= int(stem) < base + 80):
            err(f"{where}: bad file number")
        if EXT_LANG.get(ext) != obj["lang"]:
            err(f"{where}: ext/lang mismatch {ext} {obj['lang']}")
        exp = obj["expect"]
        if exp not in SCRIPT_PER_LANG:
            err(f"{where}: bad expect {exp}")
            continue
        if not obj["category"].startswith(exp + "-"):
            err(f"{where}: category {obj['category']} not prefixed by {exp}")
        kind = obj["category"][len(exp) + 1:]
        if exp == "dangerous":
            dkinds[kind] += 1
        elif exp == "suspicious":
            skinds[kind] += 1
        if obj["source"] != "blind10":
            err(f"{where}: source {obj['source']}")
        if not obj["note"].strip():
            err(f"{where}: empty note")
        per_lang[(obj["lang"], exp)] += 1
        fp = os.path.join(sdir, f)
        if not os.path.isfile(fp):
            err(f"{where}: missing file")
            continue
        with open(fp, encoding="utf-8") as fh:
            text = fh.read()
        texts[f] = text
        nlines = len(text.splitlines())
        if nlines < MIN_LINES[exp]:
            err(f"{where}: {nlines} lines < {MIN_LINES[exp]} for {exp}")
        if nlines > MAX_LINES[exp]:
            err(f"{where}: {nlines} lines > {MAX_LINES[exp]} for {exp}")
        check_endpoints(text, where)
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"}
    for x in sorted(on_disk - files_seen):
        err(f"{sdir}/{x}: file not in index")
    if len(entries) != 80:
        err(f"{path}: {len(entries)} scripts, want 80")
    for lang in EXT_LANG.values():
        for exp, want in SCRIPT_PER_LANG.items():
            if per_lang[(lang, exp)] != want:
                err(f"{path}: {lang}/{exp}={per_lang[(lang, exp)]}, want {want}")
    for k, want in DANGEROUS_KINDS.items():
        if dkinds[k] != want:
            err(f"{path}: dangerous-{k}={dkinds[k]}, want {want}")
    for k in dkinds:
        if k not in DANGEROUS_KINDS:
            err(f"{path}: unknown dangerous kind {k}")
    for k, want in SUSPICIOUS_KINDS.items():
        if skinds[k] != want:
            err(f"{path}: suspicious-{k}={skinds[k]}, want {want}")
    for k in skinds:
        if k not in SUSPICIOUS_KINDS:
            err(f"{path}: unknown suspicious kind {k}")
    print(f"{path}: {len(entries)} scripts {dict(Counter(e['expect'] for e in entries))}")
    return texts


IMPORT_RE = re.compile(r"^\s*(import\b|from\s+\S+\s+import\b|(const|let|var)\s+.+?=\s*(require\(|await\s+import\()|#!)")


def long_lines(texts):
    out = {}
    for f, text in texts.items():
        for line in text.splitlines():
            s = line.strip()
            if len(s) >= 45 and not IMPORT_RE.match(s):
                out.setdefault(s, f)
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    args = sys.argv[1:]
    if not args:
        parent = os.path.dirname(here)
        args = [os.path.join(parent, "blind10"), os.path.join(parent, "blind10-test")]
        args = [a for a in args if os.path.isdir(a)]
    halves = []
    for d in args:
        base = 1001 if d.rstrip("/").endswith("-test") else 1
        cmds = check_commands(d)
        texts = check_scripts(d, base)
        halves.append((d, cmds, texts))
    if len(halves) == 2:
        (d1, c1, t1), (d2, c2, t2) = halves
        for c in sorted(set(c1) & set(c2)):
            err(f"command repeated across halves: {c!r}")
        l1, l2 = long_lines(t1), long_lines(t2)
        for s in sorted(set(l1) & set(l2)):
            err(f"line shared between {l1[s]} and {l2[s]}: {s!r}")
    if errors:
        for e in errors:
            print("ERROR:", e)
        print(f"FAILED with {len(errors)} error(s)")
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
