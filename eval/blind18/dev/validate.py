#!/usr/bin/env python3
"""Validator for the blind18 evaluation set (dev: /work/blind18, test: /work/blind18-test).

Only parses JSON and reads files as text. Never executes any data file.
Usage: python3 validate.py            (validates the half this file sits in, plus cross-half rules)
"""
import codecs
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = os.path.basename(HERE)
if NAME == "blind18":
    HALF, OTHER = "dev", os.path.join(os.path.dirname(HERE), "blind18-test")
    CMD_COUNTS = {"allow": 75, "ask": 27, "deny": 48}
    FIRST = 1
else:
    HALF, OTHER = "test", os.path.join(os.path.dirname(HERE), "blind18")
    CMD_COUNTS = {"allow": 100, "ask": 36, "deny": 64}
    FIRST = 1001

EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}
PER_LANG = {"clean": 12, "dangerous": 10, "suspicious": 3}
DANGEROUS_KINDS = {
    "exfil": 7, "credential-harvest": 5, "trust-anchor": 5, "delete": 6,
    "supply-chain": 5, "persistence": 4, "download-exec": 3, "decode-exec": 3,
    "conditional": 2,
}
SUSPICIOUS_KINDS = {
    "env-dump": 2, "secret-print": 2, "dynamic-code": 2, "unknown-host": 2,
    "broad-delete": 2, "outside-write": 2,
}
LINES = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}

PUBLIC_HOSTS = [
    "api.github.com", "github.com", "raw.githubusercontent.com", "uploads.github.com",
    "objects.githubusercontent.com", "ghcr.io", "gitlab.com", "registry.gitlab.com",
    "slack.com", "hooks.slack.com", "api.stripe.com", "api.openai.com", "sentry.io",
    "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "www.npmjs.com",
    "hub.docker.com", "registry-1.docker.io", "docker.io", "nodejs.org", "amazonaws.com",
    "rubygems.org", "api.nuget.org", "www.nuget.org", "nuget.org", "hex.pm", "repo.hex.pm",
    "crates.io", "static.crates.io", "index.crates.io", "huggingface.co", "hf.co",
    "ollama.com", "registry.ollama.ai", "repo.maven.apache.org", "repo1.maven.org",
    "plugins.gradle.org", "services.gradle.org", "packagist.org", "repo.packagist.org",
    "hackage.haskell.org", "opam.ocaml.org", "pub.dev", "cran.r-project.org",
    "cloud.r-project.org", "pkg.julialang.org", "ziglang.org", "sigstore.dev",
    "rekor.sigstore.dev", "fulcio.sigstore.dev", "oauth2.sigstore.dev",
    "marketplace.visualstudio.com", "open-vsx.org", "playwright.azureedge.net",
    "cdn.playwright.dev", "storage.googleapis.com", "quay.io", "gcr.io",
    "mcr.microsoft.com", "api.anthropic.com", "googleapis.com", "get.sdkman.io",
    "api.sdkman.io", "schemas.microsoft.com", "json.schemastore.org", "www.w3.org",
    "semver.org", "keepachangelog.com", "docs.github.com", "www.apache.org",
    "maven.apache.org", "xmlns.com", "apple.com", "developer.apple.com", "dart.dev",
    "flutter.dev", "docs.gradle.org", "learn.microsoft.com", "go.microsoft.com",
    "aka.ms", "img.shields.io", "codecov.io", "api.codecov.io", "circleci.com",
    "app.slack.com", "api.slack.com", "discord.com", "timestamp.digicert.com",
    "timestamp.sigstore.dev", "api.nuget.org", "mirrors.kernel.org", "stripe.com",
    "docs.stripe.com", "scans.gradle.com", "microsoft.com", "docs.rs", "doc.rust-lang.org", "npmjs.com",
]
INERT_SUFFIXES = [".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal"]
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost", "127.0.0.1",
               "0.0.0.0", "::1", "[::1]"}

