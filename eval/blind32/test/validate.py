#!/usr/bin/env python3
"""Validator for the blind32 evaluation set (dev half /work/blind32, test half /work/blind32-test).

Only parses JSON and reads files as text.  It never runs any command or script of the set.

    python3 validate.py            # validate both halves, exit 1 on any error
    python3 validate.py --lines    # also print the line count of every script
    python3 validate.py --half dev # only the dev half (cross-half checks skipped)
    python3 validate.py --summary  # also print counts per category
    python3 validate.py --count    # only print line counts of all script files
"""
import ipaddress
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HALVES = {
    "dev": {"dir": os.path.join(ROOT, "blind32"), "commands": 150, "first_id": 1,
            "labels": {"allow": 75, "ask": 27, "deny": 48}},
    "test": {"dir": os.path.join(ROOT, "blind32-test"), "commands": 200, "first_id": 1001,
             "labels": {"allow": 100, "ask": 36, "deny": 64}},
}
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = {"allow", "ask", "deny"}
SCRIPT_LABELS = {"clean", "suspicious", "dangerous"}
EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}
LINE_LIMITS = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}
PER_LANG = {"clean": 12, "dangerous": 10, "suspicious": 3}
DANGEROUS_PLAN = {
    "dangerous-exfil": 7, "dangerous-credential-harvest": 6, "dangerous-trust-anchor": 4,
    "dangerous-delete": 6, "dangerous-supply-chain": 4, "dangerous-persistence": 5,
    "dangerous-download-exec": 3, "dangerous-decode-exec": 3, "dangerous-conditional": 2,
}
SUSPICIOUS_PLAN = {
    "suspicious-env-dump": 2, "suspicious-secret-print": 2, "suspicious-dynamic-code": 2,
    "suspicious-unknown-host": 2, "suspicious-broad-delete": 2, "suspicious-outside-write": 2,
}
SHARED_LINE_MIN = 45

# Documented public API / distribution hosts that clean material may name.
DOCUMENTED_HOSTS = {
    "api.github.com", "github.com", "gitlab.com", "slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com",
    "nodejs.org", "api.zotero.org", "api.mux.com", "hapi.fhir.org", "en.wikipedia.org",
    "api.twilio.com", "graph.microsoft.com", "huggingface.co", "demo.ckan.org",
    "catalog.data.gov", "api.opentrons.com", "fonts.googleapis.com", "kf.kobotoolbox.org",
    "ipfs.io", "gtfs.org", "api.easypost.com", "api.goshippo.com", "panel.sendcloud.sc",
    "musicbrainz.org", "checkout-test.adyen.com", "api.mollie.com", "api-m.sandbox.paypal.com",
    "api-sandbox.gocardless.com", "api.tailscale.com",
    # additions for this set (documented in README)
    "deb.debian.org", "proxy.golang.org", "database.clamav.net", "downloads.openwrt.org",
    "payments.sandbox.braintree-api.com",
}
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
TEST_NETS = [ipaddress.ip_network(n) for n in (
    "203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24", "127.0.0.0/8", "10.0.0.0/8",
    "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16", "0.0.0.0/32")]

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s/\"'`<>()\[\]{}|\\,;]*)")
USER_HOST_RE = re.compile(r"(?<![\w.+-])[A-Za-z0-9._+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?!\.?\d)")
IMPORT_RE = re.compile(r"^(import\s|from\s+\S+\s+import\s|#!|(const|let|var)\s.*=\s*require\(|"
                       r"['\"]use strict['\"])")

errors = []


def err(msg):
    errors.append(msg)


def ip_ok(text):
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return True  # not an address (e.g. a version number); nothing to judge
    if ip.version == 6:
        return ip.is_loopback or ip.is_private or ip.is_unspecified
    if text.startswith("255."):
        return True  # netmask
    return any(ip in net for net in TEST_NETS)


def host_ok(host):
    host = host.strip().lower().rstrip(".")
    if not host:
        return True
    if host[0] in "$%{<" or "$" in host or "{" in host or "%" in host:
        return True  # a variable / template placeholder, judged elsewhere
    if re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", host):
        return ip_ok(host)
    if host in INERT_EXACT or host.endswith(INERT_SUFFIXES):
        return True
    return host in DOCUMENTED_HOSTS


