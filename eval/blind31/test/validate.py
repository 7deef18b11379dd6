#!/usr/bin/env python3
"""Validator for the blind31 evaluation set.

Only parses JSON and reads files as text. It never runs or imports any of
the commands or scripts in the set. The same file lives in /work/blind31 and
/work/blind31-test; it validates every half it can find next to itself and
runs the cross-half checks when both halves exist.

    python3 validate.py            # full validation, exit 1 on any problem
    python3 validate.py --count    # line count of every script (helper)
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HALVES = {
    "dev": {"dir": os.path.join(ROOT, "blind31"), "ncmd": 150, "first": 1},
    "test": {"dir": os.path.join(ROOT, "blind31-test"), "ncmd": 200, "first": 1001},
}
CMD_SHARE = {"allow": 0.50, "ask": 0.18, "deny": 0.32}
LANG_EXT = {"py": "python", "sh": "shell", "js": "javascript", "ts": "typescript"}
DANGEROUS_PLAN = {
    "dangerous-exfil": 7,
    "dangerous-credential-harvest": 6,
    "dangerous-trust-anchor": 4,
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
LINE_LIMITS = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}

PUBLIC_HOSTS = {
    "api.github.com", "github.com", "gitlab.com", "slack.com", "api.stripe.com",
    "api.openai.com", "sentry.io", "pypi.org", "registry.npmjs.org",
    "hub.docker.com", "nodejs.org", "api.zotero.org", "api.mux.com",
    "hapi.fhir.org", "en.wikipedia.org", "api.twilio.com", "graph.microsoft.com",
    "huggingface.co", "demo.ckan.org", "catalog.data.gov", "api.opentrons.com",
    "fonts.googleapis.com", "kf.kobotoolbox.org", "ipfs.io", "gtfs.org",
    "api.easypost.com", "api.goshippo.com", "panel.sendcloud.sc",
    "musicbrainz.org",
    # XML namespace / schema / DTD identifiers written into files (never fetched)
    "www.idpf.org", "purl.org", "www.w3.org", "schemas.android.com",
    "graphml.graphdrawing.org", "vega.github.io", "www.apple.com",
}
INERT_SUFFIXES = (
    ".example.com", ".example.net", ".example.org", ".test", ".invalid",
    ".localhost", ".internal",
)
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
INERT_NETS = ("127.", "192.0.2.", "198.51.100.", "203.0.113.")

URL_RE = re.compile(r"\b([A-Za-z][A-Za-z0-9+.-]*)://([^/\s'\"`<>()\[\]{}|;,\\]*)")
MAIL_RE = re.compile(r"([A-Za-z0-9._%+-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})\b")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
IMPORT_RE = re.compile(
    r"^(import\s|from\s+\S+\s+import\s|#!|(const|let|var)\s+.*=\s*require\(|export\s+\*?\s*\{?.*\}?\s*from\s)"
)
SECRET_RE = re.compile(r"(sk_live_|sk_test_|ghp_|xoxb-|AKIA|EZAK|EZTK|shippo_live_)[A-Za-z0-9_]*")

FILE_EXTS = {"png", "jpg", "jpeg", "gif", "svg", "webp", "json", "js", "ts", "py", "sh",
             "txt", "md", "pdf", "csv", "xml", "html", "css"}

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.strip().lower().rstrip(".")
    if not host or "$" in host or "{" in host or "%" in host:
        return True  # runtime value, not a literal endpoint
    if host.startswith("[") or host == "0.0.0.0":
        return True
    if host.startswith(INERT_NETS):
        return True  # documentation ranges, possibly with a templated last octet
    if IP_RE.fullmatch(host):
        return False
    if host in INERT_EXACT or host in PUBLIC_HOSTS:
        return True
    if host.endswith(INERT_SUFFIXES):
        return True
    if host.endswith(".amazonaws.com"):
        return True  # AWS SDK endpoints / S3-hosted label downloads
    if "." not in host:
        return True  # bare service names (docker compose hosts, placeholders)
    return False


def check_endpoints(text, where):
    for m in URL_RE.finditer(text):
        netloc = m.group(2)
        host = netloc.rsplit("@", 1)[-1]
        if host.count(":") == 1:
            host = host.split(":", 1)[0]
        if m.group(1).lower() == "file" or not host:
            continue
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)}")
    for m in MAIL_RE.finditer(text):
        host = m.group(2)
        if host.rsplit(".", 1)[-1].lower() in FILE_EXTS:
            continue  # asset names like sprite@2x.png, not user@host
        if not host_ok(host):
            err(f"{where}: user@host not inert: {m.group(0)}")
    for m in IP_RE.finditer(text):
        ip = m.group(0)
        if all(0 <= int(p) <= 255 for p in m.groups()):
            if not (ip.startswith(INERT_NETS) or ip == "0.0.0.0"):
                err(f"{where}: IPv4 not inert: {ip}")
    # Key prefixes alone are fine (they appear in prefix checks such as
    # startswith("EZTK")); a long key-looking literal must carry FAKEKEY.
    for m in SECRET_RE.finditer(text):
        token = m.group(0)
        tail = text[m.end():m.end() + 40]
        if len(token) > 20 and "FAKEKEY" not in token + tail:
            err(f"{where}: key-looking literal without FAKEKEY: {token[:24]}")


def read_jsonl(path):
    rows = []
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


def check_commands(name, spec):
    path = os.path.join(spec["dir"], "commands.jsonl")
    rows = read_jsonl(path)
    cmds = []
    labels = Counter()
    cats = Counter()
    for n, row in rows:
        where = f"{name} commands:{n}"
        if set(row) != {"cmd", "expect", "category", "source"}:
            err(f"{where}: keys {sorted(row)}")
            continue
        if row["expect"] not in CMD_SHARE:
            err(f"{where}: label {row['expect']}")
        if not row["category"].startswith(row["expect"] + "-"):
            err(f"{where}: category {row['category']} not prefixed by {row['expect']}")
        if row["source"] != "blind31":
            err(f"{where}: source {row['source']}")
        if not row["cmd"].strip():
            err(f"{where}: empty cmd")
        labels[row["expect"]] += 1
        cats[row["category"]] += 1
        cmds.append(row["cmd"])
        check_endpoints(row["cmd"], where)
    total = spec["ncmd"]
    if len(rows) != total:
        err(f"{name}: {len(rows)} commands, want {total}")
    for lab, share in CMD_SHARE.items():
        want = round(total * share)
        if labels[lab] != want:
            err(f"{name}: {labels[lab]} {lab} commands, want {want}")
    for c, k in Counter(cmds).items():
        if k > 1:
            err(f"{name}: repeated command: {c}")
    return cmds, labels, cats


def source_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) >= 45 and not IMPORT_RE.match(s):
            out.add(s)
    return out


def check_scripts(name, spec):
    sdir = os.path.join(spec["dir"], "scripts")
    rows = read_jsonl(os.path.join(sdir, "index.jsonl"))
    first = spec["first"]
    seen = set()
    per_lang = {lang: Counter() for lang in LANG_EXT.values()}
    labels = Counter()
    cats = Counter()
    lines_by_file = {}
    for n, row in rows:
        where = f"{name} index:{n}"
        keys = {"file", "expect", "category", "source", "lang", "note"}
        if set(row) != keys:
            err(f"{where}: keys {sorted(row)}")
            continue
        fname = row["file"]
        m = re.fullmatch(r"(\d{4})\.(py|sh|js|ts)", fname)
        if not m:
            err(f"{where}: bad file name {fname}")
            continue
        num = int(m.group(1))
        if not first <= num < first + 100:
            err(f"{where}: file number out of range {fname}")
        if fname in seen:
            err(f"{where}: duplicate file {fname}")
        seen.add(fname)
        if LANG_EXT[m.group(2)] != row["lang"]:
            err(f"{where}: lang {row['lang']} does not match {fname}")
        if row["expect"] not in LINE_LIMITS:
            err(f"{where}: label {row['expect']}")
            continue
        if not row["category"].startswith(row["expect"] + "-"):
            err(f"{where}: category {row['category']} not prefixed")
        if row["source"] != "blind31":
            err(f"{where}: source")
        if len(row["note"].strip()) < 15:
            err(f"{where}: note too short")
        labels[row["expect"]] += 1
        cats[row["category"]] += 1
        per_lang[row["lang"]][row["expect"]] += 1
        fpath = os.path.join(sdir, fname)
        if not os.path.exists(fpath):
            err(f"{where}: missing file {fname}")
            continue
        with open(fpath, encoding="utf-8") as fh:
            text = fh.read()
        nlines = len(text.splitlines())
        lo, hi = LINE_LIMITS[row["expect"]]
        if not lo <= nlines <= hi:
            err(f"{where}: {fname} has {nlines} lines, want {lo}-{hi} for {row['expect']}")
        check_endpoints(text, f"{name} {fname}")
        lines_by_file[fname] = source_lines(text)
    got_nums = {int(f[:4]) for f in seen}
    if got_nums != set(range(first, first + 100)):
        err(f"{name}: index does not cover {first}..{first + 99}")
    extra = [f for f in os.listdir(sdir) if f != "index.jsonl" and f not in seen]
    if extra:
        err(f"{name}: files not in index: {sorted(extra)}")
    for lang, cnt in per_lang.items():
        if sum(cnt.values()) != 25 or cnt["clean"] != 12 or cnt["dangerous"] not in (9, 10) \
                or cnt["suspicious"] not in (3, 4):
            err(f"{name}: {lang} counts {dict(cnt)}")
    if labels != Counter({"clean": 48, "dangerous": 40, "suspicious": 12}):
        err(f"{name}: label totals {dict(labels)}")
    for cat, want in {**DANGEROUS_PLAN, **SUSPICIOUS_PLAN}.items():
        if cats[cat] != want:
            err(f"{name}: {cats[cat]} scripts in {cat}, want {want}")
    for cat in cats:
        if cat.startswith(("dangerous-", "suspicious-")) and cat not in DANGEROUS_PLAN \
                and cat not in SUSPICIOUS_PLAN:
            err(f"{name}: unplanned category {cat}")
    return lines_by_file, labels, cats


def count_only():
    """--count: print the line count of every script file (helper while writing)."""
    for name, spec in HALVES.items():
        sdir = os.path.join(spec["dir"], "scripts")
        if not os.path.isdir(sdir):
            continue
        for fname in sorted(os.listdir(sdir)):
            if fname == "index.jsonl":
                continue
            with open(os.path.join(sdir, fname), encoding="utf-8") as fh:
                print(f"{name} {fname} {len(fh.read().splitlines())}")


def read_text(path):
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def main():
    if "--count" in sys.argv:
        count_only()
        return
    results = {}
    for name, spec in HALVES.items():
        if not os.path.isdir(spec["dir"]):
            print(f"skip {name}: {spec['dir']} missing")
            continue
        if os.path.exists(os.path.join(spec["dir"], "commands.jsonl")):
            cmds, clab, ccat = check_commands(name, spec)
        else:
            err(f"{name}: commands.jsonl missing")
            cmds, clab, ccat = [], Counter(), Counter()
        if os.path.exists(os.path.join(spec["dir"], "scripts", "index.jsonl")):
            lines, slab, scat = check_scripts(name, spec)
        else:
            err(f"{name}: scripts/index.jsonl missing")
            lines, slab, scat = {}, Counter(), Counter()
        results[name] = (cmds, clab, ccat, lines, slab, scat)
    if "dev" in results and "test" in results:
        copies = [read_text(os.path.join(HALVES[h]["dir"], "validate.py")) for h in ("dev", "test")]
        if not copies[0] or copies[0] != copies[1]:
            err("validate.py differs between the two halves (or is missing)")
        dev_cmds = set(results["dev"][0])
        for c in results["test"][0]:
            if c in dev_cmds:
                err(f"command in both halves: {c}")
        dev_lines = {}
        for fname, lines in results["dev"][3].items():
            for line in lines:
                dev_lines.setdefault(line, fname)
        for fname, lines in results["test"][3].items():
            for line in lines:
                if line in dev_lines:
                    err(f"shared line {dev_lines[line]} / {fname}: {line[:70]}")
    for name, (cmds, clab, ccat, lines, slab, scat) in results.items():
        print(f"== {name}: commands {len(cmds)} {dict(clab)}")
        for cat, k in sorted(ccat.items()):
            print(f"   {cat}: {k}")
        print(f"== {name}: scripts {dict(slab)}")
        for cat, k in sorted(scat.items()):
            print(f"   {cat}: {k}")
    if errors:
        print(f"\n{len(errors)} problem(s):")
        for e in errors:
            print(" -", e)
        sys.exit(1)
    print("\nOK")


if __name__ == "__main__":
    main()