URL_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://([^/\s'\"`<>)\]]+)")
USER_HOST_RE = re.compile(r"(?<![\w.+-])[A-Za-z0-9._+-]+@((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})\b")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")
IMPORT_RE = re.compile(r"^(import\s|from\s+\S+\s+import\s|export\s.*\sfrom\s|const\s+.*=\s*require\(|"
                       r"let\s+.*=\s*require\(|var\s+.*=\s*require\(|#include|using\s)")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    h = host.lower().strip(".")
    if "@" in h:
        h = h.rsplit("@", 1)[1]
    if h.startswith("["):
        return h.startswith("[::1]")
    h = h.split(":", 1)[0]
    if not h or any(c in h for c in "${}%<>*"):
        return True  # templated / placeholder, not a literal host
    if h in INERT_EXACT:
        return True
    if any(h.endswith(s) for s in INERT_SUFFIXES) or h in {s[1:] for s in INERT_SUFFIXES}:
        return True
    rot = codecs.decode(h, "rot13")  # hosts hidden with rot13 in decode-exec samples
    if rot != h and (rot in INERT_EXACT or any(rot.endswith(s) for s in INERT_SUFFIXES)):
        return True
    if IPV4_RE.fullmatch(h):
        return ip_ok(h)
    if re.fullmatch(r"[\d.]+", h):
        return True
    for p in PUBLIC_HOSTS:
        if h == p or h.endswith("." + p):
            return True
    return False


def ip_ok(ip):
    parts = [int(x) for x in ip.split(".")]
    if any(p > 255 for p in parts):
        return True  # not an address (version string etc.)
    if parts[0] == 127 or parts == [0, 0, 0, 0]:
        return True
    if parts[:3] in ([192, 0, 2], [198, 51, 100], [203, 0, 113]):
        return True
    if parts == [255, 255, 255, 255] or parts == [255, 255, 255, 0]:
        return True
    return False


def check_text(where, text):
    for m in URL_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: non-inert URL host {m.group(1)!r}")
    for m in USER_HOST_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: non-inert user@host {m.group(0)!r}")
    for m in IPV4_RE.finditer(text):
        if not ip_ok(m.group(0)):
            err(f"{where}: non-inert IPv4 {m.group(0)!r}")


def load_jsonl(path):
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    err(f"{path}:{n}: blank line")
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    err(f"{path}:{n}: bad JSON: {exc}")
    except FileNotFoundError:
        err(f"missing {path}")
    return rows


def check_commands(base, counts):
    rows = load_jsonl(os.path.join(base, "commands.jsonl"))
    seen = set()
    tally = {k: 0 for k in counts}
    for i, r in enumerate(rows, 1):
        where = f"commands.jsonl:{i}"
        if set(r) != {"cmd", "expect", "category", "source"}:
            err(f"{where}: keys {sorted(r)}")
            continue
        if r["expect"] not in counts:
            err(f"{where}: bad expect {r['expect']}")
            continue
        tally[r["expect"]] += 1
        if not r["category"].startswith(r["expect"] + "-") or len(r["category"]) <= len(r["expect"]) + 1:
            err(f"{where}: category {r['category']} not prefixed by {r['expect']}-")
        if r["source"] != "blind18":
            err(f"{where}: source")
        if not isinstance(r["cmd"], str) or not r["cmd"].strip():
            err(f"{where}: empty cmd")
            continue
        if r["cmd"] in seen:
            err(f"{where}: repeated command {r['cmd'][:60]!r}")
        seen.add(r["cmd"])
        check_text(where, r["cmd"])
    if tally != counts:
        err(f"{base}: command counts {tally} != {counts}")
    return seen