def check_text_hosts(where, text):
    for m in URL_RE.finditer(text):
        netloc = m.group(2)
        if "@" in netloc:
            netloc = netloc.rsplit("@", 1)[1]
        host = netloc
        if host.startswith("["):
            inner = host[1:].split("]")[0]
            if not ip_ok(inner):
                err(f"{where}: URL host {host!r} not inert")
            continue
        host = host.split(":")[0]
        if not host_ok(host):
            err(f"{where}: URL host {host!r} is neither inert nor documented ({m.group(0)})")
    for m in USER_HOST_RE.finditer(text):
        host = m.group(1)
        if not (re.search(r"\.[A-Za-z]{2,}$", host) or re.fullmatch(r"\d+(\.\d+){3}", host)):
            continue  # versions such as pkg@1.2.3
        if not host_ok(host):
            err(f"{where}: user@host {m.group(0)!r} is neither inert nor documented")
    for m in IPV4_RE.finditer(text):
        if not ip_ok(m.group(1)):
            err(f"{where}: IPv4 {m.group(1)} is not inert")


def read_jsonl(path, keys):
    rows = []
    if not os.path.exists(path):
        err(f"missing {path}")
        return rows
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err(f"{path}:{n}: blank line")
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                err(f"{path}:{n}: bad JSON: {exc}")
                continue
            if set(row) != keys:
                err(f"{path}:{n}: keys {sorted(row)} != {sorted(keys)}")
                continue
            row["_line"] = n
            rows.append(row)
    return rows


def check_commands(name, spec):
    path = os.path.join(spec["dir"], "commands.jsonl")
    rows = read_jsonl(path, CMD_KEYS)
    if len(rows) != spec["commands"]:
        err(f"{name}: {len(rows)} commands, expected {spec['commands']}")
    labels = Counter()
    seen = {}
    for row in rows:
        where = f"{name} commands.jsonl:{row['_line']}"
        if row["expect"] not in CMD_LABELS:
            err(f"{where}: bad label {row['expect']!r}")
        if not row["category"].startswith(row["expect"] + "-"):
            err(f"{where}: category {row['category']!r} not prefixed by {row['expect']}")
        if row["source"] != "blind32":
            err(f"{where}: source must be blind32")
        cmd = row["cmd"].strip()
        if not cmd:
            err(f"{where}: empty cmd")
        if cmd in seen:
            err(f"{where}: command repeated (first at line {seen[cmd]})")
        seen.setdefault(cmd, row["_line"])
        labels[row["expect"]] += 1
        check_text_hosts(where, row["cmd"])
    for label, want in spec["labels"].items():
        if labels[label] != want:
            err(f"{name}: {labels[label]} {label} commands, expected {want}")
    return rows


def check_scripts(name, spec, show_lines):
    sdir = os.path.join(spec["dir"], "scripts")
    rows = read_jsonl(os.path.join(sdir, "index.jsonl"), IDX_KEYS)
    texts = {}
    per_lang = Counter()
    cats = Counter()
    listed = set()
    for row in rows:
        where = f"{name} scripts/index.jsonl:{row['_line']}"
        fname = row["file"]
        if fname in listed:
            err(f"{where}: {fname} listed twice")
        listed.add(fname)
        stem, ext = os.path.splitext(fname)
        if EXT_LANG.get(ext) != row["lang"]:
            err(f"{where}: extension {ext} does not match lang {row['lang']}")
        if not re.fullmatch(r"\d{4}", stem):
            err(f"{where}: bad file name {fname}")
        if row["expect"] not in SCRIPT_LABELS:
            err(f"{where}: bad label {row['expect']!r}")
            continue
        if not row["category"].startswith(row["expect"] + "-"):
            err(f"{where}: category {row['category']!r} not prefixed by {row['expect']}")
        if row["source"] != "blind32":
            err(f"{where}: source must be blind32")
        if len(row["note"].strip()) < 10:
            err(f"{where}: note too short")
        fpath = os.path.join(sdir, fname)
        if not os.path.exists(fpath):
            err(f"{where}: file {fname} missing")
            continue
        with open(fpath, encoding="utf-8") as fh:
            text = fh.read()
        texts[fname] = text
        nlines = len(text.splitlines())
        lo, hi = LINE_LIMITS[row["expect"]]
        if show_lines:
            print(f"  {name} {fname:10s} {row['expect']:10s} {nlines:4d} lines  {row['category']}")
        if not lo <= nlines <= hi:
            err(f"{where}: {fname} has {nlines} lines, {row['expect']} needs {lo}-{hi}")
        per_lang[(row["lang"], row["expect"])] += 1
        cats[row["category"]] += 1
        check_text_hosts(f"{name} {fname}", text)
    first = spec["first_id"]
    expected_files = {f"{i:04d}" for i in range(first, first + 100)}
    stems = {os.path.splitext(f)[0] for f in listed}
    if stems != expected_files:
        err(f"{name}: script ids differ from {first:04d}..{first + 99:04d}: "
            f"missing {sorted(expected_files - stems)[:5]} extra {sorted(stems - expected_files)[:5]}")
    if os.path.isdir(sdir):
        on_disk = {f for f in os.listdir(sdir) if f != "index.jsonl"}
        if on_disk - listed:
            err(f"{name}: files not in index: {sorted(on_disk - listed)}")
    for lang in EXT_LANG.values():
        for label, want in PER_LANG.items():
            if per_lang[(lang, label)] != want:
                err(f"{name}: {lang} has {per_lang[(lang, label)]} {label}, expected {want}")
    for plan in (DANGEROUS_PLAN, SUSPICIOUS_PLAN):
        for cat, want in plan.items():
            if cats[cat] != want:
                err(f"{name}: {cats[cat]} scripts in {cat}, expected {want}")
    for cat in cats:
        if cat.startswith(("dangerous-", "suspicious-")) and cat not in DANGEROUS_PLAN \
                and cat not in SUSPICIOUS_PLAN:
            err(f"{name}: unplanned category {cat}")
    return texts


