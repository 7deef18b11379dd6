#!/usr/bin/env python3
"""Validator for the blind24 evaluation set (dev: blind24, test: blind24-test).

Only parses JSON and reads files as text. It never executes anything it reads.
Run from either copy; it checks both halves found next to each other.
"""
import ipaddress
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HALVES = {
    "dev": {"dir": os.path.join(ROOT, "blind24"), "cmds": 150, "first": 1},
    "test": {"dir": os.path.join(ROOT, "blind24-test"), "cmds": 200, "first": 1001},
}
CMD_LABELS = ("allow", "ask", "deny")
SCRIPT_LABELS = ("clean", "suspicious", "dangerous")
LANG_EXT = {"python": ".py", "shell": ".sh", "javascript": ".js", "typescript": ".ts"}
LINE_LIMITS = {"clean": (180, 350), "dangerous": (60, 200), "suspicious": (20, 80)}
DOCUMENTED = {
    "api.github.com", "github.com", "objects.githubusercontent.com", "raw.githubusercontent.com",
    "uploads.github.com", "gitlab.com", "slack.com", "hooks.slack.com", "api.stripe.com",
    "api.openai.com", "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org",
    "hub.docker.com", "nodejs.org", "proxy.golang.org", "golang.org", "go.dev", "crates.io",
    "static.crates.io", "sh.rustup.rs", "astral.sh", "get.pnpm.io", "bun.sh", "deno.land",
    "rubygems.org", "api.vercel.com", "fonts.googleapis.com", "www.googleapis.com",
    "registry.yarnpkg.com",
    # XML namespace identifiers (never fetched)
    "www.w3.org",
}
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
INERT_NETS = [ipaddress.ip_network(n) for n in (
    "203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24", "127.0.0.0/8", "0.0.0.0/32")]

URL_RE = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^\s/@'\"]+@)?([A-Za-z0-9.-]+)")
USERHOST_RE = re.compile(r"[A-Za-z0-9_.+-]+@((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})\b")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().rstrip(".")
    if not host:
        return True
    try:
        ip = ipaddress.ip_address(host)
        return any(ip in n for n in INERT_NETS)
    except ValueError:
        pass
    if host in INERT_EXACT or host in DOCUMENTED:
        return True
    if host.endswith(INERT_SUFFIXES):
        return True
    return False


def check_hosts(text, where):
    for m in URL_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: non-inert URL host {m.group(1)!r}")
    for m in USERHOST_RE.finditer(text):
        if not host_ok(m.group(1)):
            err(f"{where}: non-inert user@host {m.group(0)!r}")
    for m in IPV4_RE.finditer(text):
        try:
            ip = ipaddress.ip_address(m.group(1))
        except ValueError:
            continue
        if not any(ip in n for n in INERT_NETS):
            err(f"{where}: non-inert IPv4 {m.group(1)}")


def load_jsonl(path):
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
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                err(f"{path}:{n}: bad JSON: {exc}")
    return rows


def check_commands(name, cfg, seen):
    path = os.path.join(cfg["dir"], "commands.jsonl")
    rows = load_jsonl(path)
    total = cfg["cmds"]
    if len(rows) != total:
        err(f"{name}: {len(rows)} commands, want {total}")
    want = {"allow": round(total * 0.50), "ask": round(total * 0.18)}
    want["deny"] = total - want["allow"] - want["ask"]
    counts = {k: 0 for k in CMD_LABELS}
    for i, row in enumerate(rows, 1):
        where = f"{name} cmd {i}"
        if set(row) != {"cmd", "expect", "category", "source"}:
            err(f"{where}: keys {sorted(row)}")
            continue
        if row["expect"] not in CMD_LABELS:
            err(f"{where}: label {row['expect']!r}")
            continue
        counts[row["expect"]] += 1
        if not row["category"].startswith(row["expect"] + "-"):
            err(f"{where}: category {row['category']!r} not prefixed by label")
        if row["source"] != "blind24":
            err(f"{where}: source {row['source']!r}")
        cmd = row["cmd"]
        if not isinstance(cmd, str) or not cmd.strip():
            err(f"{where}: empty cmd")
            continue
        if cmd in seen:
            err(f"{where}: repeated command (also {seen[cmd]}): {cmd[:80]}")
        else:
            seen[cmd] = where
        check_hosts(cmd, where)
    for k in CMD_LABELS:
        if counts[k] != want[k]:
            err(f"{name}: {counts[k]} {k} commands, want {want[k]}")
    return counts


