#!/usr/bin/env python3
"""Validator for the blind15 evaluation set.

Reads files as text and parses JSON only. It never executes, imports or
evaluates anything from the data set.

Usage: python3 validate.py            (validates this half and its sibling)
       python3 validate.py DIR [DIR]  (explicit halves)
"""
import json
import os
import re
import sys
from collections import Counter

SOURCE = "blind15"
CMD_KEYS = {"cmd", "expect", "category", "source"}
IDX_KEYS = {"file", "expect", "category", "source", "lang", "note"}
CMD_LABELS = {"allow", "ask", "deny"}
SCRIPT_LABELS = {"clean", "suspicious", "dangerous"}
CMD_COUNTS = {"allow": 100, "ask": 35, "deny": 65}
LANG_EXT = {"python": ".py", "shell": ".sh", "javascript": ".js", "typescript": ".ts"}
MIN_LINES = {"clean": 150, "dangerous": 60, "suspicious": 20}
MAX_LINES = {"clean": 300, "dangerous": 200, "suspicious": 80}
# dangerous kinds per half (brief's list sums to 36; +1 exfil, +1 credential-harvest,
# +1 delete, +1 persistence to reach the required 40)
DANGEROUS_PLAN = {
    "exfil": 7, "credential-harvest": 5, "trust-anchor": 5, "delete": 6,
    "supply-chain": 4, "persistence": 5, "download-exec": 3, "decode-exec": 3,
    "conditional": 2,
}
SUSPICIOUS_PLAN = {
    "env-dump": 2, "secret-print": 2, "dynamic-code": 2, "unknown-host": 2,
    "broad-delete": 2, "outside-write": 2,
}

DOCUMENTED_HOSTS = {
    "api.github.com", "github.com", "uploads.github.com", "gitlab.com",
    "slack.com", "hooks.slack.com", "api.stripe.com", "api.openai.com",
    "sentry.io", "pypi.org", "files.pythonhosted.org", "registry.npmjs.org",
    "hub.docker.com", "registry-1.docker.io", "nodejs.org", "crates.io",
    "index.crates.io", "static.crates.io", "proxy.golang.org", "rubygems.org",
    "ghcr.io", "api.osv.dev", "semgrep.dev", "api.pagerduty.com",
    "events.pagerduty.com", "api.datadoghq.com",
}
DOCUMENTED_SUFFIXES = (".amazonaws.com", ".googleapis.com", ".sentry.io", ".slack.com")
INERT_SUFFIXES = (".example.com", ".example.net", ".example.org", ".test", ".invalid",
                  ".localhost")
INERT_EXACT = {"example.com", "example.net", "example.org", "localhost"}

URL_RE = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*)://([^\s/'\"`<>)\]}?#\\]*)")
USER_HOST_RE = re.compile(
    r"(?<![\w/.%+-])([A-Za-z0-9._%+-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})\b")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d])")
BARE_RE = re.compile(r"(?<![\w@/.-])((?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|xyz|ru|cn))\b(?![\w-]|\.[\w-])",
                     re.IGNORECASE)


def ip_ok(ip):
    parts = [int(p) for p in ip.split(".")]
    if any(p > 255 for p in parts):
        return True  # not an address (e.g. a version-like token); ignore
    if parts[0] == 127 or ip == "0.0.0.0":
        return True
    for net in ((192, 0, 2), (198, 51, 100), (203, 0, 113)):
        if tuple(parts[:3]) == net:
            return True
    return False


def host_kind(host):
    """Return 'inert', 'internal', 'documented', 'dynamic' or 'bad'."""
    h = host.lower().strip().rstrip(".")
    if not h or any(c in h for c in "${}%*<>|()"):
        return "dynamic"
    if h.startswith("["):
        return "inert" if h in ("[::1]",) else "bad"
    if re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", h):
        return "inert" if ip_ok(h) else "bad"
    if h in INERT_EXACT or h.endswith(INERT_SUFFIXES):
        return "inert"
    if h.endswith(".internal"):
        return "internal"
    if h in DOCUMENTED_HOSTS or h.endswith(DOCUMENTED_SUFFIXES):
        return "documented"
    if "." not in h:
        return "internal"  # single-label service names (db, redis, api)
    return "bad"


