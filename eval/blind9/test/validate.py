#!/usr/bin/env python3
"""Validate the blind9 evaluation set (dev half /work/blind9, test half /work/blind9-test).

Reads files as text and parses JSON only. Never executes, imports or evaluates data.
Exit status 0 when both halves pass.
"""
import ipaddress
import json
import os
import re
import sys

ROOT_DEV = "/work/blind9"
ROOT_TEST = "/work/blind9-test"
HALVES = {"dev": (ROOT_DEV, 1), "test": (ROOT_TEST, 1001)}

CMD_KEYS = {"cmd", "expect", "category", "source"}
SCRIPT_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_COUNTS = {"allow": 150, "ask": 50, "deny": 100}
SCRIPT_COUNTS = {"clean": 40, "dangerous": 28, "suspicious": 12}
LANG_EXT = {"python": ".py", "shell": ".sh", "javascript": ".js", "typescript": ".ts"}
PER_LANG = 20
MIN_LINES = {"clean": 80, "dangerous": 50, "suspicious": 20}

INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid", ".internal",
                  ".localhost")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
# Documented public API / registry hosts that clean items may talk to.
DOCUMENTED = {
    "api.github.com", "github.com", "uploads.github.com", "objects.githubusercontent.com",
    "gitlab.com", "slack.com", "hooks.slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "upload.pypi.org", "test.pypi.org", "registry.npmjs.org",
    "hub.docker.com", "registry.hub.docker.com", "auth.docker.io", "registry-1.docker.io",
    "nodejs.org", "go.dev", "proxy.golang.org", "crates.io", "static.crates.io",
    "api.linear.app", "api.pagerduty.com", "discord.com", "api.cloudflare.com",
    "storage.googleapis.com", "releases.hashicorp.com", "dl.google.com",
    "api.honeycomb.io", "api.bitbucket.org", "api.atlassian.com", "www.googleapis.com",
    "oauth2.googleapis.com", "index.docker.io", "files.pythonhosted.org",
    "api.anthropic.com", "api.netlify.com", "api.vercel.com", "app.circleci.com",
    "circleci.com", "api.heroku.com", "api.sendgrid.com", "api.twilio.com",
    "cdn.jsdelivr.net", "unpkg.com", "download.docker.com", "ghcr.io",
    "www.sitemaps.org", "www.w3.org", "json-schema.org",
}
DOC_NETS = [ipaddress.ip_network(n) for n in (
    "203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24", "127.0.0.0/8", "0.0.0.0/32",
    "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")]

URL_RE = re.compile(r"\b(?:https?|ftp|wss?|git|ssh|s3|mongodb|postgres(?:ql)?|redis|mysql|amqp)://(?:[^/@\s'\"]+@)?([A-Za-z0-9.\-]+)")
IP_RE = re.compile(r"(?<![\w.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\w.])")
AT_HOST_RE = re.compile(r"\b[\w.\-]+@([A-Za-z][\w\-]*(?:\.[A-Za-z][\w\-]*)+)")

errors = []
warnings = []


def err(msg):
    errors.append(msg)


def warn(msg):
    warnings.append(msg)


def host_ok(host, documented_ok):
    h = host.lower().rstrip(".")
    if h in INERT_EXACT or h.endswith(INERT_SUFFIXES):
        return True
    if documented_ok and (h in DOCUMENTED or any(h.endswith("." + d) for d in DOCUMENTED)):
        return True
    if re.fullmatch(r"[\d.]+", h):
        return ip_ok(h)
    if "." not in h:  # bare names such as service names inside compose / k8s
        return True
    return False


def ip_ok(text):
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return True  # not an address (version string etc.)
    return any(ip in n for n in DOC_NETS)


def check_hosts(where, text, benign):
    # Documented public hosts (the API's own host, schema namespaces) are allowed
    # everywhere: a bad item may talk to GitHub legitimately and exfiltrate
    # elsewhere. Every other host must be inert in every item.
    benign = True
    for m in URL_RE.finditer(text):
        if not host_ok(m.group(1), benign):
            err(f"{where}: host {m.group(1)!r} is neither inert nor a documented API host")
    for m in IP_RE.finditer(text):
        if not ip_ok(m.group(1)):
            err(f"{where}: IP {m.group(1)} outside documentation/private ranges")
    for m in AT_HOST_RE.finditer(text):
        h = m.group(1)
        if h.endswith((".py", ".js", ".ts", ".sh", ".json", ".yml", ".yaml")):
            continue
        if not host_ok(h, benign):
            err(f"{where}: user@host {h!r} is neither inert nor a documented API host")


def check_commands(half, root):
    path = os.path.join(root, "commands.jsonl")
    cmds = []
    counts = {}
    cats = {}
    if not os.path.isfile(path):
        err(f"{half}: missing {path}")
        return cmds
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err(f"{half}: commands.jsonl line {n} blank")
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                err(f"{half}: commands.jsonl line {n} bad JSON: {exc}")
                continue
            if set(obj) != CMD_KEYS:
                err(f"{half}: line {n} keys {sorted(obj)}")
                continue
            if obj["source"] != "blind9":
                err(f"{half}: line {n} source {obj['source']!r}")
            exp = obj["expect"]
            if exp not in CMD_COUNTS:
                err(f"{half}: line {n} expect {exp!r}")
                continue
            if not obj["category"].startswith(exp + "-"):
                err(f"{half}: line {n} category {obj['category']!r} does not start with {exp}-")
            if not obj["cmd"].strip():
                err(f"{half}: line {n} empty cmd")
            counts[exp] = counts.get(exp, 0) + 1
            cats[obj["category"]] = cats.get(obj["category"], 0) + 1
            check_hosts(f"{half} cmd line {n}", obj["cmd"], exp in ("allow", "ask"))
            cmds.append(obj["cmd"])
    for k, v in CMD_COUNTS.items():
        if counts.get(k, 0) != v:
            err(f"{half}: {counts.get(k, 0)} {k} commands, want {v}")
    seen = {}
    for i, c in enumerate(cmds, 1):
        key = norm(c)
        if key in seen:
            err(f"{half}: duplicate command at lines {seen[key]} and {i}")
        seen[key] = i
    report[half]["commands"] = {"labels": counts, "categories": dict(sorted(cats.items()))}
    return cmds


