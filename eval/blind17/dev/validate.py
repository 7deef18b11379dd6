#!/usr/bin/env python3
"""Validator for the blind17 evaluation set.

Only parses JSON and reads files as text. Never executes anything it reads.

Usage: python3 validate.py            (validates the half this file lives in,
                                        and cross-checks the sibling half if present)
       python3 validate.py DIR [DIR]  (validates the given halves)
"""
import ipaddress
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = "blind17"

CMD_KEYS = {"cmd", "expect", "category", "source"}
SCRIPT_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = {"allow", "ask", "deny"}
SCRIPT_LABELS = {"clean", "suspicious", "dangerous"}
EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}
MIN_LINES = {"clean": 180, "dangerous": 60, "suspicious": 20}
MAX_LINES = {"clean": 350, "dangerous": 200, "suspicious": 80}

# per-half plans
PLANS = {
    "dev": {
        "commands": 150,
        "cmd_labels": {"allow": 75, "ask": 27, "deny": 48},
        "script_range": (1, 100),
    },
    "test": {
        "commands": 200,
        "cmd_labels": {"allow": 100, "ask": 36, "deny": 64},
        "script_range": (1001, 1100),
    },
}
SCRIPT_LABELS_PER_LANG = {"clean": 12, "dangerous": 10, "suspicious": 3}
DANGEROUS_KINDS = {
    "exfil": 7, "credential-harvest": 5, "trust-anchor": 6, "delete": 6,
    "supply-chain": 4, "persistence": 4, "download-exec": 3, "decode-exec": 3,
    "conditional": 2,
}
SUSPICIOUS_KINDS = {
    "env-dump": 2, "secret-print": 2, "dynamic-code": 2, "unknown-host": 2,
    "broad-delete": 2, "outside-write": 2,
}

# documented public API hosts (and their subdomains) that clean code may talk to
DOCUMENTED = [
    "api.github.com", "github.com", "raw.githubusercontent.com", "objects.githubusercontent.com",
    "gitlab.com", "slack.com", "hooks.slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com",
    "registry-1.docker.io", "nodejs.org", "amazonaws.com", "addons.mozilla.org",
    "api.anthropic.com", "crates.io", "static.rust-lang.org", "proxy.golang.org",
    "rubygems.org", "packagist.org", "repo.maven.apache.org", "ghcr.io", "quay.io",
]
INERT_SUFFIXES = [".test", ".invalid", ".localhost", ".internal", ".example"]
INERT_DOMAINS = ["example.com", "example.net", "example.org"]
INERT_NETS = [ipaddress.ip_network(n) for n in (
    "203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24", "127.0.0.0/8", "0.0.0.0/32",
)]

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s/\"'`)<>\]\\|;,]*)")
USERHOST_RE = re.compile(r"(?<![\w.%+-])([A-Za-z0-9_][\w.+-]*)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})\b")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.]*\d)")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().strip(".")
    if not host or any(c in host for c in "${}%<*()^|\\+?"):
        return True  # templated, a regex or otherwise not a literal host
    if host in ("localhost",):
        return True
    if "." not in host and ":" not in host:
        return True  # single-label name: a compose service / local host, never a public host
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
        return any(ip in n for n in INERT_NETS) or ip == ipaddress.ip_address("::1")
    except ValueError:
        pass
    for s in INERT_SUFFIXES:
        if host.endswith(s):
            return True
    for d in INERT_DOMAINS + DOCUMENTED:
        if host == d or host.endswith("." + d):
            return True
    return False


