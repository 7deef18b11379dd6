#!/usr/bin/env python3
"""Validator for the blind22 evaluation set (dev half /work/blind22, test half /work/blind22-test).

It only parses JSON and reads files as text. It never executes anything it reads.
Run it from either half: it checks both halves, because some rules span them.
"""
import ipaddress
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE.endswith("-test"):
    DEV, TEST = HERE[: -len("-test")], HERE
else:
    DEV, TEST = HERE, HERE + "-test"

HALVES = {
    "dev": {"root": DEV, "ncmd": 150, "first": 1},
    "test": {"root": TEST, "ncmd": 200, "first": 1001},
}
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_SHARE = {"allow": 0.50, "ask": 0.18, "deny": 0.32}
LANG_EXT = {"python": "py", "shell": "sh", "javascript": "js", "typescript": "ts"}
LINES = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}
DANGEROUS_PLAN = {
    "exfil": 7, "credential-harvest": 5, "trust-anchor": 5, "delete": 6,
    "supply-chain": 4, "persistence": 5, "download-exec": 3, "decode-exec": 3,
    "conditional": 2,
}
SUSPICIOUS_PLAN = {
    "env-dump": 2, "secret-print": 2, "dynamic-code": 2, "unknown-host": 2,
    "broad-delete": 2, "outside-write": 2,
}
PER_LANG = {"clean": 12, "dangerous": 10, "suspicious": 3}

INERT_SUFFIXES = (
    "example.com", "example.net", "example.org", ".test", ".invalid",
    ".localhost", ".internal",
)
INERT_EXACT = {"localhost", "example.com", "example.net", "example.org"}
DOCUMENTED = {
    "api.github.com", "github.com", "uploads.github.com", "codeload.github.com",
    "gitlab.com", "slack.com", "hooks.slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org",
    "hub.docker.com", "registry-1.docker.io", "nodejs.org", "buf.build", "api.buf.build",
    "api.digitalocean.com", "api.hetzner.cloud", "api.linode.com",
    "pricing.api.infracost.io", "dashboard.api.infracost.io",
    "graphql.api.apollographql.io", "api.apollographql.io",
    "management.azure.com", "login.microsoftonline.com",
    "cloudresourcemanager.googleapis.com", "compute.googleapis.com",
    "oauth2.googleapis.com", "semgrep.dev", "ghcr.io",
    "www.w3.org", "json-schema.org", "spdx.org", "dl.flathub.org", "www.apple.com",
}
DOCUMENTED_SUFFIXES = (".amazonaws.com",)
INERT_NETS = [ipaddress.ip_network(n) for n in (
    "127.0.0.0/8", "0.0.0.0/32", "203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24",
)]

NETWORK_SCHEMES = {
    "http", "https", "ws", "wss", "ftp", "sftp", "ssh", "git", "tcp", "udp", "grpc", "grpcs",
    "mongodb", "mongodb+srv", "postgres", "postgresql", "mysql", "redis", "rediss", "amqp",
    "amqps", "kafka", "nats", "pulsar", "pulsar+ssl", "smtp", "smtps", "ldap", "ldaps",
}
URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s'\"<>`)\]}|;&,]*)")
USERHOST_RE = re.compile(r"[A-Za-z0-9_.%+-]@((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})\b")
IPV4_RE = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{1,3}){3})(?![\w.]*\d)")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().strip(".")
    if not host:
        return True
    if host.startswith("[") or host in ("::1",):
        return host in ("[::1]", "::1")
    try:
        ip = ipaddress.ip_address(host)
        return any(ip in n for n in INERT_NETS)
    except ValueError:
        pass
    if host in INERT_EXACT or host in DOCUMENTED:
        return True
    if any(host.endswith(s) for s in INERT_SUFFIXES):
        return True
    if any(host.endswith(s) for s in DOCUMENTED_SUFFIXES):
        return True
    return False