def check_scripts(half, root, first):
    sdir = os.path.join(root, "scripts")
    idx = os.path.join(sdir, "index.jsonl")
    texts = {}
    counts, langs, cats = {}, {}, {}
    if not os.path.isfile(idx):
        err(f"{half}: missing {idx}")
        return texts
    listed = set()
    with open(idx, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err(f"{half}: index line {n} blank")
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                err(f"{half}: index line {n} bad JSON: {exc}")
                continue
            if set(obj) != SCRIPT_KEYS:
                err(f"{half}: index line {n} keys {sorted(obj)}")
                continue
            f, exp, lang = obj["file"], obj["expect"], obj["lang"]
            if obj["source"] != "blind9":
                err(f"{half}: {f} source")
            if exp not in SCRIPT_COUNTS:
                err(f"{half}: {f} expect {exp!r}")
                continue
            if lang not in LANG_EXT:
                err(f"{half}: {f} lang {lang!r}")
                continue
            if not obj["category"].startswith(exp + "-"):
                err(f"{half}: {f} category {obj['category']!r}")
            if len(obj["note"].strip()) < 15:
                err(f"{half}: {f} note too short")
            stem, ext = os.path.splitext(f)
            if ext != LANG_EXT[lang]:
                err(f"{half}: {f} extension does not match {lang}")
            if not (stem.isdigit() and len(stem) == 4 and first <= int(stem) < first + 80):
                err(f"{half}: {f} name outside {first:04d}..{first + 79:04d}")
            if f in listed:
                err(f"{half}: {f} listed twice")
            listed.add(f)
            p = os.path.join(sdir, f)
            if not os.path.isfile(p):
                err(f"{half}: {f} missing")
                continue
            with open(p, encoding="utf-8") as sf:
                text = sf.read()
            texts[f] = text
            nlines = text.count("\n") + (0 if text.endswith("\n") else 1)
            if nlines < MIN_LINES[exp]:
                err(f"{half}: {f} ({exp}) has {nlines} lines, want >= {MIN_LINES[exp]}")
            if nlines > 320:
                warn(f"{half}: {f} has {nlines} lines")
            check_hosts(f"{half} {f}", text, exp == "clean")
            counts[exp] = counts.get(exp, 0) + 1
            langs[lang] = langs.get(lang, 0) + 1
            cats[obj["category"]] = cats.get(obj["category"], 0) + 1
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"}
    for extra in sorted(on_disk - listed):
        err(f"{half}: {extra} on disk but not in index")
    for k, v in SCRIPT_COUNTS.items():
        if counts.get(k, 0) != v:
            err(f"{half}: {counts.get(k, 0)} {k} scripts, want {v}")
    for k in LANG_EXT:
        if langs.get(k, 0) != PER_LANG:
            err(f"{half}: {langs.get(k, 0)} {k} scripts, want {PER_LANG}")
    report[half]["scripts"] = {"labels": counts, "langs": langs, "categories": dict(sorted(cats.items()))}
    return texts


def norm(s):
    return re.sub(r"\s+", " ", s.strip().lower())


def sig_lines(text):
    out = set()
    for raw in text.splitlines():
        s = raw.strip()
        if len(s) < 45 or s.startswith(("#!", "import ", "from ", "//", "#")):
            continue
        # A bare module import (`const x = require('node:fs');`) is boilerplate,
        # not shared content.
        if re.fullmatch(r"const [\w{}, ]+ = require\(['\"][\w:/@.-]+['\"]\);", s):
            continue
        out.add(s)
    return out


report = {"dev": {}, "test": {}}


def main():
    cmds, texts = {}, {}
    for half, (root, first) in HALVES.items():
        cmds[half] = check_commands(half, root)
        texts[half] = check_scripts(half, root, first)
    # Cross-half leakage.
    dev_c = {norm(c) for c in cmds["dev"]}
    for c in cmds["test"]:
        if norm(c) in dev_c:
            err(f"command shared by both halves: {c[:80]!r}")
    dev_lines = {}
    for f, t in texts["dev"].items():
        for s in sig_lines(t):
            dev_lines.setdefault(s, f)
    dev_bodies = {norm(t) for t in texts["dev"].values()}
    shared = 0
    for f, t in texts["test"].items():
        if norm(t) in dev_bodies:
            err(f"test {f} duplicates a dev script")
        for s in sig_lines(t):
            if s in dev_lines:
                shared += 1
                err(f"test {f} shares a line with dev {dev_lines[s]}: {s[:70]!r}")
    # README and validator copies.
    if not os.path.isfile(os.path.join(ROOT_DEV, "README.md")):
        err("missing README.md in dev half")
    a = os.path.join(ROOT_DEV, "validate.py")
    b = os.path.join(ROOT_TEST, "validate.py")
    if not os.path.isfile(b):
        err("missing validate.py copy in test half")
    else:
        with open(a, "rb") as fa, open(b, "rb") as fb:
            if fa.read() != fb.read():
                err("validate.py copies differ")
    print(json.dumps(report, indent=1))
    for w in warnings:
        print("WARN", w)
    for e in errors:
        print("ERROR", e)
    print(f"{len(errors)} errors, {len(warnings)} warnings")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
