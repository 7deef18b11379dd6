#!/usr/bin/env python3
"""Validator for the blind26 evaluation set (dev half /work/blind26, test half /work/blind26-test).

Only parses JSON and reads files as text. Never executes anything it reads.
Run from either half; it checks that half and, when present, the cross-half rules.
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = os.path.basename(HERE)
if NAME.endswith("-test"):
    DEV = os.path.join(os.path.dirname(HERE), NAME[: -len("-test")])
    TEST = HERE
else:
    DEV = HERE
    TEST = HERE + "-test"

HALVES = {
    "dev": {"root": DEV, "ncmd": 150, "first": 1, "counts": {"allow": 75, "ask": 27, "deny": 48}},
    "test": {"root": TEST, "ncmd": 200, "first": 1001, "counts": {"allow": 100, "ask": 36, "deny": 64}},
}
EXT_LANG = {"py": "python", "sh": "shell", "js": "javascript", "ts": "typescript"}
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
DANGER_MIN = {
    "exfil": 6, "credential-harvest": 5, "trust-anchor": 4, "delete": 5, "supply-chain": 4,
    "persistence": 4, "download-exec": 3, "decode-exec": 3, "conditional": 2,
}
SUSP_KINDS = {"env-dump", "secret-print", "dynamic-code", "unknown-host", "broad-delete", "outside-write"}
LINE_LIMITS = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}

INERT_SUFFIXES = (
    "example.com", "example.net", "example.org", ".test", ".invalid", ".localhost", ".internal",
)
INERT_EXACT = {"localhost", "127.0.0.1", "0.0.0.0", "::1", "[::1]", "host", "host.docker.internal"}
DOCUMENTED = (
    "api.github.com", "github.com", "gitlab.com", "slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com",
    "nodejs.org", "amazonaws.com", "myshopify.com", "shopify.com", "api.sanity.io", "apicdn.sanity.io",
    "cdn.contentful.com", "api.contentful.com", "login.salesforce.com", "test.salesforce.com",
    "cds.climate.copernicus.eu", "zenodo.org", "api.osf.io", "osf.io", "files.osf.io",
    "huggingface.co", "sitemaps.org", "w3.org", "json-schema.org", "schema.org",
    "esphome.io", "home-assistant.io", "downloads.arduino.cc", "arduino.cc",
    # XML namespace identifiers (never fetched)
    "soap.sforce.com", "base.google.com",
)
INERT_NETS = ("203.0.113.", "198.51.100.", "192.0.2.", "127.")

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s'\"`<>)\]}]+)")
USERHOST_RE = re.compile(r"(?<![\w.%+-])([A-Za-z0-9_.+-]+)@((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})\b")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    h = host.lower().replace("\\", "").strip("[]")
    if "@" in h:
        h = h.rsplit("@", 1)[1]
    h = h.split(":")[0] if h.count(":") <= 1 else h
    if not h or h in INERT_EXACT or h.startswith("$") or h.startswith("{") or "${" in h or "%" in h:
        return True
    if h.startswith(INERT_NETS) or h == "0.0.0.0":
        return True
    for s in INERT_SUFFIXES:
        if h == s.lstrip(".") or h.endswith("." + s.lstrip(".")) or h.endswith(s):
            return True
    for d in DOCUMENTED:
        if h == d or h.endswith("." + d):
            return True
    return False


def check_text_hosts(where, text):
    for m in URL_RE.finditer(text):
        scheme, rest = m.group(1).lower(), m.group(2)
        if scheme in ("file",):
            continue
        host = rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)[:80]}")
    for m in USERHOST_RE.finditer(text):
        if not host_ok(m.group(2)):
            err(f"{where}: user@host not inert/documented: {m.group(0)[:80]}")
    for m in IPV4_RE.finditer(text):
        ip = m.group(1)
        parts = [int(p) for p in ip.split(".")]
        if any(p > 255 for p in parts):
            continue
        if not (ip.startswith(INERT_NETS) or ip == "0.0.0.0"):
            err(f"{where}: IPv4 not inert: {ip}")


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
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                err(f"{path}:{n}: bad json {exc}")
    return rows


def check_commands(half, spec):
    path = os.path.join(spec["root"], "commands.jsonl")
    rows = load_jsonl(path)
    if len(rows) != spec["ncmd"]:
        err(f"{half}: {len(rows)} commands, want {spec['ncmd']}")
    seen = set()
    counts = Counter()
    cats = Counter()
    for i, r in enumerate(rows, 1):
        if set(r) != CMD_KEYS:
            err(f"{half} cmd {i}: keys {sorted(r)}")
            continue
        if r["expect"] not in ("allow", "ask", "deny"):
            err(f"{half} cmd {i}: bad expect {r['expect']}")
        if not r["category"].startswith(r["expect"] + "-") or len(r["category"]) <= len(r["expect"]) + 1:
            err(f"{half} cmd {i}: category {r['category']} not prefixed by {r['expect']}")
        if r["source"] != "blind26":
            err(f"{half} cmd {i}: source {r['source']}")
        if r["cmd"] in seen:
            err(f"{half} cmd {i}: repeated command {r['cmd'][:60]}")
        seen.add(r["cmd"])
        counts[r["expect"]] += 1
        cats[r["category"]] += 1
        check_text_hosts(f"{half} cmd {i}", r["cmd"])
    for k, v in spec["counts"].items():
        if counts[k] != v:
            err(f"{half}: {counts[k]} {k} commands, want {v}")
    multi = sum(1 for c in seen if any(t in c for t in ("&&", "|", ";", "||")))
    return rows, counts, cats, multi


def script_lines(text):
    return len(text.splitlines())


def check_scripts(half, spec):
    sdir = os.path.join(spec["root"], "scripts")
    rows = load_jsonl(os.path.join(sdir, "index.jsonl"))
    if len(rows) != 100:
        err(f"{half}: {len(rows)} scripts in index, want 100")
    per_lang = Counter()
    per_lang_label = Counter()
    labels = Counter()
    kinds = Counter()
    texts = {}
    numbers = set()
    for i, r in enumerate(rows, 1):
        if set(r) != IDX_KEYS:
            err(f"{half} idx {i}: keys {sorted(r)}")
            continue
        f = r["file"]
        m = re.fullmatch(r"(\d{4})\.(py|sh|js|ts)", f)
        if not m:
            err(f"{half} idx {i}: bad file name {f}")
            continue
        num = int(m.group(1))
        if not (spec["first"] <= num < spec["first"] + 100):
            err(f"{half} idx {i}: number {num} out of range")
        if num in numbers:
            err(f"{half} idx {i}: duplicate number {num}")
        numbers.add(num)
        if EXT_LANG[m.group(2)] != r["lang"]:
            err(f"{half} {f}: lang {r['lang']} does not match extension")
        exp = r["expect"]
        if exp not in LINE_LIMITS:
            err(f"{half} {f}: bad expect {exp}")
            continue
        if not r["category"].startswith(exp + "-"):
            err(f"{half} {f}: category {r['category']} not prefixed by {exp}")
        if r["source"] != "blind26":
            err(f"{half} {f}: source")
        if len(r["note"].strip()) < 15:
            err(f"{half} {f}: note too short")
        kind = r["category"][len(exp) + 1:]
        labels[exp] += 1
        per_lang[r["lang"]] += 1
        per_lang_label[(r["lang"], exp)] += 1
        if exp == "dangerous":
            kinds[("dangerous", kind)] += 1
            if kind not in DANGER_MIN:
                err(f"{half} {f}: unknown dangerous kind {kind}")
        elif exp == "suspicious":
            kinds[("suspicious", kind)] += 1
            if kind not in SUSP_KINDS:
                err(f"{half} {f}: unknown suspicious kind {kind}")
        else:
            kinds[("clean", kind)] += 1
        p = os.path.join(sdir, f)
        if not os.path.exists(p):
            err(f"{half}: missing script {f}")
            continue
        with open(p, encoding="utf-8") as fh:
            text = fh.read()
        texts[f] = text
        n = script_lines(text)
        lo, hi = LINE_LIMITS[exp]
        if not (lo <= n <= hi):
            err(f"{half} {f}: {n} lines, {exp} wants {lo}-{hi}")
        check_text_hosts(f"{half} {f}", text)
    for f in os.listdir(sdir) if os.path.isdir(sdir) else []:
        if f != "index.jsonl" and f not in texts:
            err(f"{half}: stray file scripts/{f}")
    for lang in EXT_LANG.values():
        if per_lang[lang] != 25:
            err(f"{half}: {per_lang[lang]} {lang} scripts, want 25")
        if per_lang_label[(lang, "clean")] != 12:
            err(f"{half}: {lang} clean {per_lang_label[(lang, 'clean')]}, want 12")
        if per_lang_label[(lang, "dangerous")] not in (9, 10):
            err(f"{half}: {lang} dangerous {per_lang_label[(lang, 'dangerous')]}, want 9-10")
        if per_lang_label[(lang, "suspicious")] not in (3, 4):
            err(f"{half}: {lang} suspicious {per_lang_label[(lang, 'suspicious')]}, want 3-4")
    if labels["dangerous"] != 40 or labels["suspicious"] != 12:
        err(f"{half}: dangerous {labels['dangerous']} suspicious {labels['suspicious']}, want 40/12")
    for k, v in DANGER_MIN.items():
        if kinds[("dangerous", k)] < v:
            err(f"{half}: dangerous-{k} {kinds[('dangerous', k)]}, want >= {v}")
    for k in SUSP_KINDS:
        if kinds[("suspicious", k)] < 1:
            err(f"{half}: no suspicious-{k}")
    return rows, texts, labels, kinds


def long_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) < 45:
            continue
        if re.match(r"^(import |from \S+ import |(const|let|var) (\w+|\{[^}]*\}) = require\(|#!|source )", s):
            continue
        out.add(s)
    return out


def main():
    import time
    print("validator run at", time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()))
    results = {}
    for half, spec in HALVES.items():
        if not os.path.isdir(spec["root"]):
            print(f"note: {half} half {spec['root']} not present, skipped")
            continue
        cr = check_commands(half, spec)
        sr = check_scripts(half, spec)
        results[half] = (cr, sr)
    if "dev" in results and "test" in results:
        v_dev, v_test = os.path.join(DEV, "validate.py"), os.path.join(TEST, "validate.py")
        if os.path.exists(v_dev) and os.path.exists(v_test):
            with open(v_dev, "rb") as a, open(v_test, "rb") as b:
                if a.read() != b.read():
                    err("validate.py differs between the two halves")
        else:
            err("validate.py missing in one half")
        dev_cmds = {r.get("cmd") for r in results["dev"][0][0]}
        for r in results["test"][0][0]:
            if r.get("cmd") in dev_cmds:
                err(f"command repeated across halves: {r['cmd'][:60]}")
        dev_lines = {}
        for f, t in results["dev"][1][1].items():
            for s in long_lines(t):
                dev_lines.setdefault(s, f)
        for f, t in results["test"][1][1].items():
            for s in long_lines(t):
                if s in dev_lines:
                    err(f"shared 45+ line {dev_lines[s]} / {f}: {s[:70]}")
    for half, (cr, sr) in results.items():
        rows, counts, cats, multi = cr
        srows, texts, labels, kinds = sr
        print(f"[{half}] commands {len(rows)}: " + ", ".join(f"{k}={counts[k]}" for k in ("allow", "ask", "deny"))
              + f"; multi-stage {multi}")
        print(f"[{half}] command categories: " + ", ".join(f"{k}={v}" for k, v in sorted(cats.items())))
        print(f"[{half}] scripts {len(srows)}: " + ", ".join(f"{k}={labels[k]}" for k in ("clean", "suspicious", "dangerous")))
        print(f"[{half}] script kinds: " + ", ".join(f"{a}-{b}={v}" for (a, b), v in sorted(kinds.items())))
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors[:200]:
            print("  " + e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
