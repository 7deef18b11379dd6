#!/usr/bin/env python3
"""Validator for the blind20 evaluation set (dev half /work/blind20, test half /work/blind20-test).

It only parses JSON and reads files as text. It never imports, runs or evaluates the data.
The same file is copied into both halves; it always checks both halves together.

Checks:
  * commands.jsonl: keys, labels, category prefix, source, counts per label, no repeated command
    (inside a half or across halves, whitespace-normalised)
  * scripts/index.jsonl: keys, labels, category prefix, source, extension/lang match, file exists,
    every script file indexed, numbering range, counts per language and label, counts per
    dangerous/suspicious category, line-count bounds per label
  * no non-import source line of 45+ characters shared between a dev and a test script
  * every URL host, user@host and IPv4 literal in commands and scripts is inert or a documented
    public API host
"""
import ipaddress
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HALVES = {
    "dev": {
        "dir": os.path.join(ROOT, "blind20"),
        "commands": {"allow": 75, "ask": 27, "deny": 48},
        "first_id": 1,
    },
    "test": {
        "dir": os.path.join(ROOT, "blind20-test"),
        "commands": {"allow": 100, "ask": 36, "deny": 64},
        "first_id": 1001,
    },
}

CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = {"allow", "ask", "deny"}
SCRIPT_LABELS = {"clean", "suspicious", "dangerous"}
EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}
PER_LANG = {"clean": 12, "dangerous": 10, "suspicious": 3}
LINE_MIN = {"clean": 180, "dangerous": 60, "suspicious": 20}
LINE_MAX = {"clean": 350, "dangerous": 200, "suspicious": 80}
DANGEROUS_CATS = {
    "dangerous-exfil": 7,
    "dangerous-credential-harvest": 4,
    "dangerous-trust-anchor": 5,
    "dangerous-delete": 6,
    "dangerous-supply-chain": 5,
    "dangerous-persistence": 4,
    "dangerous-download-exec": 3,
    "dangerous-decode-exec": 3,
    "dangerous-conditional": 3,
}
SUSPICIOUS_CATS = {
    "suspicious-env-dump": 2,
    "suspicious-secret-print": 2,
    "suspicious-dynamic-code": 2,
    "suspicious-unknown-host": 2,
    "suspicious-broad-delete": 2,
    "suspicious-outside-write": 2,
}

INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
DOC_HOSTS = {
    "api.github.com", "github.com", "uploads.github.com", "gitlab.com", "slack.com",
    "hooks.slack.com", "api.stripe.com", "api.openai.com", "sentry.io", "pypi.org",
    "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com", "nodejs.org",
    "api.crowdin.com", "api.twilio.com", "api.doppler.com", "firestore.googleapis.com",
    "conda.anaconda.org", "repo.anaconda.com", "cloud-images.ubuntu.com", "dl.k8s.io",
    "registry.k8s.io", "ghcr.io", "docker.io", "quay.io", "api.sendgrid.com",
    "addons.mozilla.org", "services.addons.mozilla.org", "releases.hashicorp.com",
    "appleid.apple.com", "api.supabase.com", "supabase.com", "dl.flathub.org",
}
DOC_SUFFIXES = (".amazonaws.com", ".sentry.io")
TEST_NETS = [ipaddress.ip_network(n) for n in ("203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24")]

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]{1,15})://([^\s'\"`<>()\[\]{}\\,;|]*)")
USERHOST_RE = re.compile(r"(?<![\w/.@-])([A-Za-z0-9_.+-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})\b")
IPV4_RE = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{1,3}){3})(?!\w|\.\d)")
IMPORT_RE = re.compile(r"^(import\s|from\s+\S+\s+import\s|const\s+.*=\s*require\(|import\()")

errors = []
CMD_CATS = {}


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().rstrip(".")
    if not host:
        return True
    if any(c in host for c in "$%{}<>"):
        return True  # templated, not a literal host
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
        return ip_ok(ip)
    except ValueError:
        pass
    if "." not in host:
        return True  # single-label name: compose service, container or local alias
    if host in INERT_EXACT or host.endswith(INERT_SUFFIXES):
        return True
    if host in DOC_HOSTS or host.endswith(DOC_SUFFIXES):
        return True
    return False


