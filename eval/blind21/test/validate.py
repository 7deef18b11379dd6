#!/usr/bin/env python3
"""Validator for the blind21 evaluation set (dev = /work/blind21, test = /work/blind21-test).

Only parses JSON and reads files as text. It never executes anything it reads.
Run it from either half; it checks that half and, when the sibling half exists,
the cross-half rules (no repeated command, no shared 45+ character source line).
"""
import ipaddress
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEV = os.path.join(os.path.dirname(HERE), "blind21")
TEST = os.path.join(os.path.dirname(HERE), "blind21-test")

CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = ("allow", "ask", "deny")
SCRIPT_LABELS = ("clean", "suspicious", "dangerous")
EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}

HALVES = {
    "dev": {"dir": DEV, "cmds": {"allow": 75, "ask": 27, "deny": 48},
            "first": 1, "n_scripts": 100},
    "test": {"dir": TEST, "cmds": {"allow": 100, "ask": 36, "deny": 64},
             "first": 1001, "n_scripts": 100},
}
SCRIPT_COUNTS = {"clean": 48, "suspicious": 12, "dangerous": 40}
PER_LANG = {"clean": 12}
MIN_LINES = {"clean": 180, "dangerous": 60, "suspicious": 20}
MAX_LINES = {"clean": 350, "dangerous": 200, "suspicious": 80}
DANGER_KINDS = {"exfil": 7, "credential-harvest": 5, "trust-anchor": 5, "delete": 6,
                "supply-chain": 4, "persistence": 5, "download-exec": 3,
                "decode-exec": 3, "conditional": 2}
SUSP_KINDS = {"env-dump": 2, "secret-print": 2, "dynamic-code": 2, "unknown-host": 2,
              "broad-delete": 2, "outside-write": 2}

INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost", "test",
               "invalid", "internal"}