def check_text_endpoints(where, text):
    for m in URL_RE.finditer(text):
        scheme, netloc = m.group(1).lower(), m.group(2)
        if scheme in ("file", "s3", "gs", "sqlite"):
            continue  # bucket names / local paths, not network hosts
        host = netloc.rsplit("@", 1)[-1]
        if host.startswith("["):
            host = host.split("]")[0] + "]"
        else:
            host = host.split(":")[0]
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)}")
    for m in USERHOST_RE.finditer(text):
        if not host_ok(m.group(2)):
            err(f"{where}: user@host not inert/documented: {m.group(0)}")
    for m in IPV4_RE.finditer(text):
        s = m.group(1)
        try:
            ip = ipaddress.ip_address(s)
        except ValueError:
            continue
        if not any(ip in n for n in INERT_NETS):
            err(f"{where}: IPv4 not inert: {s}")


def load_jsonl(path):
    rows = []
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh, 1):
            if not line.strip():
                err(f"{path}:{i}: blank line")
                continue
            try:
                rows.append((i, json.loads(line)))
            except json.JSONDecodeError as e:
                err(f"{path}:{i}: bad JSON: {e}")
    return rows


def half_kind(d):
    return "test" if os.path.basename(os.path.normpath(d)).endswith("-test") else "dev"


def check_commands(d, plan):
    path = os.path.join(d, "commands.jsonl")
    rows = load_jsonl(path)
    if len(rows) != plan["commands"]:
        err(f"{path}: {len(rows)} commands, expected {plan['commands']}")
    counts, seen, cats = {}, {}, {}
    for i, r in rows:
        where = f"{path}:{i}"
        if set(r) != CMD_KEYS:
            err(f"{where}: keys {sorted(r)}")
            continue
        if r["expect"] not in CMD_LABELS:
            err(f"{where}: bad label {r['expect']}")
        if not r["category"].startswith(r["expect"] + "-") or len(r["category"]) <= len(r["expect"]) + 1:
            err(f"{where}: category {r['category']} not prefixed by {r['expect']}-")
        if r["source"] != SOURCE:
            err(f"{where}: source {r['source']}")
        if not isinstance(r["cmd"], str) or not r["cmd"].strip():
            err(f"{where}: empty cmd")
            continue
        if r["cmd"] in seen:
            err(f"{where}: repeated command (first at line {seen[r['cmd']]})")
        seen[r["cmd"]] = i
        counts[r["expect"]] = counts.get(r["expect"], 0) + 1
        cats[r["category"]] = cats.get(r["category"], 0) + 1
        check_text_endpoints(where, r["cmd"])
    for lab, n in plan["cmd_labels"].items():
        if counts.get(lab, 0) != n:
            err(f"{path}: {lab}={counts.get(lab, 0)}, expected {n}")
    return set(seen), counts, cats


def norm_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) < 45:
            continue
        if re.match(r"^(import\b|from \S+ import |(const|let|var) [^=]+= require\(|#!)", s):
            continue
        out.add(s)
    return out