def ip_ok(ip):
    if ip.version == 6:
        return ip.is_loopback or ip.is_unspecified or ip.is_private
    if any(ip in n for n in TEST_NETS):
        return True
    if ip.is_loopback or ip.is_unspecified:
        return True
    if ip.is_link_local:
        return False
    if ip.is_private:
        return True
    if str(ip).startswith("255."):
        return True  # netmask
    return False


def check_text_hosts(text, where):
    for m in URL_RE.finditer(text):
        scheme, rest = m.group(1).lower(), m.group(2)
        if scheme in ("file",):
            continue
        auth = rest.split("/", 1)[0]
        if "@" in auth:
            auth = auth.rsplit("@", 1)[1]
        host = auth
        if host.startswith("["):
            host = host.split("]", 1)[0] + "]"
        else:
            host = host.split(":", 1)[0]
        host = host.split("?", 1)[0].split("#", 1)[0]
        if not host_ok(host):
            err("%s: URL host not inert/documented: %s://%s" % (where, scheme, rest[:60]))
    for m in USERHOST_RE.finditer(text):
        if not host_ok(m.group(2)):
            err("%s: user@host not inert/documented: %s" % (where, m.group(0)))
    for m in IPV4_RE.finditer(text):
        s = m.group(1)
        try:
            ip = ipaddress.ip_address(s)
        except ValueError:
            continue
        if not ip_ok(ip):
            err("%s: IPv4 not inert: %s" % (where, s))


def load_jsonl(path):
    rows = []
    if not os.path.isfile(path):
        err("missing file %s" % path)
        return rows
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err("%s:%d blank line" % (path, n))
                continue
            try:
                rows.append((n, json.loads(line)))
            except json.JSONDecodeError as e:
                err("%s:%d bad JSON: %s" % (path, n, e))
    return rows


def norm_cmd(c):
    return " ".join(c.split())


def check_commands(name, spec, seen):
    path = os.path.join(spec["dir"], "commands.jsonl")
    rows = load_jsonl(path)
    counts = {k: 0 for k in CMD_LABELS}
    for n, r in rows:
        where = "%s commands:%d" % (name, n)
        if not isinstance(r, dict) or set(r) != CMD_KEYS:
            err("%s: keys %s" % (where, sorted(r) if isinstance(r, dict) else type(r)))
            continue
        if r["expect"] not in CMD_LABELS:
            err("%s: bad expect %r" % (where, r["expect"]))
            continue
        counts[r["expect"]] += 1
        CMD_CATS.setdefault(name, {})
        CMD_CATS[name][r["category"]] = CMD_CATS[name].get(r["category"], 0) + 1
        if any(tok in r["cmd"] for tok in ("|", "&&", ";", "$(")):
            CMD_CATS[name]["_multi_stage"] = CMD_CATS[name].get("_multi_stage", 0) + 1
        if not r["category"].startswith(r["expect"] + "-") or len(r["category"]) <= len(r["expect"]) + 1:
            err("%s: category %r not prefixed by label" % (where, r["category"]))
        if r["source"] != "blind20":
            err("%s: source %r" % (where, r["source"]))
        key = norm_cmd(r["cmd"])
        if key in seen:
            err("%s: repeated command (first at %s)" % (where, seen[key]))
        else:
            seen[key] = where
        check_text_hosts(r["cmd"], where)
    total = sum(counts.values())
    want_total = sum(spec["commands"].values())
    if total != want_total:
        err("%s: %d commands, want %d" % (name, total, want_total))
    for k, v in spec["commands"].items():
        if counts[k] != v:
            err("%s: %d %s commands, want %d" % (name, counts[k], k, v))
    return counts


def source_lines(text):
    out = set()
    for line in text.splitlines():
        s = line.strip()
        if len(s) < 45 or IMPORT_RE.match(s):
            continue
        out.add(s)
    return out