DOCUMENTED = {
    "api.github.com", "github.com", "uploads.github.com", "gitlab.com", "slack.com",
    "hooks.slack.com", "api.stripe.com", "api.openai.com", "sentry.io", "pypi.org",
    "upload.pypi.org", "test.pypi.org", "files.pythonhosted.org", "registry.npmjs.org",
    "hub.docker.com", "nodejs.org", "api.cloudflare.com", "api.fastly.com",
    "deb.debian.org", "archive.ubuntu.com", "releases.hashicorp.com",
    "grafana.com", "api.pagerduty.com", "events.pagerduty.com",
}
DOCUMENTED_SUFFIXES = (".amazonaws.com",)
INERT_NETS = [ipaddress.ip_network(n) for n in (
    "127.0.0.0/8", "0.0.0.0/32", "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://(?:[^\s/'\"`@]*@)?([^\s/'\"`:?#)\]}>,;\\]+)")
USERHOST_RE = re.compile(r"(?<![\w/@.-])[A-Za-z0-9_.+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    h = host.lower().strip(".[]")
    if not h or any(c in h for c in "${}%<*"):
        return True  # template placeholder, not a concrete host
    if re.fullmatch(r"[\d.]+", h):
        parts = h.split(".")
        if len(parts) != 4:
            return True  # version number, not an address
        try:
            ip = ipaddress.ip_address(h)
        except ValueError:
            return True
        return any(ip in n for n in INERT_NETS)
    if h in INERT_EXACT or h in DOCUMENTED:
        return True
    if h.endswith(INERT_SUFFIXES) or h.endswith(DOCUMENTED_SUFFIXES):
        return True
    if "." not in h:
        return True  # single-label name such as a compose service or ssh alias
    return False


def check_text(where, text):
    for m in URL_RE.finditer(text):
        scheme, host = m.group(1).lower(), m.group(2)
        if scheme in ("file", "unix", "data", "sqlite"):
            continue
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {m.group(0)}")
    for m in USERHOST_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: user@host not inert/documented: {m.group(0)}")
    for m in IPV4_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: IPv4 not inert: {m.group(1)}")


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
                err(f"{path}:{n}: bad JSON: {exc}")
    return rows


def check_commands(name, spec):
    path = os.path.join(spec["dir"], "commands.jsonl")
    rows = load_jsonl(path)
    total = sum(spec["cmds"].values())
    if len(rows) != total:
        err(f"{name}: {len(rows)} commands, want {total}")
    counts = {k: 0 for k in CMD_LABELS}
    seen = set()
    for i, r in enumerate(rows, 1):
        if set(r) != CMD_KEYS:
            err(f"{name} cmd {i}: keys {sorted(r)}")
            continue
        if r["expect"] not in CMD_LABELS:
            err(f"{name} cmd {i}: bad expect {r['expect']}")
            continue
        counts[r["expect"]] += 1
        if not r["category"].startswith(r["expect"] + "-") or len(r["category"]) <= len(r["expect"]) + 1:
            err(f"{name} cmd {i}: category {r['category']} not prefixed by {r['expect']}-")
        if r["source"] != "blind21":
            err(f"{name} cmd {i}: source {r['source']}")
        if not r["cmd"].strip():
            err(f"{name} cmd {i}: empty cmd")
        if r["cmd"] in seen:
            err(f"{name} cmd {i}: repeated command {r['cmd']!r}")
        seen.add(r["cmd"])
        check_text(f"{name} cmd {i}", r["cmd"])
    for k, want in spec["cmds"].items():
        if counts[k] != want:
            err(f"{name}: {counts[k]} {k} commands, want {want}")
    return seen


def script_lines(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read().split("\n")


def check_scripts(name, spec):
    sdir = os.path.join(spec["dir"], "scripts")
    rows = load_jsonl(os.path.join(sdir, "index.jsonl"))
    if len(rows) != spec["n_scripts"]:
        err(f"{name}: {len(rows)} index rows, want {spec['n_scripts']}")
    counts = {k: 0 for k in SCRIPT_LABELS}
    kinds = {}
    per_lang = {}
    listed = set()
    for i, r in enumerate(rows, 1):
        if set(r) != IDX_KEYS:
            err(f"{name} index {i}: keys {sorted(r)}")
            continue
        f, lab, lang = r["file"], r["expect"], r["lang"]
        if lab not in SCRIPT_LABELS:
            err(f"{name} {f}: bad expect {lab}")
            continue
        counts[lab] += 1
        if not r["category"].startswith(lab + "-"):
            err(f"{name} {f}: category {r['category']} not prefixed by {lab}-")
        kind = r["category"][len(lab) + 1:]
        kinds[(lab, kind)] = kinds.get((lab, kind), 0) + 1
        per_lang[(lang, lab)] = per_lang.get((lang, lab), 0) + 1
        if r["source"] != "blind21":
            err(f"{name} {f}: source {r['source']}")
        if not r["note"].strip():
            err(f"{name} {f}: empty note")
        stem, ext = os.path.splitext(f)
        if EXT_LANG.get(ext) != lang:
            err(f"{name} {f}: extension/lang mismatch ({lang})")
        if not stem.isdigit() or not (spec["first"] <= int(stem) < spec["first"] + spec["n_scripts"]):
            err(f"{name} {f}: file number out of range")
        if f in listed:
            err(f"{name} {f}: listed twice")
        listed.add(f)
        p = os.path.join(sdir, f)
        if not os.path.exists(p):
            err(f"{name} {f}: file missing")
            continue
        lines = script_lines(p)
        n = len(lines) - (1 if lines and lines[-1] == "" else 0)
        if n < MIN_LINES[lab]:
            err(f"{name} {f}: {n} lines, {lab} needs >= {MIN_LINES[lab]}")
        if n > MAX_LINES[lab]:
            err(f"{name} {f}: {n} lines, {lab} allows <= {MAX_LINES[lab]}")
        check_text(f"{name} {f}", "\n".join(lines))
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"}
    for extra in sorted(on_disk - listed):
        err(f"{name}: unlisted file {extra}")
    for k, want in SCRIPT_COUNTS.items():
        if counts[k] != want:
            err(f"{name}: {counts[k]} {k} scripts, want {want}")
    for lang in EXT_LANG.values():
        tot = sum(v for (l, _), v in per_lang.items() if l == lang)
        if tot != 25:
            err(f"{name}: {tot} {lang} scripts, want 25")
        if per_lang.get((lang, "clean"), 0) != 12:
            err(f"{name}: {per_lang.get((lang, 'clean'), 0)} clean {lang}, want 12")
        d = per_lang.get((lang, "dangerous"), 0)
        s = per_lang.get((lang, "suspicious"), 0)
        if d not in (9, 10) or s not in (3, 4):
            err(f"{name}: {lang} has {d} dangerous / {s} suspicious")
    for kind, want in DANGER_KINDS.items():
        if kinds.get(("dangerous", kind), 0) != want:
            err(f"{name}: dangerous-{kind} = {kinds.get(('dangerous', kind), 0)}, want {want}")
    for kind, want in SUSP_KINDS.items():
        if kinds.get(("suspicious", kind), 0) != want:
            err(f"{name}: suspicious-{kind} = {kinds.get(('suspicious', kind), 0)}, want {want}")
    return rows


IMPORT_RE = re.compile(r"^(import\b|from\s+\S+\s+import\b|export\s+\{.*\}\s+from\b|"
                       r"(const|let|var)\s+.*=\s*require\()")


def source_lines(spec):
    sdir = os.path.join(spec["dir"], "scripts")
    out = {}
    if not os.path.isdir(sdir):
        return out
    for f in sorted(os.listdir(sdir)):
        if f == "index.jsonl":
            continue
        for line in script_lines(os.path.join(sdir, f)):
            s = line.strip()
            if len(s) >= 45 and not IMPORT_RE.match(s):
                out.setdefault(s, f)
    return out


def main():
    present = {k: v for k, v in HALVES.items() if os.path.isdir(v["dir"])}
    cmd_sets = {}
    for name, spec in present.items():
        cmd_sets[name] = check_commands(name, spec)
        check_scripts(name, spec)
    if len(present) == 2:
        for c in sorted(cmd_sets["dev"] & cmd_sets["test"]):
            err(f"command in both halves: {c!r}")
        a, b = source_lines(present["dev"]), source_lines(present["test"])
        for s in sorted(set(a) & set(b)):
            err(f"line shared by dev {a[s]} and test {b[s]}: {s[:80]!r}")
    for e in errors:
        print("FAIL", e)
    print(f"{len(errors)} problem(s) in {', '.join(present) or 'nothing'}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