def check_scripts(d, plan):
    sdir = os.path.join(d, "scripts")
    path = os.path.join(sdir, "index.jsonl")
    rows = load_jsonl(path)
    lo, hi = plan["script_range"]
    expected_files = set()
    lines_by_file = {}
    per_lang = {}
    kinds = {}
    seen = set()
    for i, r in rows:
        where = f"{path}:{i}"
        if set(r) != SCRIPT_KEYS:
            err(f"{where}: keys {sorted(r)}")
            continue
        f = r["file"]
        if f in seen:
            err(f"{where}: duplicate file {f}")
        seen.add(f)
        stem, ext = os.path.splitext(f)
        if not stem.isdigit() or not (lo <= int(stem) <= hi) or len(stem) != 4:
            err(f"{where}: file name {f} out of range {lo}..{hi}")
        if ext not in EXT_LANG:
            err(f"{where}: bad extension {f}")
        elif EXT_LANG[ext] != r["lang"]:
            err(f"{where}: lang {r['lang']} does not match {ext}")
        lab = r["expect"]
        if lab not in SCRIPT_LABELS:
            err(f"{where}: bad label {lab}")
            continue
        if not r["category"].startswith(lab + "-"):
            err(f"{where}: category {r['category']} not prefixed by {lab}-")
        if r["source"] != SOURCE:
            err(f"{where}: source {r['source']}")
        if not r["note"].strip():
            err(f"{where}: empty note")
        key = (r["lang"], lab)
        per_lang[key] = per_lang.get(key, 0) + 1
        kind = r["category"][len(lab) + 1:]
        kinds[(lab, kind)] = kinds.get((lab, kind), 0) + 1
        fp = os.path.join(sdir, f)
        if not os.path.isfile(fp):
            err(f"{where}: missing file {fp}")
            continue
        with open(fp, encoding="utf-8") as fh:
            text = fh.read()
        n = len(text.splitlines())
        if n < MIN_LINES[lab]:
            err(f"{fp}: {n} lines, {lab} needs >= {MIN_LINES[lab]}")
        if n > MAX_LINES[lab]:
            err(f"{fp}: {n} lines, {lab} allows <= {MAX_LINES[lab]}")
        check_text_endpoints(fp, text)
        lines_by_file[f] = norm_lines(text)
        expected_files.add(f)
    if len(rows) != hi - lo + 1:
        err(f"{path}: {len(rows)} scripts, expected {hi - lo + 1}")
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"}
    for x in sorted(on_disk - expected_files):
        err(f"{sdir}: file {x} not in index")
    for lang in EXT_LANG.values():
        for lab, n in SCRIPT_LABELS_PER_LANG.items():
            if per_lang.get((lang, lab), 0) != n:
                err(f"{path}: {lang}/{lab}={per_lang.get((lang, lab), 0)}, expected {n}")
    for kind, n in DANGEROUS_KINDS.items():
        if kinds.get(("dangerous", kind), 0) != n:
            err(f"{path}: dangerous-{kind}={kinds.get(('dangerous', kind), 0)}, expected {n}")
    for kind, n in SUSPICIOUS_KINDS.items():
        if kinds.get(("suspicious", kind), 0) != n:
            err(f"{path}: suspicious-{kind}={kinds.get(('suspicious', kind), 0)}, expected {n}")
    for (lab, kind) in kinds:
        if lab == "dangerous" and kind not in DANGEROUS_KINDS:
            err(f"{path}: unknown dangerous kind {kind}")
        if lab == "suspicious" and kind not in SUSPICIOUS_KINDS:
            err(f"{path}: unknown suspicious kind {kind}")
    return lines_by_file, per_lang, kinds


def main(argv):
    dirs = argv[1:]
    if not dirs:
        base = HERE.rstrip("/")
        if base.endswith("-test"):
            dev, test = base[: -len("-test")], base
        else:
            dev, test = base, base + "-test"
        dirs = [d for d in (dev, test) if os.path.isdir(d)]
    results = {}
    for d in dirs:
        kind = half_kind(d)
        plan = PLANS[kind]
        cmds, ccounts, ccats = check_commands(d, plan)
        lines, per_lang, kinds = check_scripts(d, plan)
        results[kind] = (cmds, lines)
        print(f"== {d} ({kind})")
        print("  commands:", dict(sorted(ccounts.items())))
        print("  command categories:", len(ccats))
        print("  scripts per lang/label:", {f"{a}/{b}": n for (a, b), n in sorted(per_lang.items())})
        print("  script kinds:", {f"{a}-{b}": n for (a, b), n in sorted(kinds.items())})
    if "dev" in results and "test" in results:
        both = results["dev"][0] & results["test"][0]
        for c in sorted(both):
            err(f"command repeated across halves: {c}")
        dev_lines = {}
        for f, ls in results["dev"][1].items():
            for s in ls:
                dev_lines.setdefault(s, f)
        for f, ls in results["test"][1].items():
            for s in ls:
                if s in dev_lines:
                    err(f"line shared between dev {dev_lines[s]} and test {f}: {s}")
    if errors:
        for e in errors:
            print("ERROR:", e)
        print(f"FAIL: {len(errors)} error(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