def scan_hosts(text):
    """Yield (host, kind) for every URL host, user@host and IPv4 literal."""
    for m in URL_RE.finditer(text):
        auth = m.group(2)
        auth = auth.rsplit("@", 1)[-1]
        if auth.startswith("["):
            host = auth.split("]")[0] + "]"
        else:
            host = auth.split(":")[0]
        if m.group(1).lower() in ("file", "s3", "gs", "op", "remote", "jdbc", "vault"):
            if m.group(1).lower() in ("s3", "gs", "op", "remote", "vault"):
                continue  # bucket / vault / item names, not hosts
        yield host, host_kind(host)
    for m in USER_HOST_RE.finditer(text):
        yield m.group(2), host_kind(m.group(2))
    for m in IPV4_RE.finditer(text):
        yield m.group(1), ("inert" if ip_ok(m.group(1)) else "bad")
    for m in BARE_RE.finditer(text):
        yield m.group(1), host_kind(m.group(1))


def read_jsonl(path, errors):
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    errors.append(f"{path}:{n}: blank line")
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    errors.append(f"{path}:{n}: bad JSON: {exc}")
    except OSError as exc:
        errors.append(f"{path}: {exc}")
    return rows


def is_import_line(s):
    return bool(re.match(r"^(import\s|from\s+\S+\s+import\s|export\s+\*\s+from|"
                         r"(const|let|var)\s+[\w{}\s,]+=\s*require\()", s))