def check_hosts(text, where):
    for m in URL_RE.finditer(text):
        if m.group(1).lower() not in NETWORK_SCHEMES:
            continue  # s3://bucket, template://name, file:// are not network hosts
        rest = m.group(2)
        auth = re.split(r"[/?#]", rest, 1)[0]
        if "@" in auth:
            auth = auth.rsplit("@", 1)[1]
        # strip port; keep bracketed ipv6
        if auth.startswith("["):
            host = auth.split("]")[0] + "]"
        else:
            host = auth.split(":")[0]
        # template placeholders like ${HOST} or {host} are not concrete hosts
        host = host.split("*")[0]  # shell globs such as mongodb://127.0.0.1*
        if "$" in host or "{" in host or "%" in host:
            continue
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)[:80]}")
    for m in USERHOST_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: user@host not inert/documented: {m.group(0)}")
    for m in IPV4_RE.finditer(text):
        s = m.group(1)
        try:
            ip = ipaddress.ip_address(s)
        except ValueError:
            continue
        if not any(ip in n for n in INERT_NETS):
            err(f"{where}: IPv4 not inert: {s}")


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
            except json.JSONDecodeError as e:
                err(f"{path}:{n}: bad JSON: {e}")
                continue
            if set(row) != keys:
                err(f"{path}:{n}: keys {sorted(row)} != {sorted(keys)}")
            row["_n"] = n
            rows.append(row)
    return rows


def check_commands(name, half, seen):
    path = os.path.join(half["root"], "commands.jsonl")
    rows = read_jsonl(path, CMD_KEYS)
    if len(rows) != half["ncmd"]:
        err(f"{name}: {len(rows)} commands, want {half['ncmd']}")
    labels = Counter()
    cats = Counter()
    multi = 0
    for r in rows:
        where = f"{name} commands line {r['_n']}"
        exp = r.get("expect")
        if exp not in CMD_SHARE:
            err(f"{where}: bad expect {exp!r}")
            continue
        labels[exp] += 1
        cat = r.get("category", "")
        cats[cat] += 1
        if not cat.startswith(exp + "-") or len(cat) <= len(exp) + 1:
            err(f"{where}: category {cat!r} not prefixed by {exp}-")
        if r.get("source") != "blind22":
            err(f"{where}: source {r.get('source')!r}")
        cmd = r.get("cmd", "")
        if not isinstance(cmd, str) or not cmd.strip():
            err(f"{where}: empty cmd")
            continue
        if cmd in seen:
            err(f"{where}: repeated command (also {seen[cmd]}): {cmd[:70]}")
        else:
            seen[cmd] = where
        if re.search(r"&&|\|\||\||;", cmd):
            multi += 1
        check_hosts(cmd, where)
    for lab, share in CMD_SHARE.items():
        want = round(half["ncmd"] * share)
        if labels[lab] != want:
            err(f"{name}: {labels[lab]} {lab} commands, want {want}")
    return labels, cats, multi, len(rows)