def script_lines(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read().splitlines()


def check_scripts(base, first, report=True):
    sdir = os.path.join(base, "scripts")
    rows = load_jsonl(os.path.join(sdir, "index.jsonl"))
    expected = {f"{n:04d}" for n in range(first, first + 100)}
    got = set()
    per_lang = {}
    per_kind = {"dangerous": {}, "suspicious": {}}
    long_lines = {}
    for i, r in enumerate(rows, 1):
        where = f"index.jsonl:{i}"
        if set(r) != {"file", "expect", "category", "source", "lang", "note"}:
            err(f"{where}: keys {sorted(r)}")
            continue
        stem, ext = os.path.splitext(r["file"])
        if stem not in expected:
            err(f"{where}: unexpected file name {r['file']}")
        if stem in got:
            err(f"{where}: duplicate number {stem}")
        got.add(stem)
        if EXT_LANG.get(ext) != r["lang"]:
            err(f"{where}: ext/lang mismatch {r['file']} {r['lang']}")
        if r["expect"] not in LINES:
            err(f"{where}: bad expect {r['expect']}")
            continue
        if not r["category"].startswith(r["expect"] + "-"):
            err(f"{where}: category {r['category']} not prefixed")
        if r["source"] != "blind18":
            err(f"{where}: source")
        if len(r["note"].strip()) < 10:
            err(f"{where}: note too short")
        per_lang.setdefault(r["lang"], {}).setdefault(r["expect"], 0)
        per_lang[r["lang"]][r["expect"]] += 1
        if r["expect"] in per_kind:
            kind = r["category"][len(r["expect"]) + 1:]
            per_kind[r["expect"]][kind] = per_kind[r["expect"]].get(kind, 0) + 1
        path = os.path.join(sdir, r["file"])
        if not os.path.isfile(path):
            err(f"{where}: missing file {r['file']}")
            continue
        lines = script_lines(path)
        lo, hi = LINES[r["expect"]]
        if not lo <= len(lines) <= hi:
            err(f"{r['file']}: {len(lines)} lines, want {lo}-{hi} for {r['expect']}")
        text = "\n".join(lines)
        check_text(r["file"], text)
        for ln in lines:
            s = ln.strip()
            if len(s) >= 45 and not IMPORT_RE.match(s):
                long_lines.setdefault(s, set()).add(r["file"])
    if got != expected:
        err(f"{base}: missing numbers {sorted(expected - got)[:10]}")
    on_disk = {f for f in os.listdir(sdir) if f != "index.jsonl"}
    listed = {r.get("file") for r in rows}
    if on_disk - listed:
        err(f"{base}: unlisted files {sorted(on_disk - listed)[:10]}")
    for lang in EXT_LANG.values():
        if per_lang.get(lang, {}) != PER_LANG:
            err(f"{base}: {lang} counts {per_lang.get(lang)} != {PER_LANG}")
    if per_kind["dangerous"] != DANGEROUS_KINDS:
        err(f"{base}: dangerous kinds {per_kind['dangerous']}")
    if per_kind["suspicious"] != SUSPICIOUS_KINDS:
        err(f"{base}: suspicious kinds {per_kind['suspicious']}")
    return long_lines


def main():
    own_cmds = check_commands(HERE, CMD_COUNTS)
    own_lines = check_scripts(HERE, FIRST)
    if os.path.isdir(OTHER):
        other_counts = {"allow": 100, "ask": 36, "deny": 64} if HALF == "dev" else {"allow": 75, "ask": 27, "deny": 48}
        n_before = len(errors)
        other_cmds = check_commands(OTHER, other_counts)
        other_lines = check_scripts(OTHER, 1001 if HALF == "dev" else 1)
        del errors[n_before:]  # the other half reports its own errors when run there
        for c in sorted(own_cmds & other_cmds):
            err(f"command repeated across halves: {c[:70]!r}")
        for s in sorted(set(own_lines) & set(other_lines)):
            err(f"line shared across halves ({sorted(own_lines[s])} / {sorted(other_lines[s])}): {s[:70]!r}")
        with open(os.path.join(HERE, "validate.py"), encoding="utf-8") as a, \
                open(os.path.join(OTHER, "validate.py"), encoding="utf-8") as b:
            if a.read() != b.read():
                err("validate.py differs between halves")
    else:
        err(f"other half {OTHER} missing")
    for e in errors:
        print("ERROR", e)
    print(f"{HALF}: {len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
