#!/usr/bin/env python3
"""Validator for the blind13 evaluation set (dev half /work/blind13, test half /work/blind13-test).

It only parses JSON and reads files as text. It never executes anything it reads.
Run it from either half; it checks both halves and the rules between them.
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
if HERE.name.endswith("-test"):
    DEV, TEST = HERE.parent / HERE.name[: -len("-test")], HERE
else:
    DEV, TEST = HERE, HERE.parent / (HERE.name + "-test")

CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = {"allow": 150, "ask": 50, "deny": 100}
SCRIPT_LABELS = {"clean": 10, "dangerous": 7, "suspicious": 3}
LANG_EXT = {"python": ".py", "shell": ".sh", "javascript": ".js", "typescript": ".ts"}
LINE_LIMITS = {"clean": (80, 160), "dangerous": (50, 140), "suspicious": (20, 80)}
DANGEROUS_PLAN = {
    "exfil": 4, "trust-anchor": 4, "delete": 4, "poison": 4,
    "download-exec": 3, "decode-exec": 3, "conditional": 3, "perms": 3,
}
SUSPICIOUS_PLAN = {
    "env-dump": 2, "secret-print": 2, "dynamic-code": 2,
    "unknown-host": 2, "broad-delete": 2, "outside-write": 2,
}
INERT_SUFFIXES = ["example.com", "example.net", "example.org", "test", "invalid", "localhost", "internal"]
DOCUMENTED = [
    "github.com", "api.github.com", "gitlab.com", "slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "hub.docker.com",
    "nodejs.org", "amazonaws.com", "googleapis.com", "rubygems.org", "repo.maven.apache.org",
    "repo1.maven.org", "api.nuget.org", "packagist.org", "hex.pm", "hackage.haskell.org",
    "deno.land", "jsr.io", "api.cloudflare.com", "api.vercel.com", "api.netlify.com",
    "api.heroku.com", "api.digitalocean.com", "api.anthropic.com", "registry.terraform.io",
    "releases.hashicorp.com", "dl.k8s.io", "plugins.gradle.org", "services.gradle.org",
    "api.linear.app", "api.pagerduty.com", "discord.com", "ghcr.io", "docs.python.org",
    "go.dev", "proxy.golang.org", "crates.io", "static.crates.io", "management.azure.com",
    "api.atlassian.com", "hooks.slack.com", "registry.yarnpkg.com", "download.docker.com",
]
ALLOWED_NETS = ["127.", "203.0.113.", "198.51.100.", "192.0.2."]

URL_RE = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://([^/\s'\"`<>)\]}\\|,;?#]*)")
USER_HOST_RE = re.compile(r"(?<![\w$@/.:-])[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IPV4_RE = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{1,3}){3})(?![\w]|\.\d)")

errors = []


def err(msg):
    errors.append(msg)


def ip_ok(ip):
    return ip == "0.0.0.0" or any(ip.startswith(p) for p in ALLOWED_NETS)


def host_ok(host):
    host = host.lower().rstrip(".")
    if not host or "$" in host or "{" in host or "%" in host:
        return True  # template expression, not a literal host
    if IPV4_RE.fullmatch(host):
        return ip_ok(host)
    if "." not in host:
        return True  # single-label names (compose services, bucket names) cannot resolve publicly
    for suf in INERT_SUFFIXES + DOCUMENTED:
        if host == suf or host.endswith("." + suf):
            return True
    return False


def check_text_hosts(text, where):
    for m in URL_RE.finditer(text):
        netloc = m.group(1)
        hostport = netloc.rsplit("@", 1)[-1]
        host = hostport.split(":")[0]
        if not host_ok(host):
            err(f"{where}: URL host not inert/documented: {host!r}")
    for m in USER_HOST_RE.finditer(text):
        host = m.group(1)
        if not re.search(r"\.[A-Za-z]{2,}$", host) and not IPV4_RE.fullmatch(host):
            continue
        if not host_ok(host):
            err(f"{where}: user@host not inert/documented: {host!r}")
    for m in IPV4_RE.finditer(text):
        if not ip_ok(m.group(1)):
            err(f"{where}: IPv4 not in documentation ranges: {m.group(1)}")


def load_jsonl(path):
    rows = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        err(f"missing {path}")
        return rows
    for n, line in enumerate(lines, 1):
        if not line.strip():
            err(f"{path}:{n}: blank line")
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as e:
            err(f"{path}:{n}: bad JSON: {e}")
    return rows


def check_commands(half):
    rows = load_jsonl(half / "commands.jsonl")
    if len(rows) != 300:
        err(f"{half}: {len(rows)} commands, want 300")
    labels = Counter()
    cats = Counter()
    for i, r in enumerate(rows, 1):
        where = f"{half.name}/commands.jsonl:{i}"
        if set(r) != CMD_KEYS:
            err(f"{where}: keys {sorted(r)}")
            continue
        if r["expect"] not in CMD_LABELS:
            err(f"{where}: bad expect {r['expect']!r}")
        if not r["category"].startswith(r["expect"] + "-"):
            err(f"{where}: category {r['category']!r} not prefixed by {r['expect']}")
        if r["source"] != "blind13":
            err(f"{where}: bad source")
        if not isinstance(r["cmd"], str) or not r["cmd"].strip():
            err(f"{where}: empty cmd")
        labels[r["expect"]] += 1
        cats[r["category"]] += 1
        check_text_hosts(r["cmd"], where)
    for lab, want in CMD_LABELS.items():
        if labels[lab] != want:
            err(f"{half.name}: {labels[lab]} {lab} commands, want {want}")
    return rows, cats


def is_import(line):
    s = line.strip()
    return (
        s.startswith(("import ", "from ", "#!", "export * from", "export {"))
        or "require(" in s
    )


def check_scripts(half, first):
    sdir = half / "scripts"
    rows = load_jsonl(sdir / "index.jsonl")
    if len(rows) != 80:
        err(f"{half.name}: {len(rows)} scripts, want 80")
    per_lang = Counter()
    danger = Counter()
    susp = Counter()
    plan = Counter()
    texts = {}
    expected_files = {f"{n:04d}" for n in range(first, first + 80)}
    seen = set()
    for i, r in enumerate(rows, 1):
        where = f"{half.name}/scripts/index.jsonl:{i}"
        if set(r) != IDX_KEYS:
            err(f"{where}: keys {sorted(r)}")
            continue
        exp, cat, lang, fname = r["expect"], r["category"], r["lang"], r["file"]
        if exp not in SCRIPT_LABELS:
            err(f"{where}: bad expect {exp!r}")
            continue
        if not cat.startswith(exp + "-"):
            err(f"{where}: category {cat!r} not prefixed by {exp}")
        if r["source"] != "blind13":
            err(f"{where}: bad source")
        if lang not in LANG_EXT:
            err(f"{where}: bad lang {lang!r}")
            continue
        if not fname.endswith(LANG_EXT[lang]):
            err(f"{where}: extension of {fname} does not match {lang}")
        stem = fname.split(".")[0]
        if stem not in expected_files:
            err(f"{where}: unexpected file number {fname}")
        if stem in seen:
            err(f"{where}: duplicate number {stem}")
        seen.add(stem)
        if not r["note"].strip():
            err(f"{where}: empty note")
        path = sdir / fname
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            err(f"{where}: missing file {fname}")
            continue
        texts[fname] = text
        n = len(text.splitlines())
        lo, hi = LINE_LIMITS[exp]
        if not lo <= n <= hi:
            err(f"{half.name}/{fname}: {n} lines, {exp} wants {lo}-{hi}")
        per_lang[(lang, exp)] += 1
        kind = cat[len(exp) + 1:]
        plan[(lang, cat)] += 1
        if exp == "dangerous":
            danger[kind] += 1
        elif exp == "suspicious":
            susp[kind] += 1
        check_text_hosts(text, f"{half.name}/{fname}")
    for lang in LANG_EXT:
        for exp, want in SCRIPT_LABELS.items():
            if per_lang[(lang, exp)] != want:
                err(f"{half.name}: {per_lang[(lang, exp)]} {lang} {exp}, want {want}")
    if dict(danger) != DANGEROUS_PLAN:
        err(f"{half.name}: dangerous plan {dict(danger)} != {DANGEROUS_PLAN}")
    if dict(susp) != SUSPICIOUS_PLAN:
        err(f"{half.name}: suspicious plan {dict(susp)} != {SUSPICIOUS_PLAN}")
    on_disk = {p.name for p in sdir.iterdir() if p.name != "index.jsonl"} if sdir.exists() else set()
    extra = on_disk - set(texts)
    if extra:
        err(f"{half.name}: files not in index: {sorted(extra)}")
    return texts, plan


def long_lines(texts):
    out = {}
    for fname, text in texts.items():
        for line in text.splitlines():
            s = line.strip()
            if len(s) >= 45 and not is_import(s):
                out.setdefault(s, fname)
    return out


def main():
    dev_cmds, dev_cats = check_commands(DEV)
    test_cmds, test_cats = check_commands(TEST)
    seen = {}
    for half, rows in (("dev", dev_cmds), ("test", test_cmds)):
        for i, r in enumerate(rows, 1):
            key = " ".join(str(r.get("cmd", "")).split())
            if key in seen:
                err(f"repeated command ({half}:{i} and {seen[key]}): {key[:80]}")
            else:
                seen[key] = f"{half}:{i}"
    if dev_cats != test_cats:
        diff = {k: (dev_cats.get(k, 0), test_cats.get(k, 0))
                for k in set(dev_cats) | set(test_cats) if dev_cats.get(k, 0) != test_cats.get(k, 0)}
        err(f"command category plan differs between halves (dev, test): {diff}")
    dev_texts, dev_plan = check_scripts(DEV, 1)
    test_texts, test_plan = check_scripts(TEST, 1001)
    if dev_plan != test_plan:
        diff = {k: (dev_plan.get(k, 0), test_plan.get(k, 0))
                for k in set(dev_plan) | set(test_plan) if dev_plan.get(k, 0) != test_plan.get(k, 0)}
        err(f"script category plan differs between halves (dev, test): {diff}")
    dl, tl = long_lines(dev_texts), long_lines(test_texts)
    for line in sorted(set(dl) & set(tl)):
        err(f"shared 45+ char line dev/{dl[line]} test/{tl[line]}: {line[:90]}")
    a, b = (DEV / "validate.py"), (TEST / "validate.py")
    if not (a.exists() and b.exists()):
        err("validate.py must exist in both halves")
    elif a.read_bytes() != b.read_bytes():
        err("validate.py differs between halves")

    if "-v" in sys.argv:
        print("command categories (per half):")
        for k in sorted(dev_cats):
            print(f"  {k}: {dev_cats[k]}")
        print("script categories (per half):")
        for k in sorted(dev_plan):
            print(f"  {k[0]} {k[1]}: {dev_plan[k]}")
    if errors:
        for e in errors:
            print("FAIL", e)
        print(f"{len(errors)} problem(s)")
        return 1
    print("OK: both halves valid (300 commands + 80 scripts each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
