#!/usr/bin/env python3
"""Validator for the blind30 evaluation set (dev half /work/blind30, test half /work/blind30-test).

It only parses JSON and reads files as text. It never executes, imports or evaluates any of the
commands or scripts in the set. Usage: python3 validate.py  (from either half; it finds the other).
Exit status 0 when every rule holds, 1 otherwise.
"""
import ipaddress
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
if HERE.name.endswith("-test"):
    DEV, TEST = HERE.parent / "blind30", HERE
else:
    DEV, TEST = HERE, HERE.parent / "blind30-test"

HALVES = {
    "dev": {"root": DEV, "commands": 150, "first": 1,
            "labels": {"allow": 75, "ask": 27, "deny": 48}},
    "test": {"root": TEST, "commands": 200, "first": 1001,
             "labels": {"allow": 100, "ask": 36, "deny": 64}},
}
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
LANG_EXT = {"python": ".py", "shell": ".sh", "javascript": ".js", "typescript": ".ts"}
LANG_ORDER = ["python", "shell", "javascript", "typescript"]
DANGER_PLAN = {"exfil": 7, "credential-harvest": 6, "trust-anchor": 4, "delete": 6,
               "supply-chain": 4, "persistence": 5, "download-exec": 3, "decode-exec": 3,
               "conditional": 2}
SUSPECT_PLAN = {"env-dump": 2, "secret-print": 2, "dynamic-code": 2, "unknown-host": 2,
                "broad-delete": 2, "outside-write": 2}
LINE_BOUNDS = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}

INERT_SUFFIXES = ("example.com", "example.net", "example.org")
INERT_TLDS = (".test", ".invalid", ".localhost", ".internal")
INERT_NETS = [ipaddress.ip_network(n) for n in
              ("203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24", "127.0.0.0/8", "0.0.0.0/32")]
DOCUMENTED = (
    "api.github.com", "github.com", "gitlab.com", "slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com",
    "nodejs.org", "amazonaws.com", "api.zotero.org", "api.mux.com", "hapi.fhir.org",
    "en.wikipedia.org", "api.twilio.com", "graph.microsoft.com", "huggingface.co",
    "demo.ckan.org", "catalog.data.gov", "api.opentrons.com", "fonts.googleapis.com",
    "kf.kobotoolbox.org", "ipfs.io", "gtfs.org", "download.geofabrik.de",
)

URL_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://([^\s'\"<>()\[\]{}`,;|\\]+)")
MAIL_RE = re.compile(r"(?<![\w@/.:-])[A-Za-z0-9._%+\-]+@([A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+)")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.]*\d)")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().rstrip(".")
    if not host:
        return True
    if host == "localhost" or host.endswith(INERT_TLDS):
        return True
    for suf in INERT_SUFFIXES:
        if host == suf or host.endswith("." + suf):
            return True
    for doc in DOCUMENTED:
        if host == doc or host.endswith("." + doc):
            return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(ip in net for net in INERT_NETS)


def check_hosts(text, where):
    for m in URL_RE.finditer(text):
        rest = m.group(1)
        hostport = rest.split("/", 1)[0]
        if "@" in hostport:
            hostport = hostport.rsplit("@", 1)[1]
        host = hostport.split(":", 1)[0] if not hostport.startswith("[") else hostport
        if not host or any(c in host for c in "$%<>{}*"):
            continue
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {host}")
    for m in MAIL_RE.finditer(text):
        host = m.group(1)
        last = host.rsplit(".", 1)[-1]
        if not (last.isalpha() or IP_RE.fullmatch(host)):
            continue
        if not host_ok(host):
            err(f"{where}: user@host not inert/documented: {host}")
    for m in IP_RE.finditer(text):
        ip_s = m.group(1)
        try:
            ipaddress.ip_address(ip_s)
        except ValueError:
            continue
        if not host_ok(ip_s):
            err(f"{where}: IPv4 not inert: {ip_s}")


def read_jsonl(path):
    rows = []
    if not path.exists():
        err(f"missing {path}")
        return rows
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            err(f"{path}:{n}: blank line")
            continue
        try:
            rows.append((n, json.loads(line)))
        except json.JSONDecodeError as exc:
            err(f"{path}:{n}: bad JSON: {exc}")
    return rows


def check_commands(name, spec, seen):
    path = spec["root"] / "commands.jsonl"
    rows = read_jsonl(path)
    labels = Counter()
    multi = 0
    for n, row in rows:
        where = f"{name} commands:{n}"
        if set(row) != CMD_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        if row["expect"] not in ("allow", "ask", "deny"):
            err(f"{where}: bad expect {row['expect']}")
        if not row["category"].startswith(row["expect"] + "-") or \
                len(row["category"]) <= len(row["expect"]) + 1:
            err(f"{where}: category {row['category']} not prefixed by {row['expect']}-")
        if row["source"] != "blind30":
            err(f"{where}: source {row['source']}")
        cmd = row["cmd"]
        key = " ".join(cmd.split())
        if key in seen:
            err(f"{where}: repeated command (also {seen[key]}): {cmd[:80]}")
        else:
            seen[key] = where
        labels[row["expect"]] += 1
        if re.search(r"&&|\|\||;|\|", cmd):
            multi += 1
        check_hosts(cmd, where)
    if len(rows) != spec["commands"]:
        err(f"{name}: {len(rows)} commands, want {spec['commands']}")
    for lab, want in spec["labels"].items():
        if labels[lab] != want:
            err(f"{name}: {labels[lab]} {lab} commands, want {want}")
    return labels, multi, len(rows)


def source_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) < 45:
            continue
        if re.match(r"(import\b|from\s+\S+\s+import\b|export\s+\*\s+from\b)", s):
            continue
        if re.match(r"(const|let|var)\s+[\w{}\s,:]+=\s*require\(", s):
            continue
        out.add(s)
    return out


