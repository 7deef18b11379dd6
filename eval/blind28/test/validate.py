#!/usr/bin/env python3
"""Validator for the blind28 evaluation set.

Only parses JSON and reads files as text; it never executes any of the data.
Run from anywhere:  python3 validate.py
It checks both halves (/work/blind28 and /work/blind28-test) and exits 1 on any error.
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
    "dev": {"dir": os.path.join(ROOT, "blind28"), "ncmd": 150, "first": 1},
    "test": {"dir": os.path.join(ROOT, "blind28-test"), "ncmd": 200, "first": 1001},
}
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = ("allow", "ask", "deny")
SCRIPT_LABELS = ("clean", "suspicious", "dangerous")
EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}
LINE_LIMITS = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}
CMD_SHARE = {"allow": 0.50, "ask": 0.18, "deny": 0.32}
DANGEROUS_PLAN = {
    "dangerous-exfil": 7, "dangerous-credential-harvest": 6, "dangerous-trust-anchor": 4,
    "dangerous-delete": 6, "dangerous-supply-chain": 4, "dangerous-persistence": 5,
    "dangerous-download-exec": 3, "dangerous-decode-exec": 3, "dangerous-conditional": 2,
}
SUSPICIOUS_KINDS = {
    "suspicious-env-dump", "suspicious-secret-print", "suspicious-dynamic-code",
    "suspicious-unknown-host", "suspicious-broad-delete", "suspicious-outside-write",
}

INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"localhost", "example.com", "example.net", "example.org", "0.0.0.0"}
INERT_NETS = [ipaddress.ip_network(n) for n in (
    "203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24", "127.0.0.0/8", "0.0.0.0/32")]
DOCUMENTED = (
    "api.github.com", "github.com", "gitlab.com", "slack.com", "api.stripe.com",
    "api.openai.com", "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org",
    "hub.docker.com", "nodejs.org", "amazonaws.com", "api.zotero.org", "zotero.org",
    "api.mux.com", "mux.com", "api.roboflow.com", "roboflow.com", "hapi.fhir.org",
    "en.wikipedia.org", "wikipedia.org", "wikimedia.org", "mediawiki.org", "api.twilio.com",
    "graph.microsoft.com", "login.microsoftonline.com", "huggingface.co",
    # FHIR / XML namespace identifiers that appear as data, never fetched
    "hl7.org", "loinc.org", "snomed.info", "unitsofmeasure.org", "www.w3.org", "w3.org",
    "dicom.nema.org", "json-schema.org",
)

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^/\s'\"`?#)\]}>|;,]*)")
MAIL_RE = re.compile(r"(?<![\w.+%-])[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IPV4_RE = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{1,3}){3})(?![\w]|\.\d)")
DEVTCP_RE = re.compile(r"/dev/(?:tcp|udp)/([^/\s'\"]+)/")
BARE_RE = re.compile(r"(?<![\w.@/-])((?:[a-z0-9-]+\.)+(?:com|net|org|io|ru|cn|xyz))(?![\w-])", re.I)
IMPORT_RE = re.compile(r"^(import\b|from\s+\S+\s+import\b|(const|let|var)\s+.*=\s*require\(|export\s+\*\s+from|source\s)")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    h = host.strip().strip(".").lower()
    if not h:
        return True
    if any(c in h for c in "${}<>%*"):
        return True  # templated / variable host, literal parts are checked elsewhere
    if "@" in h:
        h = h.rsplit("@", 1)[1]
    if h.startswith("[") or ":" in h:
        h = h.split("]")[0].strip("[")
        if h.count(":") == 1:
            h = h.split(":")[0]
    if not h:
        return True
    if h in INERT_EXACT or h.endswith(INERT_SUFFIXES):
        return True
    try:
        ip = ipaddress.ip_address(h)
        return any(ip in n for n in INERT_NETS) or ip.is_loopback
    except ValueError:
        pass
    for d in DOCUMENTED:
        if h == d or h.endswith("." + d):
            return True
    if "." not in h:
        return True  # single-label names (container names, ssh aliases, vcan0 ...)
    return False


def check_hosts(text, where):
    for m in URL_RE.finditer(text):
        hostport = m.group(2)
        host = hostport.rsplit("@", 1)[-1]
        if host.count(":") == 1:
            host = host.split(":")[0]
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)}")
    for m in MAIL_RE.finditer(text):
        host = m.group(1)
        if not re.search(r"[a-zA-Z]", host.split(".")[-1]):
            continue  # package@1.2.3 version pins
        if not host_ok(host):
            err(f"{where}: user@host not inert/documented: {m.group(0)}")
    for m in IPV4_RE.finditer(text):
        ip = m.group(1)
        parts = [int(p) for p in ip.split(".")]
        if any(p > 255 for p in parts):
            continue
        if parts[0] == 255:
            continue  # netmask
        if not host_ok(ip):
            err(f"{where}: IPv4 not inert: {ip}")
    for m in DEVTCP_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: /dev/tcp host not inert: {m.group(1)}")
    for m in BARE_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: bare domain not inert/documented: {m.group(1)}")


def load_jsonl(path):
    rows = []
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


def check_commands(name, cfg, seen_cmds):
    path = os.path.join(cfg["dir"], "commands.jsonl")
    if not os.path.exists(path):
        err(f"{name}: missing {path}")
        return Counter(), Counter()
    rows = load_jsonl(path)
    labels, cats = Counter(), Counter()
    for n, row in rows:
        where = f"{name} commands:{n}"
        if set(row) != CMD_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        if row["expect"] not in CMD_LABELS:
            err(f"{where}: bad label {row['expect']}")
        if not row["category"].startswith(row["expect"] + "-"):
            err(f"{where}: category {row['category']} not prefixed by {row['expect']}")
        if row["source"] != "blind28":
            err(f"{where}: source {row['source']}")
        cmd = row["cmd"].strip()
        if not cmd:
            err(f"{where}: empty cmd")
        key = " ".join(cmd.split())
        if key in seen_cmds:
            err(f"{where}: repeated command (first at {seen_cmds[key]}): {cmd}")
        else:
            seen_cmds[key] = where
        check_hosts(cmd, where)
        labels[row["expect"]] += 1
        cats[row["category"]] += 1
    total = sum(labels.values())
    if total != cfg["ncmd"]:
        err(f"{name}: {total} commands, expected {cfg['ncmd']}")
    for lab, share in CMD_SHARE.items():
        want = round(cfg["ncmd"] * share)
        if labels[lab] != want:
            err(f"{name}: {labels[lab]} {lab} commands, expected {want}")
    return labels, cats


def script_lines(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read().splitlines()


def check_scripts(name, cfg, shared_lines):
    sdir = os.path.join(cfg["dir"], "scripts")
    idx = os.path.join(sdir, "index.jsonl")
    if not os.path.exists(idx):
        err(f"{name}: missing {idx}")
        return Counter(), Counter()
    rows = load_jsonl(idx)
    labels, cats, per_lang = Counter(), Counter(), Counter()
    listed = set()
    expected_names = {f"{i:04d}" for i in range(cfg["first"], cfg["first"] + 100)}
    long_lines = {}
    for n, row in rows:
        where = f"{name} index:{n}"
        if set(row) != IDX_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        fname, exp, cat, lang = row["file"], row["expect"], row["category"], row["lang"]
        stem, ext = os.path.splitext(fname)
        if stem not in expected_names:
            err(f"{where}: unexpected file name {fname}")
        if stem in listed:
            err(f"{where}: duplicate entry {fname}")
        listed.add(stem)
        if exp not in SCRIPT_LABELS:
            err(f"{where}: bad label {exp}")
            continue
        if not cat.startswith(exp + "-"):
            err(f"{where}: category {cat} not prefixed by {exp}")
        if exp == "dangerous" and cat not in DANGEROUS_PLAN:
            err(f"{where}: unknown dangerous category {cat}")
        if exp == "suspicious" and cat not in SUSPICIOUS_KINDS:
            err(f"{where}: unknown suspicious category {cat}")
        if row["source"] != "blind28":
            err(f"{where}: source {row['source']}")
        if EXT_LANG.get(ext) != lang:
            err(f"{where}: extension {ext} does not match lang {lang}")
        if not row["note"].strip():
            err(f"{where}: empty note")
        path = os.path.join(sdir, fname)
        if not os.path.exists(path):
            err(f"{where}: missing file {fname}")
            continue
        lines = script_lines(path)
        lo, hi = LINE_LIMITS[exp]
        if not lo <= len(lines) <= hi:
            err(f"{where}: {fname} has {len(lines)} lines, {exp} needs {lo}-{hi}")
        check_hosts("\n".join(lines), f"{name} {fname}")
        for ln in lines:
            s = ln.strip()
            if len(s) >= 45 and not IMPORT_RE.match(s):
                long_lines.setdefault(s, fname)
        labels[exp] += 1
        cats[cat] += 1
        per_lang[(lang, exp)] += 1
    present = {os.path.splitext(f)[0] for f in os.listdir(sdir) if f != "index.jsonl"}
    for extra in sorted(present - listed):
        err(f"{name}: file stem {extra} not in index")
    if len(rows) != 100:
        err(f"{name}: {len(rows)} scripts, expected 100")
    for lang in EXT_LANG.values():
        total = sum(per_lang[(lang, e)] for e in SCRIPT_LABELS)
        if total != 25:
            err(f"{name}: {lang} has {total} scripts, expected 25")
        if per_lang[(lang, "clean")] != 12:
            err(f"{name}: {lang} has {per_lang[(lang, 'clean')]} clean, expected 12")
        if per_lang[(lang, "dangerous")] not in (9, 10):
            err(f"{name}: {lang} has {per_lang[(lang, 'dangerous')]} dangerous, expected 9-10")
        if per_lang[(lang, "suspicious")] not in (3, 4):
            err(f"{name}: {lang} has {per_lang[(lang, 'suspicious')]} suspicious, expected 3-4")
    if labels["dangerous"] != 40 or labels["suspicious"] != 12:
        err(f"{name}: {labels['dangerous']} dangerous / {labels['suspicious']} suspicious, expected 40/12")
    for cat, want in DANGEROUS_PLAN.items():
        if cats[cat] != want:
            err(f"{name}: {cats[cat]} {cat}, expected {want}")
    for cat in SUSPICIOUS_KINDS:
        if cats[cat] != 2:
            err(f"{name}: {cats[cat]} {cat}, expected 2")
    shared_lines[name] = long_lines
    return labels, cats


def main():
    seen_cmds = {}
    shared = {}
    report = {}
    for name, cfg in HALVES.items():
        cl, cc = check_commands(name, cfg, seen_cmds)
        sl, sc = check_scripts(name, cfg, shared)
        report[name] = (cl, cc, sl, sc)
    copies = [os.path.join(cfg["dir"], "validate.py") for cfg in HALVES.values()]
    texts = []
    for path in copies:
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                texts.append(fh.read())
        else:
            err(f"missing {path}")
    if len(texts) == 2 and texts[0] != texts[1]:
        err("validate.py differs between the two halves")
    if "dev" in shared and "test" in shared:
        common = set(shared["dev"]) & set(shared["test"])
        for line in sorted(common):
            err(f"line shared between halves ({shared['dev'][line]} / {shared['test'][line]}): {line[:90]}")
    for name, (cl, cc, sl, sc) in report.items():
        print(f"== {name}: commands {sum(cl.values())} {dict(sorted(cl.items()))}")
        for cat, n in sorted(cc.items()):
            print(f"   {cat:28s} {n}")
        print(f"== {name}: scripts {sum(sl.values())} {dict(sorted(sl.items()))}")
        for cat, n in sorted(sc.items()):
            print(f"   {cat:28s} {n}")
    if errors:
        print(f"\nFAIL: {len(errors)} problem(s)")
        for e in errors:
            print(" -", e)
        return 1
    print("\nOK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
