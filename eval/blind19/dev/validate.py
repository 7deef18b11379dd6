#!/usr/bin/env python3
"""Validator for the blind19 evaluation set (dev half /work/blind19, test half /work/blind19-test).

It only parses JSON and reads files as text. It never runs anything it reads.
Run from either half: `python3 validate.py`. Both halves are checked, and the
cross-half rules (no repeated command, no shared 45+ character source line)
are checked when the sibling half exists.
"""
import ast
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.basename(HERE)
ROOT = os.path.dirname(HERE)
DEV_NAME = BASE[:-5] if BASE.endswith("-test") else BASE
TEST_NAME = DEV_NAME + "-test"

CMD_PLAN = {
    "dev": {"total": 150, "allow": 75, "ask": 27, "deny": 48},
    "test": {"total": 200, "allow": 100, "ask": 36, "deny": 64},
}
SCRIPT_RANGE = {"dev": (1, 100), "test": (1001, 1100)}
LANG_EXT = {"python": ".py", "shell": ".sh", "javascript": ".js", "typescript": ".ts"}
PER_LANG = {"clean": 12, "dangerous": 10, "suspicious": 3}
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
SUSPICIOUS_PLAN = {
    "suspicious-env-dump": 2,
    "suspicious-secret-print": 2,
    "suspicious-dynamic-code": 2,
    "suspicious-unknown-host": 2,
    "suspicious-broad-delete": 2,
    "suspicious-outside-write": 2,
}
MIN_LINES = {"clean": 180, "dangerous": 60, "suspicious": 20}
MAX_LINES = {"clean": 350, "dangerous": 200, "suspicious": 80}
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}

INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
DOCUMENTED = {
    "api.github.com", "github.com", "uploads.github.com", "gitlab.com", "slack.com",
    "hooks.slack.com", "api.stripe.com", "api.openai.com", "sentry.io", "pypi.org",
    "upload.pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com",
    "nodejs.org", "api.cloudflare.com", "api.vercel.com", "api.netlify.com", "api.fly.io",
    "api.machines.dev", "api.anthropic.com", "registry.terraform.io", "crates.io",
}
DOCUMENTED_SUFFIXES = (".amazonaws.com",)
# Only schemes that name a network host are checked; secret-manager refs (op://),
# engine resources (res://), buckets (s3://), local files and data: URLs name none.
NETWORK_SCHEMES = {
    "http", "https", "ws", "wss", "ftp", "ftps", "sftp", "ssh", "git", "tcp", "udp",
    "nats", "amqp", "amqps", "redis", "rediss", "mongodb", "postgres", "postgresql",
    "mysql", "mariadb", "sqlserver", "kafka", "ldap", "ldaps", "smtp", "imap",
}

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s'\"`<>)\]}]+)")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.]*\d)")
USERHOST_RE = re.compile(
    r"(?<![\w.@/-])[A-Za-z0-9._%+-]+@((?:\d{1,3}\.){3}\d{1,3}|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})\b"
)

errors = []


def err(msg):
    errors.append(msg)


def ip_ok(parts):
    a, b, c, d = (int(p) for p in parts)
    if max(a, b, c, d) > 255:
        return True  # not an address at all
    if a == 127 or (a, b, c, d) == (0, 0, 0, 0):
        return True
    if (a, b, c) in ((192, 0, 2), (198, 51, 100), (203, 0, 113)):
        return True
    if a == 255:  # netmasks
        return True
    return False


def host_ok(host):
    host = host.lower().strip(".")
    if re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", host):
        return ip_ok(host.split("."))
    if host.startswith("[") or host in ("", "::1"):
        return True
    if host in INERT_EXACT or host.endswith(INERT_SUFFIXES):
        return True
    if "." not in host:
        return True  # single-label name: compose service or placeholder, never a public host
    if host in DOCUMENTED or host.endswith(DOCUMENTED_SUFFIXES):
        return True
    return False


def check_text(where, text):
    for m in URL_RE.finditer(text):
        scheme = m.group(1).lower()
        rest = m.group(2)
        if scheme not in NETWORK_SCHEMES:
            continue
        hostport = rest.split("/", 1)[0]
        if "@" in hostport:
            hostport = hostport.rsplit("@", 1)[1]
        if hostport.startswith("["):
            continue
        host = hostport.split(":", 1)[0]
        if any(ch in host for ch in "${[\\*|") or host == "":
            continue  # templated host, checked where the value is defined
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)[:80]}")
    for m in IPV4_RE.finditer(text):
        if not ip_ok(m.groups()):
            err(f"{where}: IPv4 not inert: {m.group(0)}")
    for m in USERHOST_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: user@host not inert/documented: {m.group(0)[:80]}")


def load_jsonl(path):
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    err(f"{path}:{n}: blank line")
                    continue
                try:
                    rows.append((n, json.loads(line)))
                except json.JSONDecodeError as exc:
                    err(f"{path}:{n}: bad JSON: {exc}")
    except FileNotFoundError:
        err(f"missing {path}")
    return rows


