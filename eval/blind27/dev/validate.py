#!/usr/bin/env python3
"""Validator for the blind27 evaluation set.

Only parses JSON and reads files as text. Never executes anything it reads.
Run from either half; it checks the half it lives in and, when present, the
sibling half (blind27 <-> blind27-test) plus the cross-half rules.
"""
import ipaddress
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PARENT = os.path.dirname(HERE)
DEV = os.path.join(PARENT, "blind27")
TEST = os.path.join(PARENT, "blind27-test")

CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = ("allow", "ask", "deny")
SCRIPT_LABELS = ("clean", "suspicious", "dangerous")
EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}
LINE_LIMITS = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}

HALVES = {
    "dev": {"dir": DEV, "ncmd": 150, "first": 1,
            "mix": {"allow": 75, "ask": 27, "deny": 48}},
    "test": {"dir": TEST, "ncmd": 200, "first": 1001,
             "mix": {"allow": 100, "ask": 36, "deny": 64}},
}

DANGEROUS_PLAN = {"exfil": 7, "credential-harvest": 6, "trust-anchor": 4, "delete": 6,
                  "supply-chain": 4, "persistence": 5, "download-exec": 3,
                  "decode-exec": 3, "conditional": 2}
SUSPICIOUS_PLAN = {"env-dump": 2, "secret-print": 2, "dynamic-code": 2,
                   "unknown-host": 2, "broad-delete": 2, "outside-write": 2}

DOC_HOSTS = {
    "api.github.com", "github.com", "gitlab.com", "slack.com", "api.stripe.com",
    "api.openai.com", "sentry.io", "pypi.org", "files.pythonhosted.org",
    "registry.npmjs.org", "hub.docker.com", "nodejs.org", "files.rcsb.org",
    "www.rcsb.org", "data.rcsb.org", "mast.stsci.edu", "admin.googleapis.com",
    "www.googleapis.com", "oauth2.googleapis.com", "script.googleapis.com",
    "graph.microsoft.com", "login.microsoftonline.com", "api.notion.com",
    "api.airtable.com", "api.twilio.com", "archive.org", "s3.us.archive.org",
    "api.binance.com", "testnet.binance.vision", "huggingface.co",
    "auth.quantum-computing.ibm.com", "api.quantum-computing.ibm.com",
    "quantum.cloud.ibm.com", "serverless.twilio.com", "web.archive.org",
    "script.google.com",
}
DOC_SUFFIXES = (".atlassian.net", ".instructure.com", ".amazonaws.com", ".sharepoint.com")
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
INERT_NETS = [ipaddress.ip_network(n) for n in
              ("203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24", "127.0.0.0/8",
               "0.0.0.0/32")]
SKIP_SCHEMES = {"file", "s3", "gs", "data", "mailto"}

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^/\s\"'`<>)\]}|;,]*)")
MAIL_RE = re.compile(r"[A-Za-z0-9_.+%-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.strip().lower().rstrip(".")
    if not host:
        return True
    if "@" in host:
        host = host.rsplit("@", 1)[1]
    if host.startswith("["):
        return host.startswith("[::1]")
    host = host.split(":", 1)[0]
    if not host or "$" in host or "{" in host or "%" in host:
        return True  # templated host, judged by its parts elsewhere
    if re.fullmatch(r"[\d.]+", host):
        if host.count(".") != 3:
            return True  # version number
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return True
        return any(ip in n for n in INERT_NETS)
    if host in INERT_EXACT or host.endswith(INERT_SUFFIXES):
        return True
    if host in DOC_HOSTS or host.endswith(DOC_SUFFIXES):
        return True
    return False


def check_hosts(text, where):
    for m in URL_RE.finditer(text):
        scheme, host = m.group(1).lower(), m.group(2)
        if scheme in SKIP_SCHEMES:
            continue
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)}")
    for m in MAIL_RE.finditer(text):
        dom = m.group(1).lower()
        if re.fullmatch(r"[\d.]+", dom) and dom.count(".") != 3:
            continue
        if not host_ok(dom):
            err(f"{where}: user@host not inert/documented: {m.group(0)}")
    for m in IP_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: IPv4 not inert: {m.group(1)}")


def load_jsonl(path):
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
                rows.append((n, json.loads(line)))
            except json.JSONDecodeError as exc:
                err(f"{path}:{n}: bad JSON: {exc}")
    return rows


def check_commands(name, spec, seen):
    path = os.path.join(spec["dir"], "commands.jsonl")
    rows = load_jsonl(path)
    if len(rows) != spec["ncmd"]:
        err(f"{name}: {len(rows)} commands, want {spec['ncmd']}")
    counts = {k: 0 for k in CMD_LABELS}
    cats = {}
    for n, row in rows:
        where = f"{name} commands:{n}"
        if not isinstance(row, dict) or set(row) != CMD_KEYS:
            err(f"{where}: keys {sorted(row) if isinstance(row, dict) else row}")
            continue
        if row["expect"] not in CMD_LABELS:
            err(f"{where}: bad expect {row['expect']}")
            continue
        counts[row["expect"]] += 1
        if not row["category"].startswith(row["expect"] + "-") or len(row["category"]) <= len(row["expect"]) + 1:
            err(f"{where}: category {row['category']} not prefixed by label")
        if row["source"] != "blind27":
            err(f"{where}: source {row['source']}")
        cmd = row["cmd"]
        if not cmd.strip():
            err(f"{where}: empty cmd")
        key = cmd.strip()
        if key in seen:
            err(f"{where}: repeated command (also {seen[key]})")
        else:
            seen[key] = where
        cats[row["category"]] = cats.get(row["category"], 0) + 1
        check_hosts(cmd, where)
    for k, want in spec["mix"].items():
        if counts[k] != want:
            err(f"{name}: {counts[k]} {k} commands, want {want}")
    multi = sum(1 for _, r in rows if isinstance(r, dict) and re.search(r"&&|\|\||;|\|", r.get("cmd", "")))
    return counts, cats, multi


