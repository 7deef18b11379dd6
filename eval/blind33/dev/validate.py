#!/usr/bin/env python3
"""Validator for the blind33 evaluation set.

Reads the dev half (blind33) and the test half (blind33-test) as TEXT only.
Nothing in the data set is executed, imported or sourced: every file is opened
with open(..., encoding="utf-8") and inspected with json / re.

Run from either half:
    python3 validate.py           full check of both halves
    python3 validate.py --dev     dev half only (no cross-half checks)
    python3 validate.py --lines   print the line count of every script
"""
import ipaddress
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
if HERE.name.endswith("-test"):
    DEV_DIR, TEST_DIR = HERE.parent / HERE.name[: -len("-test")], HERE
else:
    DEV_DIR, TEST_DIR = HERE, HERE.parent / (HERE.name + "-test")

HALVES = {
    "dev": {"dir": DEV_DIR, "ncmd": 150, "first": 1,
            "labels": {"allow": 75, "ask": 27, "deny": 48}},
    "test": {"dir": TEST_DIR, "ncmd": 200, "first": 1001,
             "labels": {"allow": 100, "ask": 36, "deny": 64}},
}
SOURCE = "blind33"
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
LANG_EXT = {"python": "py", "shell": "sh", "javascript": "js", "typescript": "ts"}
PER_LANG = {"clean": 12, "dangerous": 10, "suspicious": 3}
LINE_RANGE = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}
DANGEROUS_KINDS = {
    "exfil": 7, "credential-harvest": 6, "trust-anchor": 4, "delete": 6,
    "supply-chain": 4, "persistence": 5, "download-exec": 3, "decode-exec": 3,
    "conditional": 2,
}
SUSPICIOUS_KINDS = {
    "env-dump": 2, "secret-print": 2, "dynamic-code": 2, "unknown-host": 2,
    "broad-delete": 2, "outside-write": 2,
}