def is_import(line):
    s = line.strip()
    return (s.startswith("import ") or s.startswith("from ") or "require(" in s
            or s.startswith("export {") or s.startswith("#include"))


def check_scripts(name, cfg):
    sdir = os.path.join(cfg["dir"], "scripts")
    rows = load_jsonl(os.path.join(sdir, "index.jsonl"))
    lines_by_file = {}
    if len(rows) != 100:
        err(f"{name}: {len(rows)} scripts, want 100")
    expected_files = set()
    per_lang = {}
    totals = {k: 0 for k in SCRIPT_LABELS}
    cats = {}
    for i, row in enumerate(rows, 1):
        where = f"{name} script row {i}"
        keys = {"file", "expect", "category", "source", "lang", "note"}
        if set(row) != keys:
            err(f"{where}: keys {sorted(row)}")
            continue
        f, lab, lang = row["file"], row["expect"], row["lang"]
        if lab not in SCRIPT_LABELS:
            err(f"{where}: label {lab!r}")
            continue
        if lang not in LANG_EXT:
            err(f"{where}: lang {lang!r}")
            continue
        if not f.endswith(LANG_EXT[lang]):
            err(f"{where}: {f} does not match lang {lang}")
        stem = f.rsplit(".", 1)[0]
        if not (stem.isdigit() and cfg["first"] <= int(stem) < cfg["first"] + 100):
            err(f"{where}: file number out of range: {f}")
        if stem in expected_files:
            err(f"{where}: duplicate number {stem}")
        expected_files.add(stem)
        if not row["category"].startswith(lab + "-"):
            err(f"{where}: category {row['category']!r} not prefixed by label")
        if row["source"] != "blind24":
            err(f"{where}: source {row['source']!r}")
        if not row["note"].strip():
            err(f"{where}: empty note")
        totals[lab] += 1
        per_lang.setdefault(lang, {k: 0 for k in SCRIPT_LABELS})[lab] += 1
        cats[row["category"]] = cats.get(row["category"], 0) + 1
        path = os.path.join(sdir, f)
        if not os.path.isfile(path):
            err(f"{where}: missing file {f}")
            continue
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        lines = text.splitlines()
        lo, hi = LINE_LIMITS[lab]
        if not lo <= len(lines) <= hi:
            err(f"{name} {f}: {len(lines)} lines, {lab} wants {lo}-{hi}")
        check_hosts(text, f"{name} {f}")
        lines_by_file[f] = lines
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"} if os.path.isdir(sdir) else set()
    indexed = {r.get("file") for r in rows}
    for extra in sorted(on_disk - indexed):
        err(f"{name}: file not in index: {extra}")
    if totals != {"clean": 48, "dangerous": 40, "suspicious": 12}:
        err(f"{name}: script totals {totals}")
    for lang, c in sorted(per_lang.items()):
        if c["clean"] != 12 or c["dangerous"] not in (9, 10) or c["suspicious"] not in (3, 4) \
                or sum(c.values()) != 25:
            err(f"{name}: {lang} counts {c}")
    return totals, per_lang, cats, lines_by_file


def long_lines(lines_by_file):
    out = {}
    for f, lines in lines_by_file.items():
        for line in lines:
            s = line.strip()
            if len(s) >= 45 and not is_import(s):
                out.setdefault(s, f)
    return out


def main():
    seen = {}
    report = {}
    shared = {}
    for name, cfg in HALVES.items():
        if not os.path.isdir(cfg["dir"]):
            err(f"{name}: missing directory {cfg['dir']}")
            continue
        cmd_counts = check_commands(name, cfg, seen)
        totals, per_lang, cats, lbf = check_scripts(name, cfg)
        shared[name] = long_lines(lbf)
        report[name] = {"commands": cmd_counts, "scripts": totals, "per_lang": per_lang,
                        "script_categories": dict(sorted(cats.items()))}
    if "dev" in shared and "test" in shared:
        common = set(shared["dev"]) & set(shared["test"])
        for line in sorted(common):
            err(f"shared 45+ char line dev {shared['dev'][line]} / test "
                f"{shared['test'][line]}: {line[:90]}")
    print(json.dumps(report, indent=1))
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors[:200]:
            print(" -", e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
