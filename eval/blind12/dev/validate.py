#!/usr/bin/env python3
"""Validator for the blind12 evaluation set.

It only parses JSON and reads files as text; it never executes anything from the set.
The same file lives in /work/blind12 and /work/blind12-test and checks both halves
(whichever exist next to each other).
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
PARENT = os.path.dirname(HERE)
HALVES = [
    ("dev", os.path.join(PARENT, "blind12"), 1),
    ("test", os.path.join(PARENT, "blind12-test"), 1001),
]

CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_COUNTS = {"allow": 150, "ask": 50, "deny": 100}
LANG_EXT = {"python": ".py", "shell": ".sh", "javascript": ".js", "typescript": ".ts"}
PER_LANG = {"clean": 10, "dangerous": 7, "suspicious": 3}
MIN_LINES = {"clean": 80, "dangerous": 50, "suspicious": 20}
MAX_LINES = {"clean": 160, "dangerous": 140, "suspicious": 80}
DANGER_PLAN = {
    "dangerous-exfil": 4, "dangerous-trust-anchor": 4, "dangerous-delete": 4,
    "dangerous-poison": 4, "dangerous-download-exec": 3, "dangerous-decode-exec": 3,
    "dangerous-conditional": 3, "dangerous-perms": 3,
}
SUSP_PLAN = {
    "suspicious-env-dump": 2, "suspicious-secret-print": 2, "suspicious-dynamic-code": 2,
    "suspicious-unknown-host": 2, "suspicious-broad-delete": 2, "suspicious-outside-write": 2,
}

INERT_SUFFIXES = ("example.com", "example.net", "example.org", "test", "invalid",
                  "localhost", "internal")
DOCUMENTED = ("github.com", "gitlab.com", "slack.com", "stripe.com", "openai.com",
              "anthropic.com", "sentry.io", "pypi.org", "pythonhosted.org", "npmjs.org",
              "yarnpkg.com", "docker.com", "docker.io", "nodejs.org", "amazonaws.com",
              "python.org", "go.dev", "golang.org", "crates.io", "rust-lang.org",
              "googleapis.com", "json-schema.org", "w3.org", "schemastore.org")
INERT_NETS = ("127.", "203.0.113.", "198.51.100.", "192.0.2.")
# bucket / file style schemes whose "host" is a resource name, not a network host
LOCAL_SCHEMES = {"s3", "gs", "file", "sqlite", "sqlite3", "az", "abfs"}

URL_RE = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://([^/\s'\"`)<>\\|;,]*)")
USER_HOST_RE = re.compile(
    r"(?<![\w.@/-])[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})\b")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d]|\.\d)")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().strip().rstrip(".")
    if not host or "$" in host or "{" in host or "%" in host:
        return True
    if IPV4_RE.fullmatch(host):
        return ip_ok(host)
    if host == "localhost":
        return True
    for suf in INERT_SUFFIXES + DOCUMENTED:
        if host == suf or host.endswith("." + suf):
            return True
    return False


def ip_ok(ip):
    return ip == "0.0.0.0" or ip.startswith(INERT_NETS)


def check_endpoints(text, where):
    for m in URL_RE.finditer(text):
        scheme = m.group(0).split("://", 1)[0].lower()
        if scheme in LOCAL_SCHEMES:
            continue
        netloc = m.group(1).rsplit("@", 1)[-1]
        if netloc.startswith("["):
            continue
        host = netloc.split(":")[0]
        if not host_ok(host):
            err(f"{where}: non-inert URL host {host!r}")
    for m in USER_HOST_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: non-inert user@host {m.group(0)!r}")
    for m in IPV4_RE.finditer(text):
        if not ip_ok(m.group(1)):
            err(f"{where}: non-inert IPv4 {m.group(1)!r}")


def load_jsonl(path):
    rows = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err(f"{path}:{n}: blank line")
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                err(f"{path}:{n}: bad JSON: {exc}")
    return rows


def check_commands(name, root):
    path = os.path.join(root, "commands.jsonl")
    if not os.path.exists(path):
        err(f"{name}: missing {path}")
        return []
    rows = load_jsonl(path)
    if len(rows) != 300:
        err(f"{name}: {len(rows)} commands, expected 300")
    labels = Counter()
    cats = Counter()
    multi = 0
    seen = set()
    for i, r in enumerate(rows, 1):
        if set(r) != CMD_KEYS:
            err(f"{name} cmd {i}: keys {sorted(r)}")
            continue
        if r["expect"] not in CMD_COUNTS:
            err(f"{name} cmd {i}: bad expect {r['expect']}")
        if not r["category"].startswith(r["expect"] + "-"):
            err(f"{name} cmd {i}: category {r['category']} not prefixed by {r['expect']}")
        if r["source"] != "blind12":
            err(f"{name} cmd {i}: source {r['source']}")
        if r["cmd"] in seen:
            err(f"{name} cmd {i}: repeated command {r['cmd'][:60]!r}")
        seen.add(r["cmd"])
        labels[r["expect"]] += 1
        cats[r["category"]] += 1
        if re.search(r"\||&&|;|<<|\$\(|\n", r["cmd"]):
            multi += 1
        check_endpoints(r["cmd"], f"{name} cmd {i}")
    for lab, n in CMD_COUNTS.items():
        if labels[lab] != n:
            err(f"{name}: {labels[lab]} {lab} commands, expected {n}")
    print(f"[{name}] commands: {dict(labels)}; multi-stage {multi}")
    for c, n in sorted(cats.items()):
        print(f"    {c:34s} {n}")
    return [r.get("cmd") for r in rows]


def source_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) < 45:
            continue
        if s.startswith(("import ", "from ", "#!", "export * from", "'use strict'", '"use strict"')):
            continue
        if "require(" in s and s.startswith(("const ", "let ", "var ")):
            continue
        out.add(s)
    return out


def check_scripts(name, root, start):
    sdir = os.path.join(root, "scripts")
    ipath = os.path.join(sdir, "index.jsonl")
    if not os.path.exists(ipath):
        err(f"{name}: missing {ipath}")
        return {}
    rows = load_jsonl(ipath)
    if len(rows) != 80:
        err(f"{name}: {len(rows)} scripts, expected 80")
    per_lang = Counter()
    labels = Counter()
    cats = Counter()
    texts = {}
    expected_nums = set(range(start, start + 80))
    listed = set()
    for r in rows:
        if set(r) != IDX_KEYS:
            err(f"{name} index: keys {sorted(r)} in {r}")
            continue
        f = r["file"]
        listed.add(f)
        stem, ext = os.path.splitext(f)
        if not stem.isdigit() or len(stem) != 4 or int(stem) not in expected_nums:
            err(f"{name}: bad file number {f}")
        if r["lang"] not in LANG_EXT:
            err(f"{name} {f}: bad lang {r['lang']}")
        elif LANG_EXT[r["lang"]] != ext:
            err(f"{name} {f}: extension does not match lang {r['lang']}")
        if r["expect"] not in PER_LANG:
            err(f"{name} {f}: bad expect {r['expect']}")
            continue
        if not r["category"].startswith(r["expect"] + "-"):
            err(f"{name} {f}: category {r['category']} not prefixed")
        if r["source"] != "blind12":
            err(f"{name} {f}: source {r['source']}")
        if not r["note"].strip():
            err(f"{name} {f}: empty note")
        per_lang[(r["lang"], r["expect"])] += 1
        labels[r["expect"]] += 1
        cats[r["category"]] += 1
        fp = os.path.join(sdir, f)
        if not os.path.exists(fp):
            err(f"{name}: missing script {f}")
            continue
        with open(fp, encoding="utf-8") as fh:
            text = fh.read()
        texts[f] = text
        n = len(text.splitlines())
        if n < MIN_LINES[r["expect"]]:
            err(f"{name} {f}: {n} lines, {r['expect']} needs >= {MIN_LINES[r['expect']]}")
        if n > MAX_LINES[r["expect"]]:
            print(f"  warning: {name} {f}: {n} lines (> {MAX_LINES[r['expect']]})")
        check_endpoints(text, f"{name} {f}")
        check_endpoints(r["note"], f"{name} {f} note")
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"}
    for extra in sorted(on_disk - listed):
        err(f"{name}: script {extra} not in index")
    for lang in LANG_EXT:
        for lab, n in PER_LANG.items():
            if per_lang[(lang, lab)] != n:
                err(f"{name}: {lang}/{lab} = {per_lang[(lang, lab)]}, expected {n}")
    for plan in (DANGER_PLAN, SUSP_PLAN):
        for c, n in plan.items():
            if cats[c] != n:
                err(f"{name}: category {c} = {cats[c]}, expected {n}")
    for c in cats:
        if c.startswith(("dangerous-", "suspicious-")) and c not in DANGER_PLAN and c not in SUSP_PLAN:
            err(f"{name}: unplanned category {c}")
    print(f"[{name}] scripts: {dict(labels)}")
    for c, n in sorted(cats.items()):
        print(f"    {c:34s} {n}")
    return texts


def main():
    cmds = {}
    scripts = {}
    for name, root, start in HALVES:
        if not os.path.isdir(root):
            print(f"[{name}] {root} not present, skipped")
            continue
        cmds[name] = check_commands(name, root)
        scripts[name] = check_scripts(name, root, start)
    if "dev" in cmds and "test" in cmds:
        shared = set(cmds["dev"]) & set(cmds["test"])
        for c in sorted(x for x in shared if x):
            err(f"command in both halves: {c[:80]!r}")
    if scripts.get("dev") and scripts.get("test"):
        dev_lines = {}
        for f, t in scripts["dev"].items():
            for s in source_lines(t):
                dev_lines.setdefault(s, f)
        for f, t in scripts["test"].items():
            for s in source_lines(t):
                if s in dev_lines:
                    err(f"shared 45+ line {dev_lines[s]} / {f}: {s[:70]!r}")
    if os.path.exists(os.path.join(PARENT, "blind12", "validate.py")) and \
            os.path.exists(os.path.join(PARENT, "blind12-test", "validate.py")):
        with open(os.path.join(PARENT, "blind12", "validate.py"), encoding="utf-8") as a, \
                open(os.path.join(PARENT, "blind12-test", "validate.py"), encoding="utf-8") as b:
            if a.read() != b.read():
                err("validate.py differs between halves")
    if errors:
        print(f"\nFAILED with {len(errors)} error(s):")
        for e in errors:
            print("  - " + e)
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