def check_scripts(name, spec):
    sdir = spec["root"] / "scripts"
    rows = read_jsonl(sdir / "index.jsonl")
    listed = set()
    per_lang = {lang: Counter() for lang in LANG_ORDER}
    dkinds, skinds, ekinds = Counter(), Counter(), Counter()
    lines_by_file = {}
    lengths = Counter()
    spans = {}
    for n, row in rows:
        where = f"{name} index:{n}"
        if set(row) != IDX_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        fname, exp, cat, lang = row["file"], row["expect"], row["category"], row["lang"]
        if exp not in LINE_BOUNDS:
            err(f"{where}: bad expect {exp}")
            continue
        if not cat.startswith(exp + "-") or len(cat) <= len(exp) + 1:
            err(f"{where}: category {cat} not prefixed by {exp}-")
        if row["source"] != "blind30":
            err(f"{where}: source {row['source']}")
        if lang not in LANG_EXT:
            err(f"{where}: bad lang {lang}")
            continue
        if not fname.endswith(LANG_EXT[lang]):
            err(f"{where}: extension of {fname} does not match {lang}")
        if not row["note"].strip():
            err(f"{where}: empty note")
        if fname in listed:
            err(f"{where}: {fname} listed twice")
        listed.add(fname)
        stem = fname.rsplit(".", 1)[0]
        if not (stem.isdigit() and len(stem) == 4):
            err(f"{where}: bad file name {fname}")
        else:
            num = int(stem) - spec["first"]
            if not 0 <= num < 100:
                err(f"{where}: number out of range {fname}")
            elif LANG_ORDER[num // 25] != lang:
                err(f"{where}: {fname} outside the {lang} block")
        path = sdir / fname
        if not path.exists():
            err(f"{where}: missing file {fname}")
            continue
        text = path.read_text(encoding="utf-8")
        nlines = len(text.splitlines())
        lo, hi = LINE_BOUNDS[exp]
        if not lo <= nlines <= hi:
            err(f"{where}: {fname} has {nlines} lines, want {lo}-{hi} for {exp}")
        lengths[exp] += nlines
        lo_seen, hi_seen = spans.get(exp, (nlines, nlines))
        spans[exp] = (min(lo_seen, nlines), max(hi_seen, nlines))
        per_lang[lang][exp] += 1
        kind = cat[len(exp) + 1:]
        if exp == "dangerous":
            dkinds[kind] += 1
        elif exp == "suspicious":
            skinds[kind] += 1
        else:
            ekinds[f"{lang}:{kind}"] += 1
        check_hosts(text, f"{name} {fname}")
        lines_by_file[fname] = source_lines(text)
    present = {p.name for p in sdir.iterdir() if p.name != "index.jsonl"} if sdir.exists() else set()
    for extra in sorted(present - listed):
        err(f"{name}: {extra} not in index")
    if len(rows) != 100:
        err(f"{name}: {len(rows)} scripts, want 100")
    tot = Counter()
    for lang, c in per_lang.items():
        tot.update(c)
        if sum(c.values()) != 25:
            err(f"{name}: {lang} has {sum(c.values())} scripts, want 25")
        if c["clean"] != 12 or c["dangerous"] not in (9, 10) or c["suspicious"] not in (3, 4):
            err(f"{name}: {lang} split {dict(c)} breaks 12 clean / 9-10 dangerous / 3-4 suspicious")
    if tot["dangerous"] != 40 or tot["suspicious"] != 12:
        err(f"{name}: {tot['dangerous']} dangerous / {tot['suspicious']} suspicious, want 40/12")
    if dict(dkinds) != DANGER_PLAN:
        err(f"{name}: dangerous kinds {dict(dkinds)} != plan {DANGER_PLAN}")
    if dict(skinds) != SUSPECT_PLAN:
        err(f"{name}: suspicious kinds {dict(skinds)} != plan {SUSPECT_PLAN}")
    lengths = {exp: f"{total} lines, {spans[exp][0]}-{spans[exp][1]} per file"
               for exp, total in lengths.items()}
    return per_lang, dkinds, skinds, ekinds, lines_by_file, lengths


def main():
    seen = {}
    summary = {}
    for name, spec in HALVES.items():
        labels, multi, ncmd = check_commands(name, spec, seen)
        summary[name] = (labels, multi, ncmd) + check_scripts(name, spec)
    dev_lines = {}
    for fname, lines in summary["dev"][7].items():
        for s in lines:
            dev_lines.setdefault(s, fname)
    for fname, lines in summary["test"][7].items():
        for s in sorted(lines):
            if s in dev_lines:
                err(f"line shared by dev {dev_lines[s]} and test {fname}: {s[:70]}")
    for name in HALVES:
        labels, multi, ncmd, per_lang, dk, sk, ek, _, lengths = summary[name]
        print(f"[{name}] commands {ncmd}: {dict(labels)}; multi-stage {multi} "
              f"({(100 * multi // max(ncmd, 1))}%)")
        for lang in LANG_ORDER:
            print(f"[{name}]   {lang}: {dict(per_lang[lang])}")
        print(f"[{name}] dangerous kinds: {dict(sorted(dk.items()))}")
        print(f"[{name}] suspicious kinds: {dict(sorted(sk.items()))}")
        print(f"[{name}] sizes: {lengths}")
        for lang in LANG_ORDER:
            kinds = sorted(k.split(":", 1)[1] + (f" x{n}" if n > 1 else "")
                           for k, n in ek.items() if k.startswith(lang + ":"))
            print(f"[{name}]   clean {lang}: {', '.join(kinds)}")
    if errors:
        print(f"\n{len(errors)} problem(s):")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK: all rules hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