def script_lines(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read().splitlines()


def is_import(line, lang):
    s = line.strip()
    if lang == "python":
        return s.startswith("import ") or s.startswith("from ")
    if lang in ("javascript", "typescript"):
        return s.startswith("import ") or ("require(" in s and s.startswith(("const ", "let ", "var ")))
    if lang == "shell":
        return s.startswith("source ") or s.startswith(". ")
    return False


def check_scripts(name, spec):
    sdir = os.path.join(spec["dir"], "scripts")
    rows = load_jsonl(os.path.join(sdir, "index.jsonl"))
    longlines = {}
    if len(rows) != 100:
        err(f"{name}: {len(rows)} index rows, want 100")
    listed = set()
    per_lang = {}
    dcat, scat = {}, {}
    for n, row in rows:
        where = f"{name} index:{n}"
        if not isinstance(row, dict) or set(row) != IDX_KEYS:
            err(f"{where}: keys {sorted(row) if isinstance(row, dict) else row}")
            continue
        f, exp, cat = row["file"], row["expect"], row["category"]
        if f in listed:
            err(f"{where}: file listed twice {f}")
        listed.add(f)
        stem, ext = os.path.splitext(f)
        if not stem.isdigit() or len(stem) != 4:
            err(f"{where}: bad file name {f}")
        elif not (spec["first"] <= int(stem) < spec["first"] + 100):
            err(f"{where}: file number out of range {f}")
        if ext not in EXT_LANG or EXT_LANG[ext] != row["lang"]:
            err(f"{where}: ext/lang mismatch {f} {row['lang']}")
        if exp not in SCRIPT_LABELS:
            err(f"{where}: bad expect {exp}")
            continue
        if not cat.startswith(exp + "-"):
            err(f"{where}: category {cat} not prefixed by label")
        if row["source"] != "blind27":
            err(f"{where}: source")
        if not row["note"].strip():
            err(f"{where}: empty note")
        lang = row["lang"]
        per_lang.setdefault(lang, {k: 0 for k in SCRIPT_LABELS})
        per_lang[lang][exp] += 1
        kind = cat[len(exp) + 1:]
        if exp == "dangerous":
            dcat[kind] = dcat.get(kind, 0) + 1
        if exp == "suspicious":
            scat[kind] = scat.get(kind, 0) + 1
        p = os.path.join(sdir, f)
        if not os.path.exists(p):
            err(f"{where}: missing file {f}")
            continue
        lines = script_lines(p)
        lo, hi = LINE_LIMITS[exp]
        if not (lo <= len(lines) <= hi):
            err(f"{where}: {f} has {len(lines)} lines, want {lo}-{hi} for {exp}")
        check_hosts("\n".join(lines), f"{name} {f}")
        for ln in lines:
            s = ln.strip()
            if len(s) >= 45 and not is_import(s, lang):
                longlines.setdefault(s, set()).add(f)
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"} if os.path.isdir(sdir) else set()
    for extra in sorted(on_disk - listed):
        err(f"{name}: unlisted script file {extra}")
    for lang, c in sorted(per_lang.items()):
        if c["clean"] != 12 or c["dangerous"] not in (9, 10) or c["suspicious"] not in (3, 4) or sum(c.values()) != 25:
            err(f"{name}: {lang} counts {c}")
    if sum(c["dangerous"] for c in per_lang.values()) != 40:
        err(f"{name}: dangerous total != 40")
    if sum(c["suspicious"] for c in per_lang.values()) != 12:
        err(f"{name}: suspicious total != 12")
    if dcat != DANGEROUS_PLAN:
        err(f"{name}: dangerous categories {dcat} != {DANGEROUS_PLAN}")
    if scat != SUSPICIOUS_PLAN:
        err(f"{name}: suspicious categories {scat} != {SUSPICIOUS_PLAN}")
    return per_lang, dcat, scat, longlines


def check_validator_copies():
    """Both halves must carry the identical validate.py (compared as text)."""
    copies = [os.path.join(d, "validate.py") for d in (DEV, TEST)]
    texts = []
    for c in copies:
        if not os.path.exists(c):
            err(f"missing {c}")
            return
        with open(c, encoding="utf-8") as fh:
            texts.append(fh.read())
    if texts[0] != texts[1]:
        err("validate.py differs between the two halves")


def main():
    seen = {}
    results = {}
    for name, spec in HALVES.items():
        if not os.path.isdir(spec["dir"]):
            if spec["dir"] == HERE:
                err(f"{name}: missing dir")
            print(f"[skip] {name}: {spec['dir']} not present")
            continue
        counts, cats, multi = check_commands(name, spec, seen)
        per_lang, dcat, scat, longlines = check_scripts(name, spec)
        results[name] = longlines
        print(f"{name}: commands {counts} (multi-stage {multi}); scripts {per_lang}")
        if "--stats" in sys.argv:
            print(f"  {name} command categories: " + ", ".join(f"{k}={v}" for k, v in sorted(cats.items())))
            print(f"  {name} dangerous kinds: {dcat}")
            print(f"  {name} suspicious kinds: {scat}")
    if "dev" in results and "test" in results:
        check_validator_copies()
        shared = set(results["dev"]) & set(results["test"])
        for s in sorted(shared):
            err(f"shared 45+ char line: dev {','.join(sorted(results['dev'][s]))} / "
                f"test {','.join(sorted(results['test'][s]))}: {s}")
    if errors:
        for e in errors:
            print("FAIL", e)
        print(f"{len(errors)} problem(s)")
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