# Documented public API hosts that clean scripts / allow lines may talk to.
DOCUMENTED = {
    "api.github.com", "github.com", "raw.githubusercontent.com", "gitlab.com",
    "slack.com", "hooks.slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org",
    "hub.docker.com", "nodejs.org", "api.zotero.org", "api.mux.com",
    "hapi.fhir.org", "en.wikipedia.org", "api.twilio.com", "graph.microsoft.com",
    "huggingface.co", "demo.ckan.org", "catalog.data.gov", "api.opentrons.com",
    "fonts.googleapis.com", "kf.kobotoolbox.org", "ipfs.io", "gtfs.org",
    "api.easypost.com", "api.goshippo.com", "panel.sendcloud.sc",
    "musicbrainz.org", "checkout-test.adyen.com", "api.mollie.com",
    "api-m.sandbox.paypal.com", "api-sandbox.gocardless.com",
    "api.tailscale.com", "hc-ping.com", "healthchecks.io",
    "api.balena-cloud.com", "hosted.mender.io", "invoicing.co",
    "s3.amazonaws.com", "dolthub.com", "www.dolthub.com",
    # schema/spec identifiers that appear as data (never requested by the scripts)
    "openlineage.io",
}
INERT_SUFFIXES = (
    ".example.com", ".example.net", ".example.org", ".test", ".invalid",
    ".localhost", ".internal",
)
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
# documentation ranges, loopback, unspecified, RFC 1918 (developer LAN) and netmasks
INERT_NETS = [ipaddress.ip_network(n) for n in (
    "203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24", "127.0.0.0/8",
    "0.0.0.0/32", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",
    "255.255.0.0/16",
)]

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^/\s'\"`<>)\]},;|\\]+)")
MAIL_RE = re.compile(r"(?<![\w/@.%+-])[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IP_RE = re.compile(r"(?<![\w.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\w]|\.\d)")
IMPORT_RE = re.compile(
    r"^(import\s|from\s+\S+\s+import\s|#!|const\s+\{?[\w\s,{}:]*\}?\s*=\s*require\(|"
    r"(?:const|let|var)\s+\w+\s*=\s*require\(|export\s+\{)"
)

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.strip().lower().rstrip(".")
    if not host or any(ch in host for ch in "${%*"):
        return True  # templated / placeholder
    if host.startswith("["):
        return True  # ipv6 literal
    try:
        ip = ipaddress.ip_address(host)
        return any(ip in n for n in INERT_NETS)
    except ValueError:
        pass
    if "." not in host:
        return True  # docker service names, bucket names, lakefs repos
    if host in INERT_EXACT or host.endswith(INERT_SUFFIXES):
        return True
    return host in DOCUMENTED


def check_hosts(text, where):
    for m in URL_RE.finditer(text):
        host = m.group(2)
        if "@" in host:
            host = host.rsplit("@", 1)[1]
        if host.startswith("["):
            continue
        host = host.split(":", 1)[0]
        if not host_ok(host):
            err(f"{where}: non-inert URL host {host!r} in {m.group(0)!r}")
    for m in MAIL_RE.finditer(text):
        host = m.group(1)
        if not host.rsplit(".", 1)[-1].isalpha():
            continue  # package@1.2.3 style
        if not host_ok(host):
            err(f"{where}: non-inert user@host {m.group(0)!r}")
    for m in IP_RE.finditer(text):
        try:
            addr = ipaddress.ip_address(m.group(1))
        except ValueError:
            continue
        if not any(addr in n for n in INERT_NETS):
            err(f"{where}: non-inert IPv4 {m.group(1)}")


def read_jsonl(path):
    rows = []
    if not path.exists():
        err(f"missing {path}")
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


def check_commands(half, conf, seen_cmds):
    rows = read_jsonl(conf["dir"] / "commands.jsonl")
    if len(rows) != conf["ncmd"]:
        err(f"{half}: {len(rows)} commands, want {conf['ncmd']}")
    labels = Counter()
    cats = Counter()
    multi = 0
    for n, row in rows:
        where = f"{half}/commands.jsonl:{n}"
        if set(row) != CMD_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        exp, cat, cmd = row["expect"], row["category"], row["cmd"]
        if exp not in ("allow", "ask", "deny"):
            err(f"{where}: bad expect {exp!r}")
        if not re.fullmatch(r"(allow|ask|deny)-[a-z0-9]+(?:-[a-z0-9]+)*", cat or ""):
            err(f"{where}: bad category {cat!r}")
        elif not cat.startswith(exp + "-"):
            err(f"{where}: category {cat!r} not prefixed by {exp!r}")
        if row["source"] != SOURCE:
            err(f"{where}: source {row['source']!r}")
        if not isinstance(cmd, str) or not cmd.strip():
            err(f"{where}: empty cmd")
            continue
        key = " ".join(cmd.split())
        if key in seen_cmds:
            err(f"{where}: repeated command (first at {seen_cmds[key]})")
        else:
            seen_cmds[key] = where
        if re.search(r"&&|\|\||;|\|", cmd):
            multi += 1
        check_hosts(cmd, where)
        labels[exp] += 1
        cats[cat] += 1
    for lab, want in conf["labels"].items():
        if labels[lab] != want:
            err(f"{half}: {labels[lab]} {lab} commands, want {want}")
    return labels, cats, multi


def script_lines(text):
    out = set()
    for raw in text.splitlines():
        s = raw.strip()
        if len(s) >= 45 and not IMPORT_RE.match(s):
            out.add(s)
    return out


def check_scripts(half, conf):
    sdir = conf["dir"] / "scripts"
    rows = read_jsonl(sdir / "index.jsonl")
    if len(rows) != 100:
        err(f"{half}: {len(rows)} index rows, want 100")
    per_lang = defaultdict(Counter)
    dkinds = Counter()
    skinds = Counter()
    cats = Counter()
    lines_by_file = {}
    nlines = defaultdict(list)
    listed = set()
    for n, row in rows:
        where = f"{half}/scripts/index.jsonl:{n}"
        if set(row) != IDX_KEYS:
            err(f"{where}: keys {sorted(row)}")
            continue
        fname, exp, cat, lang = row["file"], row["expect"], row["category"], row["lang"]
        if row["source"] != SOURCE:
            err(f"{where}: source {row['source']!r}")
        if exp not in LINE_RANGE:
            err(f"{where}: bad expect {exp!r}")
            continue
        if not re.fullmatch(r"(clean|suspicious|dangerous)-[a-z0-9]+(?:-[a-z0-9]+)*", cat or ""):
            err(f"{where}: bad category {cat!r}")
        elif not cat.startswith(exp + "-"):
            err(f"{where}: category {cat!r} not prefixed by {exp!r}")
        if lang not in LANG_EXT:
            err(f"{where}: bad lang {lang!r}")
            continue
        m = re.fullmatch(r"(\d{4})\.(py|sh|js|ts)", fname)
        if not m:
            err(f"{where}: bad file name {fname!r}")
            continue
        num = int(m.group(1))
        if not conf["first"] <= num < conf["first"] + 100:
            err(f"{where}: file number {num} outside half range")
        if m.group(2) != LANG_EXT[lang]:
            err(f"{where}: extension {m.group(2)} does not match lang {lang}")
        if fname in listed:
            err(f"{where}: file listed twice")
        listed.add(fname)
        if not str(row["note"]).strip():
            err(f"{where}: empty note")
        fpath = sdir / fname
        if not fpath.exists():
            err(f"{where}: missing file {fname}")
            continue
        with open(fpath, encoding="utf-8") as fh:
            text = fh.read()
        count = len(text.splitlines())
        lo, hi = LINE_RANGE[exp]
        if not lo <= count <= hi:
            err(f"{half}/{fname}: {exp} script has {count} lines, want {lo}-{hi}")
        nlines[exp].append(count)
        check_hosts(text, f"{half}/{fname}")
        lines_by_file[fname] = script_lines(text)
        per_lang[lang][exp] += 1
        cats[cat] += 1
        kind = cat.split("-", 1)[1] if "-" in cat else ""
        if exp == "dangerous":
            dkinds[kind] += 1
        elif exp == "suspicious":
            skinds[kind] += 1
    on_disk = {p.name for p in sdir.iterdir() if p.name != "index.jsonl"} if sdir.exists() else set()
    for extra in sorted(on_disk - listed):
        err(f"{half}: file {extra} not in index")
    nums = sorted(int(f[:4]) for f in listed if f[:4].isdigit())
    if nums != list(range(conf["first"], conf["first"] + 100)):
        err(f"{half}: script numbers are not {conf['first']}..{conf['first'] + 99}")
    for lang in LANG_EXT:
        for exp, want in PER_LANG.items():
            if per_lang[lang][exp] != want:
                err(f"{half}: {lang} has {per_lang[lang][exp]} {exp}, want {want}")
    for kinds, expected, label in ((dkinds, DANGEROUS_KINDS, "dangerous"), (skinds, SUSPICIOUS_KINDS, "suspicious")):
        for kind, want in expected.items():
            if kinds[kind] != want:
                err(f"{half}: {label}-{kind} = {kinds[kind]}, want {want}")
        for kind in kinds:
            if kind not in expected:
                err(f"{half}: unknown {label} kind {kind}")
    return per_lang, cats, lines_by_file, nlines


def check_validator_copies():
    """Both halves must carry an identical validate.py (compared as text)."""
    texts = []
    for conf in HALVES.values():
        path = conf["dir"] / "validate.py"
        if not path.exists():
            err(f"missing {path}")
            return
        with open(path, encoding="utf-8") as fh:
            texts.append(fh.read())
    if texts[0] != texts[1]:
        err("validate.py differs between the two halves")


def list_lines():
    for half, conf in HALVES.items():
        sdir = conf["dir"] / "scripts"
        if not sdir.exists():
            continue
        for p in sorted(sdir.iterdir()):
            if p.name == "index.jsonl":
                continue
            with open(p, encoding="utf-8") as fh:
                print(f"{half} {p.name} {len(fh.read().splitlines())}")


def main():
    if "--lines" in sys.argv:
        list_lines()
        return
    only_dev = "--dev" in sys.argv
    seen_cmds = {}
    results = {}
    for half, conf in HALVES.items():
        if only_dev and half == "test":
            continue
        labels, ccats, multi = check_commands(half, conf, seen_cmds)
        per_lang, scats, lines, nlines = check_scripts(half, conf)
        results[half] = (labels, ccats, multi, per_lang, scats, lines, nlines)
    if not only_dev:
        check_validator_copies()
        test_index = defaultdict(list)
        for f, ls in results["test"][5].items():
            for s in ls:
                test_index[s].append(f)
        for f, ls in sorted(results["dev"][5].items()):
            for s in sorted(ls):
                if s in test_index:
                    others = ",".join(sorted(set(test_index[s])))
                    err(f"shared 45+ char line dev/{f} ~ test/{others}: {s[:70]!r}")
    for half, (labels, ccats, multi, per_lang, scats, _l, nlines) in results.items():
        print(f"== {half}")
        print("  commands:", dict(labels), f"multi-stage={multi}")
        for cat, n in sorted(ccats.items()):
            print(f"    {cat}: {n}")
        print("  scripts per lang:", {k: dict(v) for k, v in per_lang.items()})
        for exp, ns in nlines.items():
            if ns:
                print(f"  {exp} lines: min={min(ns)} max={max(ns)} mean={sum(ns) / len(ns):.0f}")
        for cat, n in sorted(scats.items()):
            print(f"    {cat}: {n}")
    if errors:
        print(f"\n{len(errors)} problem(s):")
        for e in errors:
            print("  -", e)
        sys.exit(1)
    print("\nOK")


if __name__ == "__main__":
    main()
