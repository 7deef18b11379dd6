#!/usr/bin/env python3
"""Validator for the blind23 evaluation set (dev half + test half).

Only parses JSON and reads files as text. Never executes anything it reads.
Run from either half; it always checks both:  python3 validate.py
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PARENT = os.path.dirname(HERE)
HALVES = {
    "dev": {"root": os.path.join(PARENT, "blind23"), "ncmd": 150, "first": 1,
            "cmd_labels": {"allow": 75, "ask": 27, "deny": 48}},
    "test": {"root": os.path.join(PARENT, "blind23-test"), "ncmd": 200, "first": 1001,
             "cmd_labels": {"allow": 100, "ask": 36, "deny": 64}},
}
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
LANG_EXT = {"python": "py", "shell": "sh", "javascript": "js", "typescript": "ts"}
DANGER_MIN = {"exfil": 6, "credential-harvest": 5, "trust-anchor": 4, "delete": 5,
              "supply-chain": 4, "persistence": 4, "download-exec": 3,
              "decode-exec": 3, "conditional": 2}
SUSPICIOUS_KINDS = {"env-dump", "secret-print", "dynamic-code", "unknown-host",
                    "broad-delete", "write-outside"}
LINE_LIMITS = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}

# Hosts that are inert by construction.
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal", ".example")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
# Documented public API hosts (and their subdomains) that clean code may talk to.
DOCUMENTED = {
    "api.github.com", "github.com", "uploads.github.com", "ghcr.io", "gitlab.com",
    "slack.com", "hooks.slack.com", "api.stripe.com", "api.openai.com", "sentry.io",
    "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com",
    "registry-1.docker.io", "docker.io", "nodejs.org", "amazonaws.com", "googleapis.com",
    "crates.io", "index.crates.io", "proxy.golang.org", "sum.golang.org",
    "management.azure.com", "login.microsoftonline.com", "api.linear.app",
    "discord.com", "api.pagerduty.com", "events.pagerduty.com", "codecov.io",
    "gcr.io", "quay.io", "npmjs.com", "www.npmjs.com", "conan.io",
}
INERT_NETS = ("127.", "192.0.2.", "198.51.100.", "203.0.113.", "0.0.0.0", "255.255.255.")

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^/\s'\"`)<>\]\\]+)")
AT_RE = re.compile(r"(?<![\w@/])[A-Za-z0-9][\w.+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")
TEMPLATE_CHARS = "${}%<>"

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().strip(".")
    if not host:
        return True
    if any(c in host for c in TEMPLATE_CHARS):
        # Dynamic host: judge only the literal suffix after the last template piece.
        tail = re.split(r"[${}%<>]", host)[-1]
        if not tail or tail.startswith(":"):
            return True
        if tail.startswith("."):
            return host_ok(tail.lstrip("."))
        return True
    if IP_RE.fullmatch(host):
        return host.startswith(INERT_NETS)
    if host in INERT_EXACT or host.endswith(INERT_SUFFIXES):
        return True
    for d in DOCUMENTED:
        if host == d or host.endswith("." + d):
            return True
    return False


def check_network_text(where, text):
    for m in URL_RE.finditer(text):
        scheme, auth = m.group(1).lower(), m.group(2)
        if scheme in ("file",):
            continue
        hostport = auth.rsplit("@", 1)[-1]
        if hostport.startswith("["):
            err(f"{where}: IPv6 literal host {hostport}")
            continue
        host = hostport.split(":", 1)[0]
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)}")
    for m in AT_RE.finditer(text):
        host = m.group(1)
        last = host.rsplit(".", 1)[-1]
        if not re.search(r"[A-Za-z]", last):
            continue  # pkg@1.2.3 style version pins
        if not host_ok(host):
            err(f"{where}: user@host not inert/documented: {m.group(0)}")
    for m in IP_RE.finditer(text):
        ip = m.group(0)
        if any(int(p) > 255 for p in m.groups()):
            continue
        if not ip.startswith(INERT_NETS):
            err(f"{where}: IPv4 not in a documentation/loopback range: {ip}")


def read_jsonl(path):
    rows = []
    if not os.path.isfile(path):
        err(f"missing file {path}")
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


def is_import_line(s):
    return bool(re.match(r"(import\b|from\s+\S+\s+import\b|const\s+\w+\s*=\s*require\(|"
                         r"const\s*\{[^}]*\}\s*=\s*require\(|#!|export\s+\{)", s))


def check_commands(name, cfg, seen_cmds):
    path = os.path.join(cfg["root"], "commands.jsonl")
    rows = read_jsonl(path)
    if len(rows) != cfg["ncmd"]:
        err(f"{name}: {len(rows)} commands, expected {cfg['ncmd']}")
    counts = {"allow": 0, "ask": 0, "deny": 0}
    multi = 0
    for n, row in rows:
        where = f"{name}/commands.jsonl:{n}"
        if set(row) != CMD_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        exp, cat, cmd = row["expect"], row["category"], row["cmd"]
        if exp not in counts:
            err(f"{where}: bad expect {exp!r}")
            continue
        counts[exp] += 1
        if not isinstance(cat, str) or not cat.startswith(exp + "-") or len(cat) <= len(exp) + 1:
            err(f"{where}: category {cat!r} not prefixed by {exp}-")
        if row["source"] != "blind23":
            err(f"{where}: source {row['source']!r}")
        if not isinstance(cmd, str) or not cmd.strip():
            err(f"{where}: empty cmd")
            continue
        if cmd in seen_cmds:
            err(f"{where}: command repeated (first at {seen_cmds[cmd]})")
        else:
            seen_cmds[cmd] = where
        if re.search(r"&&|\|\||;|\|", cmd):
            multi += 1
        check_network_text(where, cmd)
    if counts != cfg["cmd_labels"]:
        err(f"{name}: command label counts {counts}, expected {cfg['cmd_labels']}")
    if rows and multi / len(rows) < 0.25:
        err(f"{name}: only {multi}/{len(rows)} multi-stage commands")
    return counts, multi


def check_scripts(name, cfg):
    sdir = os.path.join(cfg["root"], "scripts")
    rows = read_jsonl(os.path.join(sdir, "index.jsonl"))
    per_lang = {}
    totals = {"clean": 0, "suspicious": 0, "dangerous": 0}
    dcats, scats, ccats = {}, {}, {}
    indexed = set()
    texts = {}
    expected_names = {f"{i:04d}" for i in range(cfg["first"], cfg["first"] + 100)}
    for n, row in rows:
        where = f"{name}/scripts/index.jsonl:{n}"
        if set(row) != IDX_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        fname, exp, cat, lang = row["file"], row["expect"], row["category"], row["lang"]
        if exp not in totals:
            err(f"{where}: bad expect {exp!r}")
            continue
        if lang not in LANG_EXT:
            err(f"{where}: bad lang {lang!r}")
            continue
        stem, _, ext = fname.partition(".")
        if ext != LANG_EXT[lang]:
            err(f"{where}: extension {ext!r} does not match lang {lang}")
        if stem not in expected_names:
            err(f"{where}: file number {stem} outside this half's range")
        if fname in indexed:
            err(f"{where}: file indexed twice")
        indexed.add(fname)
        if not cat.startswith(exp + "-"):
            err(f"{where}: category {cat!r} not prefixed by {exp}-")
        kind = cat[len(exp) + 1:]
        if row["source"] != "blind23":
            err(f"{where}: source {row['source']!r}")
        if not str(row["note"]).strip():
            err(f"{where}: empty note")
        totals[exp] += 1
        pl = per_lang.setdefault(lang, {"clean": 0, "suspicious": 0, "dangerous": 0})
        pl[exp] += 1
        if exp == "dangerous":
            dcats[kind] = dcats.get(kind, 0) + 1
            if kind not in DANGER_MIN:
                err(f"{where}: unknown dangerous kind {kind!r}")
        elif exp == "suspicious":
            scats[kind] = scats.get(kind, 0) + 1
            if kind not in SUSPICIOUS_KINDS:
                err(f"{where}: unknown suspicious kind {kind!r}")
        else:
            ccats[kind] = ccats.get(kind, 0) + 1
        path = os.path.join(sdir, fname)
        if not os.path.isfile(path):
            err(f"{where}: missing script {fname}")
            continue
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        texts[fname] = text
        nlines = len(text.splitlines())
        lo, hi = LINE_LIMITS[exp]
        if not lo <= nlines <= hi:
            err(f"{where}: {fname} has {nlines} lines, {exp} needs {lo}-{hi}")
        check_network_text(f"{name}/scripts/{fname}", text)
    on_disk = {f for f in os.listdir(sdir) if f != "index.jsonl"}
    for f in sorted(on_disk - indexed):
        err(f"{name}: script {f} not in index")
    if len(rows) != 100:
        err(f"{name}: {len(rows)} index rows, expected 100")
    if totals != {"clean": 48, "suspicious": 12, "dangerous": 40}:
        err(f"{name}: script totals {totals}")
    for lang, pl in per_lang.items():
        if sum(pl.values()) != 25 or pl["clean"] != 12 or pl["dangerous"] not in (9, 10) \
                or pl["suspicious"] not in (3, 4):
            err(f"{name}: per-language counts for {lang}: {pl}")
    if set(per_lang) != set(LANG_EXT):
        err(f"{name}: languages present {sorted(per_lang)}")
    for kind, mn in DANGER_MIN.items():
        if dcats.get(kind, 0) < mn:
            err(f"{name}: dangerous-{kind} has {dcats.get(kind, 0)}, needs >= {mn}")
    for kind in SUSPICIOUS_KINDS:
        if not 1 <= scats.get(kind, 0) <= 4:
            err(f"{name}: suspicious-{kind} has {scats.get(kind, 0)}, needs 1-4")
    return totals, per_lang, dcats, scats, ccats, texts


def long_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) >= 45 and not is_import_line(s):
            out.add(s)
    return out


def line_counts():
    """--lines: print the line count of every script file (text read only)."""
    for name, cfg in HALVES.items():
        sdir = os.path.join(cfg["root"], "scripts")
        if not os.path.isdir(sdir):
            continue
        for f in sorted(os.listdir(sdir)):
            if f == "index.jsonl":
                continue
            with open(os.path.join(sdir, f), encoding="utf-8") as fh:
                print(f"{name}/{f} {len(fh.read().splitlines())}")
    return 0


def category_counts():
    """--categories: per-half counts of every command/script category (JSON parse only)."""
    for name, cfg in HALVES.items():
        for rel in ("commands.jsonl", os.path.join("scripts", "index.jsonl")):
            counts = {}
            path = os.path.join(cfg["root"], rel)
            if not os.path.isfile(path):
                continue
            with open(path, encoding="utf-8") as fh:
                for line in fh:
                    if line.strip():
                        cat = json.loads(line)["category"]
                        counts[cat] = counts.get(cat, 0) + 1
            print(f"[{name}] {rel}:")
            for cat in sorted(counts):
                print(f"  {cat:34} {counts[cat]}")
    return 0


def main():
    if "--lines" in sys.argv:
        return line_counts()
    if "--categories" in sys.argv:
        return category_counts()
    seen_cmds = {}
    report = {}
    all_texts = {}
    for name, cfg in HALVES.items():
        c = check_commands(name, cfg, seen_cmds)
        s = check_scripts(name, cfg)
        report[name] = (c, s)
        all_texts[name] = s[5]
    dev_lines = {}
    for fname, text in all_texts["dev"].items():
        for s in long_lines(text):
            dev_lines.setdefault(s, fname)
    for fname, text in all_texts["test"].items():
        for s in long_lines(text):
            if s in dev_lines:
                err(f"shared 45+ char line dev/{dev_lines[s]} test/{fname}: {s[:90]}")
    for name, ((counts, multi), (totals, per_lang, dcats, scats, ccats, _)) in report.items():
        print(f"[{name}] commands {counts} multi-stage={multi}")
        print(f"[{name}] scripts {totals}")
        for lang in sorted(per_lang):
            print(f"[{name}]   {lang}: {per_lang[lang]}")
        print(f"[{name}]   dangerous kinds: {dict(sorted(dcats.items()))}")
        print(f"[{name}]   suspicious kinds: {dict(sorted(scats.items()))}")
        print(f"[{name}]   clean kinds: {dict(sorted(ccats.items()))}")
    if errors:
        print(f"\nFAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  -", e)
        return 1
    print("\nOK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