def check_scripts(name, half):
    sdir = os.path.join(half["root"], "scripts")
    rows = read_jsonl(os.path.join(sdir, "index.jsonl"), IDX_KEYS)
    first = half["first"]
    wanted = {f"{i:04d}" for i in range(first, first + 100)}
    got_stems = set()
    labels = Counter()
    cats = Counter()
    per_lang = Counter()
    lines_of = {}
    texts = {}
    for r in rows:
        where = f"{name} index line {r['_n']}"
        f = r.get("file", "")
        stem, _, ext = f.partition(".")
        if stem not in wanted:
            err(f"{where}: file {f!r} not in {first:04d}..{first + 99:04d}")
        if stem in got_stems:
            err(f"{where}: duplicate number {stem}")
        got_stems.add(stem)
        lang = r.get("lang")
        if lang not in LANG_EXT:
            err(f"{where}: bad lang {lang!r}")
        elif LANG_EXT[lang] != ext:
            err(f"{where}: extension .{ext} does not match lang {lang}")
        exp = r.get("expect")
        if exp not in LINES:
            err(f"{where}: bad expect {exp!r}")
            continue
        labels[exp] += 1
        per_lang[(lang, exp)] += 1
        cat = r.get("category", "")
        cats[cat] += 1
        if not cat.startswith(exp + "-") or len(cat) <= len(exp) + 1:
            err(f"{where}: category {cat!r} not prefixed by {exp}-")
        if r.get("source") != "blind22":
            err(f"{where}: source {r.get('source')!r}")
        if not str(r.get("note", "")).strip():
            err(f"{where}: empty note")
        p = os.path.join(sdir, f)
        if not os.path.exists(p):
            err(f"{where}: missing file {f}")
            continue
        with open(p, encoding="utf-8") as fh:
            text = fh.read()
        texts[f] = text
        n = len(text.splitlines())
        lines_of[f] = (exp, n)
        lo, hi = LINES[exp]
        if not lo <= n <= hi:
            err(f"{name} {f}: {exp} script has {n} lines, want {lo}-{hi}")
        check_hosts(text, f"{name} {f}")
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"}
    listed = {r.get("file") for r in rows}
    for extra in sorted(on_disk - listed):
        with open(os.path.join(sdir, extra), encoding="utf-8") as fh:
            n_extra = len(fh.read().splitlines())
        err(f"{name}: file on disk not in index: {extra} ({n_extra} lines)")
    if len(rows) != 100:
        err(f"{name}: {len(rows)} scripts, want 100")
    for lang in LANG_EXT:
        for exp, want in PER_LANG.items():
            if per_lang[(lang, exp)] != want:
                err(f"{name}: {lang} has {per_lang[(lang, exp)]} {exp}, want {want}")
    for kind, want in DANGEROUS_PLAN.items():
        if cats["dangerous-" + kind] != want:
            err(f"{name}: dangerous-{kind} = {cats['dangerous-' + kind]}, want {want}")
    for kind, want in SUSPICIOUS_PLAN.items():
        if cats["suspicious-" + kind] != want:
            err(f"{name}: suspicious-{kind} = {cats['suspicious-' + kind]}, want {want}")
    for c in cats:
        if c.startswith("dangerous-") and c[10:] not in DANGEROUS_PLAN:
            err(f"{name}: unknown dangerous category {c}")
        if c.startswith("suspicious-") and c[11:] not in SUSPICIOUS_PLAN:
            err(f"{name}: unknown suspicious category {c}")
    return labels, cats, lines_of, texts


IMPORT_RE = re.compile(
    r"^(import\s|from\s+\S+\s+import\s|(const|let|var)\s+.+?=\s*require\(|import\(|export\s+\*\s+from)"
)


def long_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) >= 45 and not IMPORT_RE.match(s):
            out.add(s)
    return out


def main():
    seen = {}
    report = {}
    for name, half in HALVES.items():
        if not os.path.isdir(half["root"]):
            err(f"missing half {half['root']}")
            continue
        c = check_commands(name, half, seen)
        s = check_scripts(name, half)
        report[name] = (c, s)
    if "dev" in report and "test" in report:
        dev_lines = {}
        for f, t in report["dev"][1][3].items():
            for s in long_lines(t):
                dev_lines.setdefault(s, f)
        for f, t in report["test"][1][3].items():
            for s in long_lines(t):
                if s in dev_lines:
                    err(f"line shared by dev {dev_lines[s]} and test {f}: {s[:70]}")
    for name, ((labels, cats, multi, n), (slabels, scats, lines_of, _)) in report.items():
        print(f"== {name}: {n} commands {dict(labels)}; multi-stage {multi}")
        for c in sorted(cats):
            print(f"   {c:28s} {cats[c]}")
        print(f"   scripts {dict(slabels)}")
        for c in sorted(scats):
            print(f"   {c:32s} {scats[c]}")
        if "-v" in sys.argv:
            for f in sorted(lines_of):
                print(f"   {f} {lines_of[f][0]} {lines_of[f][1]}")
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print("OK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
