#!/usr/bin/env python3
"""Validator for the blind25 evaluation set.

Only parses JSON and reads files as text; never executes anything it reads.
Usage: python3 validate.py [--partial]   (run from either half; checks both halves
when both exist). --partial skips the total-count checks while the set is being written.
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEV = HERE.parent / "blind25"
TEST = HERE.parent / "blind25-test"

CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = {"allow", "ask", "deny"}
SCRIPT_LABELS = {"clean", "suspicious", "dangerous"}
EXT_LANG = {".py": "python", ".sh": "shell", ".js": "javascript", ".ts": "typescript"}
MIN_LINES = {"clean": 180, "dangerous": 60, "suspicious": 20}
MAX_LINES = {"clean": 350, "dangerous": 200, "suspicious": 80}
CMD_TOTAL = {"dev": 150, "test": 200}
CMD_SHARE = {"allow": 0.50, "ask": 0.18, "deny": 0.32}
DANGEROUS_PLAN = {
    "exfil": 7, "credential-harvest": 6, "trust-anchor": 4, "delete": 6,
    "supply-chain": 5, "persistence": 4, "download-exec": 3, "decode-exec": 3,
    "conditional": 2,
}
SUSPICIOUS_KINDS = {"env-dump", "secret-print", "dynamic-code", "unknown-host",
                    "broad-delete", "outside-write"}

DOCUMENTED_HOSTS = {
    "api.github.com", "github.com", "gitlab.com", "slack.com", "hooks.slack.com",
    "api.stripe.com", "api.openai.com", "sentry.io", "pypi.org", "files.pythonhosted.org",
    "registry.npmjs.org", "hub.docker.com", "nodejs.org", "discord.com",
    "api.telegram.org", "download.geofabrik.de", "ftp.ensembl.org",
    "ftp.ncbi.nlm.nih.gov", "hgdownload.soe.ucsc.edu", "marketplace.visualstudio.com",
    "open-vsx.org", "addons.mozilla.org", "app.launchdarkly.com",
    "sdk.launchdarkly.com", "api.configcat.com", "cdn-global.configcat.com",
    "mirrors.ctan.org", "export.arxiv.org", "api.zotero.org", "packages.ros.org",
    "raw.githubusercontent.com", "ftp.ebi.ac.uk", "ghcr.io", "www.openstreetmap.org",
    "api.mapbox.com", "s3.amazonaws.com", "login.microsoftonline.com",
    "marketplace.visualstudio.com", "gallery.vsassets.io", "chrome.google.com",
    "www.googleapis.com", "oauth2.googleapis.com", "api.unleash-hosted.com",
    "tile.openstreetmap.org", "data.geopf.fr", "services.nvd.nist.gov",
    "flagd.dev", "www.ecb.europa.eu", "discordapp.com",
    # XML namespace identifiers (never contacted)
    "schemas.microsoft.com", "www.google.com",
}
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost", ".internal")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}
DOC_NETS = ("203.0.113.", "198.51.100.", "192.0.2.", "127.", "0.0.0.0")

URL_RE = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://([^/\s'\"`:@)]+@)?([^/\s'\"`:?#)\\$}]+)")
USERHOST_RE = re.compile(r"(?<![\w@=.-])[A-Za-z0-9_.+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.])")

errors = []


def err(msg):
    errors.append(msg)


def host_ok(host):
    host = host.lower().rstrip(".")
    if not host or "$" in host or "{" in host:
        return True
    if host in INERT_EXACT or host in DOCUMENTED_HOSTS:
        return True
    if host.endswith(INERT_SUFFIXES):
        return True
    if IPV4_RE.fullmatch(host):
        return host.startswith(DOC_NETS)
    if "." not in host:  # bare names such as a rclone remote or a Docker service
        return True
    return False


def check_text_hosts(where, text):
    for m in URL_RE.finditer(text):
        scheme = m.group(0).split("://")[0].lower()
        if scheme in {"file", "s3", "gs", "sqlite", "postgresql", "postgres", "vscode", "chrome-extension", "moz-extension"}:
            continue
        host = m.group(2)
        if not host_ok(host):
            err(f"{where}: host not inert or documented: {host}")
    for m in USERHOST_RE.finditer(text):
        host = m.group(1)
        if host.split(".")[-1].isdigit() and not IPV4_RE.fullmatch(host):
            continue
        if re.fullmatch(r"[\d.]+", host) and not IPV4_RE.fullmatch(host):
            continue
        if not host_ok(host):
            err(f"{where}: user@host not inert: {m.group(0)}")
    for m in IPV4_RE.finditer(text):
        ip = m.group(1)
        parts = [int(p) for p in ip.split(".")]
        if any(p > 255 for p in parts):
            continue
        if not ip.startswith(DOC_NETS):
            err(f"{where}: IPv4 not in documentation ranges: {ip}")


def load_jsonl(path, keys):
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            err(f"{path}:{n}: blank line")
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            err(f"{path}:{n}: bad JSON: {exc}")
            continue
        if set(row) != keys:
            err(f"{path}:{n}: keys {sorted(row)}")
        if row.get("source") != "blind25":
            err(f"{path}:{n}: source must be blind25")
        rows.append((n, row))
    return rows


def check_commands(half, base, partial):
    path = base / "commands.jsonl"
    if not path.exists():
        err(f"{path} missing")
        return []
    rows = load_jsonl(path, CMD_KEYS)
    labels = Counter()
    for n, row in rows:
        exp, cat = row.get("expect"), row.get("category", "")
        if exp not in CMD_LABELS:
            err(f"{path}:{n}: bad expect {exp}")
        if not cat.startswith(f"{exp}-") or len(cat) <= len(exp) + 1:
            err(f"{path}:{n}: category {cat} not prefixed by {exp}-")
        labels[exp] += 1
        check_text_hosts(f"{path}:{n}", row.get("cmd", ""))
    total = len(rows)
    if not partial:
        if total != CMD_TOTAL[half]:
            err(f"{path}: {total} commands, want {CMD_TOTAL[half]}")
        for lab, share in CMD_SHARE.items():
            want = round(CMD_TOTAL[half] * share)
            if labels[lab] != want:
                err(f"{path}: {labels[lab]} {lab}, want {want}")
    return [row["cmd"] for _, row in rows if "cmd" in row]


def script_lines(text):
    return text.splitlines()


def check_scripts(half, base, partial):
    sdir = base / "scripts"
    idx_path = sdir / "index.jsonl"
    if not idx_path.exists():
        err(f"{idx_path} missing")
        return {}
    rows = load_jsonl(idx_path, IDX_KEYS)
    lo, hi = (1, 100) if half == "dev" else (1001, 1100)
    seen = set()
    per_lang = Counter()
    dang = Counter()
    susp = Counter()
    texts = {}
    for n, row in rows:
        f = row.get("file", "")
        exp, cat, lang = row.get("expect"), row.get("category", ""), row.get("lang")
        if f in seen:
            err(f"{idx_path}:{n}: duplicate file {f}")
        seen.add(f)
        stem, dot, ext = f.partition(".")
        if not stem.isdigit() or not (lo <= int(stem) <= hi) or len(stem) != 4:
            err(f"{idx_path}:{n}: bad file name {f}")
        if EXT_LANG.get("." + ext) != lang:
            err(f"{idx_path}:{n}: extension/lang mismatch {f} {lang}")
        if exp not in SCRIPT_LABELS:
            err(f"{idx_path}:{n}: bad expect {exp}")
            continue
        if not cat.startswith(f"{exp}-") or len(cat) <= len(exp) + 1:
            err(f"{idx_path}:{n}: category {cat} not prefixed by {exp}-")
        if not row.get("note", "").strip():
            err(f"{idx_path}:{n}: empty note")
        per_lang[(lang, exp)] += 1
        kind = cat[len(exp) + 1:]
        if exp == "dangerous":
            dang[kind] += 1
            if kind not in DANGEROUS_PLAN:
                err(f"{idx_path}:{n}: unknown dangerous kind {kind}")
        if exp == "suspicious":
            susp[kind] += 1
            if kind not in SUSPICIOUS_KINDS:
                err(f"{idx_path}:{n}: unknown suspicious kind {kind}")
        p = sdir / f
        if not p.exists():
            err(f"{p} missing")
            continue
        text = p.read_text(encoding="utf-8")
        texts[f] = text
        nlines = len(script_lines(text))
        if nlines < MIN_LINES[exp]:
            err(f"{p}: {exp} script has {nlines} lines (< {MIN_LINES[exp]})")
        if nlines > MAX_LINES[exp]:
            err(f"{p}: {exp} script has {nlines} lines (> {MAX_LINES[exp]})")
        check_text_hosts(str(p), text)
    on_disk = {p.name for p in sdir.iterdir() if p.name != "index.jsonl"}
    for extra in sorted(on_disk - seen):
        err(f"{sdir}: file {extra} not in index")
    if not partial:
        if len(rows) != 100:
            err(f"{idx_path}: {len(rows)} scripts, want 100")
        for lang in EXT_LANG.values():
            c, d, s = (per_lang[(lang, k)] for k in ("clean", "dangerous", "suspicious"))
            if c != 12 or d not in (9, 10) or s not in (3, 4) or c + d + s != 25:
                err(f"{half}: {lang} has clean={c} dangerous={d} suspicious={s}")
        if dict(dang) != DANGEROUS_PLAN:
            err(f"{half}: dangerous kinds {dict(dang)} != plan {DANGEROUS_PLAN}")
        if sum(susp.values()) != 12:
            err(f"{half}: {sum(susp.values())} suspicious, want 12")
    return texts


IMPORT_RE = re.compile(r"^\s*(import\b|from\s+\S+\s+import\b|const\s+.+?=\s*require\(|export\s+\*\s+from)")


def long_lines(texts):
    out = {}
    for f, text in texts.items():
        for line in text.splitlines():
            s = line.strip()
            if len(s) >= 45 and not IMPORT_RE.match(s):
                out.setdefault(s, f)
    return out


def summary(half, base):
    rows = [json.loads(l) for l in (base / "commands.jsonl").read_text().splitlines() if l.strip()]
    print(f"== {half} commands: {len(rows)}")
    for k, v in sorted(Counter(r["expect"] for r in rows).items()):
        print(f"   {k}: {v}")
    for k, v in sorted(Counter(r["category"] for r in rows).items()):
        print(f"     {k}: {v}")
    idx = base / "scripts" / "index.jsonl"
    srows = [json.loads(l) for l in idx.read_text().splitlines() if l.strip()]
    print(f"== {half} scripts: {len(srows)}")
    for k, v in sorted(Counter((r["lang"], r["expect"]) for r in srows).items()):
        print(f"   {k[0]}/{k[1]}: {v}")
    for k, v in sorted(Counter(r["category"] for r in srows).items()):
        print(f"     {k}: {v}")


def main():
    partial = "--partial" in sys.argv
    halves = [("dev", DEV)] + ([("test", TEST)] if (TEST / "commands.jsonl").exists() or not partial else [])
    cmds = {}
    texts = {}
    for half, base in halves:
        cmds[half] = check_commands(half, base, partial)
        texts[half] = check_scripts(half, base, partial)
        dup = [c for c, k in Counter(cmds[half]).items() if k > 1]
        for c in dup:
            err(f"{half}: repeated command: {c}")
    if "test" in cmds:
        for c in set(cmds["dev"]) & set(cmds["test"]):
            err(f"command in both halves: {c}")
        a, b = long_lines(texts["dev"]), long_lines(texts["test"])
        for s in sorted(set(a) & set(b)):
            err(f"shared 45+ char line {a[s]} / {b[s]}: {s[:80]}")
    mine, other = DEV / "validate.py", TEST / "validate.py"
    if mine.exists() and other.exists() and mine.read_text() != other.read_text():
        err("validate.py differs between blind25 and blind25-test")
    for e in errors:
        print("ERROR", e)
    if "--summary" in sys.argv:
        for half, base in halves:
            summary(half, base)
    print(f"{len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
