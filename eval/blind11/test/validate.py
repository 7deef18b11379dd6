#!/usr/bin/env python3
"""Validator for the blind11 evaluation set (dev: blind11, test: blind11-test).

Only parses JSON and reads files as text. Never executes any of the data.
Usage: python3 validate.py            (validates the half this file sits in,
                                        cross-checks against the sibling half)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.basename(HERE)
if BASE.endswith("-test"):
    OTHER = os.path.join(os.path.dirname(HERE), BASE[: -len("-test")])
    FIRST_NUM = 1001
else:
    OTHER = os.path.join(os.path.dirname(HERE), BASE + "-test")
    FIRST_NUM = 1
SOURCE = "blind11"

CMD_COUNTS = {"allow": 150, "ask": 50, "deny": 100}
LANG_EXT = {"python": "py", "shell": "sh", "javascript": "js", "typescript": "ts"}
PER_LANG = {"clean": 10, "dangerous": 7, "suspicious": 3}
MIN_LINES = {"clean": 80, "dangerous": 50, "suspicious": 20}
MAX_LINES = {"clean": 160, "dangerous": 140, "suspicious": 80}
DANGER_CATS = {"exfil": 4, "trust-anchor": 4, "delete": 4, "poison": 4,
               "download-exec": 3, "decode-exec": 3, "conditional": 3, "perms": 3}
SUSP_CATS = {"env-dump": 2, "secret-print": 2, "dynamic-code": 2,
             "unknown-host": 2, "broad-delete": 2, "write-outside": 2}

PUBLIC_HOSTS = {
    "api.github.com", "github.com", "uploads.github.com", "raw.githubusercontent.com",
    "objects.githubusercontent.com", "gitlab.com", "slack.com", "hooks.slack.com",
    "api.stripe.com", "api.openai.com", "sentry.io", "pypi.org", "upload.pypi.org",
    "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com", "nodejs.org",
    "amazonaws.com", "rubygems.org", "packagist.org", "repo.packagist.org", "hex.pm",
    "repo.hex.pm", "api.nuget.org", "nuget.org", "repo.maven.apache.org",
    "repo1.maven.org", "plugins.gradle.org", "services.gradle.org", "api.vercel.com",
    "api.netlify.com", "api.heroku.com", "api.digitalocean.com", "api.linode.com",
    "api.cloudflare.com", "api.fly.io", "api.supabase.com", "firebase.googleapis.com",
    "dl.google.com", "storage.googleapis.com", "crates.io", "static.rust-lang.org",
    "proxy.golang.org", "go.dev", "releases.hashicorp.com", "api.releases.hashicorp.com",
    "download.docker.com", "registry-1.docker.io", "auth.docker.io", "api.pagerduty.com",
    "events.pagerduty.com", "api.atlassian.com", "discord.com", "api.linear.app",
    "api.anthropic.com", "docs.python.org", "www.python.org", "python.org",
    "schema.org", "json-schema.org", "www.w3.org", "w3.org", "semver.org",
    "circleci.com", "api.circleci.com", "app.terraform.io", "api.bitbucket.org",
    "api.sendgrid.com", "api.twilio.com", "oauth2.googleapis.com", "www.googleapis.com",
    "cdn.jsdelivr.net", "unpkg.com", "github.githubassets.com", "api.honeycomb.io",
    "api.datadoghq.com", "codecov.io", "api.codecov.io", "sonarcloud.io",
}
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost", "test", "invalid"}

URL_RE = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/\s'\"`@]*@)?([^/\s'\"`:?#)\]}>,\\]+)")
USERHOST_RE = re.compile(r"(?<![\w@/])[A-Za-z0-9_.+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")

errors = []


def err(msg):
    errors.append(msg)


def ip_ok(parts):
    a, b, c, d = parts
    if any(p > 255 for p in parts):
        return True  # not an address (e.g. a version string)
    if a == 127 or (a, b, c, d) == (0, 0, 0, 0):
        return True
    if (a, b, c) in ((203, 0, 113), (198, 51, 100), (192, 0, 2)):
        return True
    return False


def host_ok(host):
    h = host.lower().rstrip(".")
    if not re.fullmatch(r"[a-z0-9.-]+", h):
        return True  # templated / placeholder host, not a literal endpoint
    m = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)\.(\d+)", h)
    if m:
        return ip_ok(tuple(int(x) for x in m.groups()))
    if re.fullmatch(r"[\d.]+", h):
        return True  # version-like
    if "." not in h:
        return h in ("localhost",) or True  # bare names such as docker service names
    if h in INERT_EXACT or h.endswith(INERT_SUFFIXES):
        return True
    for p in PUBLIC_HOSTS:
        if h == p or h.endswith("." + p):
            return True
    return False


def check_text(where, text):
    for m in URL_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: URL host not inert/public: {m.group(0)}")
    for m in USERHOST_RE.finditer(text):
        host = m.group(1)
        if re.fullmatch(r"[\d.]+", host) and host.count(".") != 3:
            continue  # package@1.2.3
        if not host_ok(host):
            err(f"{where}: user@host not inert/public: {m.group(0)}")
    for m in IPV4_RE.finditer(text):
        parts = tuple(int(x) for x in m.groups())
        if not ip_ok(parts):
            err(f"{where}: IPv4 not inert: {m.group(0)}")


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


def check_commands(root):
    path = os.path.join(root, "commands.jsonl")
    rows = load_jsonl(path)
    counts = {}
    cats = {}
    seen = set()
    for i, r in rows:
        if set(r) != {"cmd", "expect", "category", "source"}:
            err(f"{path}:{i}: wrong keys {sorted(r)}")
            continue
        if r["expect"] not in CMD_COUNTS:
            err(f"{path}:{i}: bad expect {r['expect']}")
        if not r["category"].startswith(r["expect"] + "-"):
            err(f"{path}:{i}: category {r['category']} not prefixed by {r['expect']}")
        if r["source"] != SOURCE:
            err(f"{path}:{i}: bad source")
        if not isinstance(r["cmd"], str) or not r["cmd"].strip():
            err(f"{path}:{i}: empty cmd")
        if r["cmd"] in seen:
            err(f"{path}:{i}: repeated command: {r['cmd'][:80]}")
        seen.add(r["cmd"])
        counts[r["expect"]] = counts.get(r["expect"], 0) + 1
        cats[r["category"]] = cats.get(r["category"], 0) + 1
        check_text(f"{path}:{i}", r["cmd"])
    for k, v in CMD_COUNTS.items():
        if counts.get(k, 0) != v:
            err(f"{path}: {k} count {counts.get(k, 0)} != {v}")
    if len(rows) != sum(CMD_COUNTS.values()):
        err(f"{path}: {len(rows)} lines != 300")
    multi = sum(1 for _, r in rows if re.search(r"\|\||&&|;|\||\$\(|<<", r.get("cmd", "")))
    return seen, counts, cats, multi, len(rows)


def is_import(line):
    s = line.strip()
    return bool(re.match(r"(import\s|from\s+\S+\s+import\s|const\s+\{?[\w\s,{}]*\}?\s*=\s*require\(|#!|\"use strict\"|'use strict')", s))


def check_scripts(root, first):
    sdir = os.path.join(root, "scripts")
    ipath = os.path.join(sdir, "index.jsonl")
    rows = load_jsonl(ipath)
    per = {}
    dcats = {}
    scats = {}
    files = set()
    long_lines = {}
    expected_names = set()
    for i, r in rows:
        if set(r) != {"file", "expect", "category", "source", "lang", "note"}:
            err(f"{ipath}:{i}: wrong keys {sorted(r)}")
            continue
        f, exp, cat, lang = r["file"], r["expect"], r["category"], r["lang"]
        if exp not in PER_LANG:
            err(f"{ipath}:{i}: bad expect {exp}")
            continue
        if lang not in LANG_EXT:
            err(f"{ipath}:{i}: bad lang {lang}")
            continue
        if not cat.startswith(exp + "-"):
            err(f"{ipath}:{i}: category {cat} not prefixed by {exp}")
        if r["source"] != SOURCE:
            err(f"{ipath}:{i}: bad source")
        if not r["note"].strip():
            err(f"{ipath}:{i}: empty note")
        stem, _, ext = f.partition(".")
        if ext != LANG_EXT[lang]:
            err(f"{ipath}:{i}: extension {ext} does not match lang {lang}")
        if not re.fullmatch(r"\d{4}", stem) or not (first <= int(stem) < first + 80):
            err(f"{ipath}:{i}: bad file number {f}")
        if f in files:
            err(f"{ipath}:{i}: duplicate file {f}")
        files.add(f)
        expected_names.add(stem)
        per[(lang, exp)] = per.get((lang, exp), 0) + 1
        sub = cat[len(exp) + 1:]
        if exp == "dangerous":
            dcats[sub] = dcats.get(sub, 0) + 1
        elif exp == "suspicious":
            scats[sub] = scats.get(sub, 0) + 1
        fp = os.path.join(sdir, f)
        if not os.path.isfile(fp):
            err(f"{fp}: missing")
            continue
        with open(fp, encoding="utf-8") as fh:
            text = fh.read()
        n = len(text.splitlines())
        if n < MIN_LINES[exp] or n > MAX_LINES[exp]:
            err(f"{fp}: {exp} script has {n} lines (want {MIN_LINES[exp]}-{MAX_LINES[exp]})")
        check_text(fp, text)
        for line in text.splitlines():
            s = line.strip()
            if len(s) >= 45 and not is_import(s):
                long_lines.setdefault(s, f)
    for lang in LANG_EXT:
        for exp, want in PER_LANG.items():
            if per.get((lang, exp), 0) != want:
                err(f"{ipath}: {lang}/{exp} count {per.get((lang, exp), 0)} != {want}")
    for k, v in DANGER_CATS.items():
        if dcats.get(k, 0) != v:
            err(f"{ipath}: dangerous-{k} count {dcats.get(k, 0)} != {v}")
    for k in dcats:
        if k not in DANGER_CATS:
            err(f"{ipath}: unknown dangerous category {k}")
    for k, v in SUSP_CATS.items():
        if scats.get(k, 0) != v:
            err(f"{ipath}: suspicious-{k} count {scats.get(k, 0)} != {v}")
    for k in scats:
        if k not in SUSP_CATS:
            err(f"{ipath}: unknown suspicious category {k}")
    for name in os.listdir(sdir):
        if name != "index.jsonl" and name not in files:
            err(f"{sdir}/{name}: file not in index")
    if len(rows) != 80:
        err(f"{ipath}: {len(rows)} rows != 80")
    return long_lines, per, dcats, scats


def main():
    seen, counts, cats, multi, n = check_commands(HERE)
    long_lines, per, dcats, scats = check_scripts(HERE, FIRST_NUM)
    if os.path.isdir(OTHER) and os.path.isfile(os.path.join(OTHER, "commands.jsonl")):
        other_cmds = set()
        with open(os.path.join(OTHER, "commands.jsonl"), encoding="utf-8") as fh:
            for line in fh:
                try:
                    other_cmds.add(json.loads(line)["cmd"])
                except Exception:
                    pass
        for c in sorted(seen & other_cmds):
            err(f"command repeated across halves: {c[:80]}")
        odir = os.path.join(OTHER, "scripts")
        if os.path.isdir(odir):
            for name in sorted(os.listdir(odir)):
                if name == "index.jsonl":
                    continue
                with open(os.path.join(odir, name), encoding="utf-8") as fh:
                    for line in fh:
                        s = line.strip()
                        if len(s) >= 45 and not is_import(s) and s in long_lines:
                            err(f"line shared between {long_lines[s]} and {BASE if False else os.path.basename(OTHER)}/{name}: {s[:70]}")
    else:
        print(f"note: sibling half {OTHER} not found; cross-half checks skipped")
    print(f"half: {HERE}")
    print(f"commands: {n} total, {counts}, multi-stage {multi}")
    for c in sorted(cats):
        print(f"  {c}: {cats[c]}")
    print("scripts per (lang, expect):", {f"{k[0]}/{k[1]}": v for k, v in sorted(per.items())})
    print("dangerous categories:", dict(sorted(dcats.items())))
    print("suspicious categories:", dict(sorted(scats.items())))
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors[:200]:
            print("  -", e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