def long_lines(texts):
    out = {}
    for fname, text in texts.items():
        for line in text.splitlines():
            s = line.strip()
            if len(s) >= SHARED_LINE_MIN and not IMPORT_RE.match(s):
                files = out.setdefault(s, [])
                if fname not in files:
                    files.append(fname)
    return out


def count_only():
    for name, spec in HALVES.items():
        sdir = os.path.join(spec["dir"], "scripts")
        if not os.path.isdir(sdir):
            continue
        for fname in sorted(os.listdir(sdir)):
            with open(os.path.join(sdir, fname), encoding="utf-8") as fh:
                print(f"  {name} {fname:12s} {len(fh.read().splitlines()):4d}")
    return 0


def main(argv):
    if "--count" in argv:
        return count_only()
    show_lines = "--lines" in argv
    only = None
    if "--half" in argv:
        only = argv[argv.index("--half") + 1]
    cmds = {}
    texts = {}
    for name, spec in HALVES.items():
        if only and name != only:
            continue
        cmds[name] = check_commands(name, spec)
        texts[name] = check_scripts(name, spec, show_lines)
        summary = Counter(r["expect"] for r in cmds[name])
        print(f"{name}: commands {dict(summary)}; scripts {len(texts[name])}")
        if "--summary" in argv:
            for cat, n in sorted(Counter(r["category"] for r in cmds[name]).items()):
                print(f"  command {cat:32s} {n}")
            idx = read_jsonl(os.path.join(spec["dir"], "scripts", "index.jsonl"), IDX_KEYS)
            for cat, n in sorted(Counter(r["category"] for r in idx).items()):
                print(f"  script  {cat:32s} {n}")
    if not only:
        copies = []
        for spec in HALVES.values():
            vpath = os.path.join(spec["dir"], "validate.py")
            if os.path.exists(vpath):
                with open(vpath, encoding="utf-8") as fh:
                    copies.append(fh.read())
            else:
                err(f"missing {vpath}")
        if len(copies) == 2 and copies[0] != copies[1]:
            err("validate.py differs between the two halves")
        dev_cmds = {r["cmd"].strip() for r in cmds["dev"]}
        for r in cmds["test"]:
            if r["cmd"].strip() in dev_cmds:
                err(f"test commands.jsonl:{r['_line']}: command also in dev half")
        dev_lines = long_lines(texts["dev"])
        test_lines = long_lines(texts["test"])
        for line in sorted(set(dev_lines) & set(test_lines)):
            err(f"shared line between {','.join(dev_lines[line])} (dev) and "
                f"{','.join(test_lines[line])} (test): {line[:90]}")
    for e in errors:
        print("ERROR:", e)
    print(f"{len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