def check_commands(half, d):
    path = os.path.join(d, "commands.jsonl")
    rows = load_jsonl(path)
    plan = CMD_PLAN[half]
    if len(rows) != plan["total"]:
        err(f"{path}: {len(rows)} commands, want {plan['total']}")
    labels = Counter()
    seen = set()
    cmds = []
    for n, r in rows:
        if set(r) != CMD_KEYS:
            err(f"{path}:{n}: keys {sorted(r)}")
            continue
        if r["expect"] not in ("allow", "ask", "deny"):
            err(f"{path}:{n}: expect {r['expect']}")
        if not r["category"].startswith(r["expect"] + "-") or len(r["category"]) <= len(r["expect"]) + 1:
            err(f"{path}:{n}: category {r['category']} not prefixed by {r['expect']}-")
        if r["source"] != "blind19":
            err(f"{path}:{n}: source {r['source']}")
        c = r["cmd"]
        if not isinstance(c, str) or not c.strip():
            err(f"{path}:{n}: empty cmd")
            continue
        if c in seen:
            err(f"{path}:{n}: repeated command: {c[:80]}")
        seen.add(c)
        labels[r["expect"]] += 1
        cmds.append(c)
        check_text(f"{path}:{n}", c)
    for k in ("allow", "ask", "deny"):
        if labels[k] != plan[k]:
            err(f"{path}: {labels[k]} {k}, want {plan[k]}")
    return cmds, labels, Counter(r["category"] for _, r in rows if "category" in r)


def source_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) < 45:
            continue
        if re.match(r"^(import |from \S+ import |(const|let|var) .+ = require\(['\"][^'\"]+['\"]\);?$|#!)", s):
            continue
        out.add(s)
    return out


def check_scripts(half, d):
    sdir = os.path.join(d, "scripts")
    rows = load_jsonl(os.path.join(sdir, "index.jsonl"))
    lo, hi = SCRIPT_RANGE[half]
    want_files = set()
    per_lang = Counter()
    cats = Counter()
    lines_by_file = {}
    seen = set()
    for n, r in rows:
        where = f"{sdir}/index.jsonl:{n}"
        if set(r) != IDX_KEYS:
            err(f"{where}: keys {sorted(r)}")
            continue
        f = r["file"]
        if f in seen:
            err(f"{where}: file listed twice {f}")
        seen.add(f)
        m = re.fullmatch(r"(\d{4})(\.\w+)", f)
        if not m or not lo <= int(m.group(1)) <= hi:
            err(f"{where}: file name {f} outside {lo:04d}..{hi:04d}")
            continue
        if r["lang"] not in LANG_EXT:
            err(f"{where}: lang {r['lang']}")
            continue
        if LANG_EXT[r["lang"]] != m.group(2):
            err(f"{where}: extension {m.group(2)} does not match lang {r['lang']}")
        if r["expect"] not in PER_LANG:
            err(f"{where}: expect {r['expect']}")
            continue
        if not r["category"].startswith(r["expect"] + "-"):
            err(f"{where}: category {r['category']} not prefixed by {r['expect']}-")
        if r["source"] != "blind19":
            err(f"{where}: source {r['source']}")
        if len(r["note"].strip()) < 15:
            err(f"{where}: note too short")
        per_lang[(r["lang"], r["expect"])] += 1
        cats[r["category"]] += 1
        p = os.path.join(sdir, f)
        try:
            with open(p, encoding="utf-8") as fh:
                text = fh.read()
        except FileNotFoundError:
            err(f"{where}: missing file {f}")
            continue
        nlines = len(text.splitlines())
        if nlines < MIN_LINES[r["expect"]]:
            err(f"{f}: {nlines} lines, {r['expect']} needs >= {MIN_LINES[r['expect']]}")
        if nlines > MAX_LINES[r["expect"]]:
            err(f"{f}: {nlines} lines, {r['expect']} wants <= {MAX_LINES[r['expect']]}")
        check_text(f"{sdir}/{f}", text)
        if r["lang"] == "python":
            try:
                ast.parse(text, filename=f)  # parse only; nothing is executed
            except SyntaxError as exc:
                err(f"{f}: Python syntax error line {exc.lineno}: {exc.msg}")
        lines_by_file[f] = source_lines(text)
        want_files.add(f)
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"} if os.path.isdir(sdir) else set()
    for x in sorted(on_disk - want_files):
        err(f"{sdir}: file not in index: {x}")
    if len(rows) != 100:
        err(f"{sdir}/index.jsonl: {len(rows)} rows, want 100")
    for lang in LANG_EXT:
        for label, want in PER_LANG.items():
            if per_lang[(lang, label)] != want:
                err(f"{sdir}: {lang} {label} = {per_lang[(lang, label)]}, want {want}")
    for plan in (DANGEROUS_PLAN, SUSPICIOUS_PLAN):
        for cat, want in plan.items():
            if cats[cat] != want:
                err(f"{sdir}: {cat} = {cats[cat]}, want {want}")
    for cat in cats:
        if cat.startswith(("dangerous-", "suspicious-")) and cat not in DANGEROUS_PLAN and cat not in SUSPICIOUS_PLAN:
            err(f"{sdir}: unplanned category {cat}")
    return lines_by_file, cats


def main():
    results = {}
    for half, name in (("dev", DEV_NAME), ("test", TEST_NAME)):
        d = os.path.join(ROOT, name)
        if not os.path.isdir(d):
            print(f"note: {d} missing, skipped")
            continue
        cmds, labels, ccats = check_commands(half, d)
        lines, scats = check_scripts(half, d)
        results[half] = (cmds, lines)
        print(f"{name}: commands {sum(labels.values())} {dict(sorted(labels.items()))}")
        print(f"  command categories: {dict(sorted(ccats.items()))}")
        print(f"  script categories: {dict(sorted(scats.items()))}")
    if "dev" in results and "test" in results:
        dev_cmds = set(results["dev"][0])
        for c in results["test"][0]:
            if c in dev_cmds:
                err(f"command in both halves: {c[:80]}")
        dev_lines = {}
        for f, ls in results["dev"][1].items():
            for s in ls:
                dev_lines.setdefault(s, f)
        for f, ls in results["test"][1].items():
            for s in ls:
                if s in dev_lines:
                    err(f"line shared by dev {dev_lines[s]} and test {f}: {s[:80]}")
    for e in errors:
        print("FAIL", e)
    print(f"{len(errors)} problem(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