def check_scripts(name, spec):
    sdir = os.path.join(spec["dir"], "scripts")
    rows = load_jsonl(os.path.join(sdir, "index.jsonl"))
    per = {}
    cats = {}
    indexed = set()
    lines_by_file = {}
    first = spec["first_id"]
    for n, r in rows:
        where = "%s index:%d" % (name, n)
        if not isinstance(r, dict) or set(r) != IDX_KEYS:
            err("%s: keys %s" % (where, sorted(r) if isinstance(r, dict) else type(r)))
            continue
        f, lab, lang = r["file"], r["expect"], r["lang"]
        if f in indexed:
            err("%s: file indexed twice %s" % (where, f))
        indexed.add(f)
        if lab not in SCRIPT_LABELS:
            err("%s: bad expect %r" % (where, lab))
            continue
        if not r["category"].startswith(lab + "-") or len(r["category"]) <= len(lab) + 1:
            err("%s: category %r not prefixed by label" % (where, r["category"]))
        if r["source"] != "blind20":
            err("%s: source %r" % (where, r["source"]))
        if not r["note"].strip():
            err("%s: empty note" % where)
        stem, ext = os.path.splitext(f)
        if EXT_LANG.get(ext) != lang:
            err("%s: extension %s does not match lang %s" % (where, ext, lang))
        if not (stem.isdigit() and len(stem) == 4 and first <= int(stem) < first + 100):
            err("%s: file number out of range %s" % (where, f))
        per[(lang, lab)] = per.get((lang, lab), 0) + 1
        cats[r["category"]] = cats.get(r["category"], 0) + 1
        p = os.path.join(sdir, f)
        if not os.path.isfile(p):
            err("%s: missing script %s" % (where, f))
            continue
        with open(p, encoding="utf-8") as fh:
            text = fh.read()
        nl = len(text.splitlines())
        if nl < LINE_MIN[lab] or nl > LINE_MAX[lab]:
            err("%s: %s is %s with %d lines (want %d-%d)" % (where, f, lab, nl, LINE_MIN[lab], LINE_MAX[lab]))
        check_text_hosts(text, "%s %s" % (name, f))
        lines_by_file[f] = source_lines(text)
    for fn in sorted(os.listdir(sdir)) if os.path.isdir(sdir) else []:
        if fn != "index.jsonl" and fn not in indexed:
            err("%s: script %s not in index" % (name, fn))
    for lang in EXT_LANG.values():
        for lab, want in PER_LANG.items():
            got = per.get((lang, lab), 0)
            if got != want:
                err("%s: %s %s = %d, want %d" % (name, lang, lab, got, want))
    for table in (DANGEROUS_CATS, SUSPICIOUS_CATS):
        for c, want in table.items():
            if cats.get(c, 0) != want:
                err("%s: category %s = %d, want %d" % (name, c, cats.get(c, 0), want))
    for c in cats:
        if (c.startswith("dangerous-") and c not in DANGEROUS_CATS) or \
           (c.startswith("suspicious-") and c not in SUSPICIOUS_CATS):
            err("%s: unknown category %s" % (name, c))
    return per, cats, lines_by_file


def main():
    seen = {}
    results = {}
    for name, spec in HALVES.items():
        if not os.path.isdir(spec["dir"]):
            err("missing half %s" % spec["dir"])
            continue
        cc = check_commands(name, spec, seen)
        per, cats, lines = check_scripts(name, spec)
        results[name] = (cc, per, cats, lines)
    if "dev" in results and "test" in results:
        dev_lines = {}
        for f, ls in results["dev"][3].items():
            for s in ls:
                dev_lines.setdefault(s, f)
        for f, ls in results["test"][3].items():
            for s in ls:
                if s in dev_lines:
                    err("shared 45+ line between dev %s and test %s: %s" % (dev_lines[s], f, s[:70]))
    for name, (cc, per, cats, _) in results.items():
        print("%s commands: %s" % (name, cc))
        labs = {}
        for (lang, lab), v in sorted(per.items()):
            labs.setdefault(lang, {})[lab] = v
        print("%s scripts: %s" % (name, labs))
        if "-v" in sys.argv:
            print("%s command categories: %s" % (name, dict(sorted(CMD_CATS.get(name, {}).items()))))
            print("%s script categories: %s" % (name, dict(sorted(cats.items()))))
    for e in errors[:200]:
        print("ERROR", e)
    if errors:
        print("FAIL: %d error(s)" % len(errors))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