def check_half(root, is_test, errors, report):
    cmds = read_jsonl(os.path.join(root, "commands.jsonl"), errors)
    if len(cmds) != 200:
        errors.append(f"{root}: {len(cmds)} commands, want 200")
    labels = Counter()
    cats = Counter()
    seen = set()
    for i, row in enumerate(cmds, 1):
        if set(row) != CMD_KEYS:
            errors.append(f"{root} cmd {i}: keys {sorted(row)}")
            continue
        if row["expect"] not in CMD_LABELS:
            errors.append(f"{root} cmd {i}: label {row['expect']}")
        if not row["category"].startswith(row["expect"] + "-"):
            errors.append(f"{root} cmd {i}: category {row['category']} not prefixed")
        if row["source"] != SOURCE:
            errors.append(f"{root} cmd {i}: source {row['source']}")
        if row["cmd"] in seen:
            errors.append(f"{root} cmd {i}: repeated command: {row['cmd']}")
        seen.add(row["cmd"])
        labels[row["expect"]] += 1
        cats[row["category"]] += 1
        for host, kind in scan_hosts(row["cmd"]):
            if kind == "bad":
                errors.append(f"{root} cmd {i}: host {host} not inert/documented")
    for lab, want in CMD_COUNTS.items():
        if labels[lab] != want:
            errors.append(f"{root}: {labels[lab]} {lab} commands, want {want}")
    multi = sum(1 for r in cmds if re.search(r"&&|\|\||;|\|", r.get("cmd", "")))
    report.append(f"{root}: commands {dict(labels)}; multi-stage {multi}")
    report.append(f"{root}: command categories {dict(sorted(cats.items()))}")

    sdir = os.path.join(root, "scripts")
    idx = read_jsonl(os.path.join(sdir, "index.jsonl"), errors)
    if len(idx) != 100:
        errors.append(f"{root}: {len(idx)} scripts in index, want 100")
    base = 1001 if is_test else 1
    want_names = {f"{n:04d}" for n in range(base, base + 100)}
    got_names = set()
    per_lang = Counter()
    per_lang_label = Counter()
    labels = Counter()
    kinds = Counter()
    line_info = {}
    lines_by_file = {}
    for i, row in enumerate(idx, 1):
        if set(row) != IDX_KEYS:
            errors.append(f"{root} index {i}: keys {sorted(row)}")
            continue
        f = row["file"]
        stem, ext = os.path.splitext(f)
        got_names.add(stem)
        if row["expect"] not in SCRIPT_LABELS:
            errors.append(f"{f}: label {row['expect']}")
        if not row["category"].startswith(row["expect"] + "-"):
            errors.append(f"{f}: category {row['category']} not prefixed")
        if row["source"] != SOURCE:
            errors.append(f"{f}: source")
        if LANG_EXT.get(row["lang"]) != ext:
            errors.append(f"{f}: lang {row['lang']} does not match extension")
        if not row["note"].strip():
            errors.append(f"{f}: empty note")
        per_lang[row["lang"]] += 1
        per_lang_label[(row["lang"], row["expect"])] += 1
        labels[row["expect"]] += 1
        kinds[row["category"]] += 1
        path = os.path.join(sdir, f)
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            errors.append(f"{f}: {exc}")
            continue
        lines = text.splitlines()
        lines_by_file[f] = lines
        n = len(lines)
        nonblank = sum(1 for l in lines if l.strip())
        line_info[f] = (n, nonblank)
        lab = row["expect"]
        if lab in MIN_LINES and n < MIN_LINES[lab]:
            errors.append(f"{f}: {lab} with {n} lines < {MIN_LINES[lab]}")
        if lab in MAX_LINES and n > MAX_LINES[lab]:
            errors.append(f"{f}: {lab} with {n} lines > {MAX_LINES[lab]}")
        for host, kind in scan_hosts(text):
            if kind == "bad":
                errors.append(f"{f}: host {host} not inert/documented")
            elif lab == "clean" and kind == "inert" and not re.fullmatch(
                    r"(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|.*\.localhost)", host.lower()):
                errors.append(f"{f}: clean script names attack-style host {host}")
    if got_names != want_names:
        errors.append(f"{root}: file numbering mismatch: missing "
                      f"{sorted(want_names - got_names)[:5]} extra {sorted(got_names - want_names)[:5]}")
    on_disk = {x for x in os.listdir(sdir) if x != "index.jsonl"} if os.path.isdir(sdir) else set()
    listed = {r.get("file") for r in idx}
    if on_disk != listed:
        errors.append(f"{root}: files on disk not in index: {sorted(on_disk - listed)}; "
                      f"in index not on disk: {sorted(listed - on_disk)}")
    for lang in LANG_EXT:
        if per_lang[lang] != 25:
            errors.append(f"{root}: {per_lang[lang]} {lang} scripts, want 25")
        if per_lang_label[(lang, "clean")] != 12:
            errors.append(f"{root}: {lang} clean {per_lang_label[(lang, 'clean')]}, want 12")
        if per_lang_label[(lang, "dangerous")] not in (9, 10):
            errors.append(f"{root}: {lang} dangerous {per_lang_label[(lang, 'dangerous')]}")
        if per_lang_label[(lang, "suspicious")] not in (3, 4):
            errors.append(f"{root}: {lang} suspicious {per_lang_label[(lang, 'suspicious')]}")
    if labels["dangerous"] != 40 or labels["suspicious"] != 12 or labels["clean"] != 48:
        errors.append(f"{root}: script labels {dict(labels)}")
    for k, want in DANGEROUS_PLAN.items():
        if kinds["dangerous-" + k] != want:
            errors.append(f"{root}: dangerous-{k} {kinds['dangerous-' + k]}, want {want}")
    for k, want in SUSPICIOUS_PLAN.items():
        if kinds["suspicious-" + k] != want:
            errors.append(f"{root}: suspicious-{k} {kinds['suspicious-' + k]}, want {want}")
    for c in kinds:
        lab, _, kind = c.partition("-")
        if lab == "dangerous" and kind not in DANGEROUS_PLAN:
            errors.append(f"{root}: unknown dangerous kind {c}")
        if lab == "suspicious" and kind not in SUSPICIOUS_PLAN:
            errors.append(f"{root}: unknown suspicious kind {c}")
    report.append(f"{root}: scripts {dict(labels)}; per lang "
                  f"{ {k: v for k, v in sorted(per_lang_label.items())} }")
    report.append(f"{root}: script categories {dict(sorted(kinds.items()))}")
    for lab in ("clean", "dangerous", "suspicious"):
        ns = [line_info[r['file']][0] for r in idx if r.get('expect') == lab and r.get('file') in line_info]
        if ns:
            report.append(f"{root}: {lab} lines min {min(ns)} max {max(ns)} total {sum(ns)}")
    return seen, lines_by_file


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    if len(argv) > 1:
        roots = argv[1:]
    else:
        if here.endswith("-test"):
            roots = [here[:-5], here]
        else:
            roots = [here, here + "-test"]
    errors, report = [], []
    halves = []
    for r in roots:
        halves.append(check_half(r, r.endswith("-test"), errors, report))
    if len(halves) == 2:
        dup = halves[0][0] & halves[1][0]
        for c in sorted(dup):
            errors.append(f"command repeated across halves: {c}")
        def long_lines(files):
            out = {}
            for f, lines in files.items():
                for l in lines:
                    s = l.strip()
                    if len(s) >= 45 and not is_import_line(s):
                        out.setdefault(s, f)
            return out
        a, b = long_lines(halves[0][1]), long_lines(halves[1][1])
        for s in sorted(set(a) & set(b)):
            errors.append(f"shared 45+ char line {a[s]} / {b[s]}: {s}")
    for line in report:
        print(line)
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print("OK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
