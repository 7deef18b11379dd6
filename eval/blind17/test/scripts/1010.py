#!/usr/bin/env python3
"""Pre-commit style secret and dependency audit for the `harvest` monorepo.

* scans tracked files (git ls-files) for credential shapes, printing only a
  fingerprint of each match (sha256 prefix), never the value
* checks committed .env* files against an allow-list (.env.example only)
* runs pip-audit against requirements/*.txt and `npm audit` for the web app,
  both read-only
* writes reports/audit.json; exit 1 if anything needs attention

It only reads the repository and talks to the vulnerability databases the two
audit tools use by default.
"""
import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                           check=True).stdout.strip())
REPORT = REPO / "reports" / "audit.json"

RULES = [
    ("github-pat", re.compile(r"\bghp_[A-Za-z0-9]{36}\b")),
    ("gitlab-pat", re.compile(r"\bglpat-[A-Za-z0-9_-]{20}\b")),
    ("stripe-live", re.compile(r"\bsk_live_[A-Za-z0-9]{20,}\b")),
    ("openai-key", re.compile(r"\bsk-(?:proj-)?[A-Za-z0-9_-]{32,}\b")),
    ("pem-private", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")),
    ("rails-master-key", re.compile(r"^[0-9a-f]{32}$")),
    ("password-assign", re.compile(r"(?i)\b(password|passwd|pwd)\s*[:=]\s*['\"][^'\"]{8,}['\"]")),
]
BINARY_EXT = {".png", ".jpg", ".gif", ".ico", ".pdf", ".zip", ".gz", ".woff", ".woff2", ".ttf", ".lock"}
ENV_ALLOW = {".env.example", ".env.sample"}
IGNORE_FILE = REPO / ".audit-ignore"


def tracked_files():
    out = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    return [REPO / p.decode() for p in out.split(b"\0") if p]


def fingerprint(value):
    return hashlib.sha256(value.encode()).hexdigest()[:12]


def ignored():
    if not IGNORE_FILE.exists():
        return set()
    return {l.strip() for l in IGNORE_FILE.read_text().splitlines() if l.strip() and not l.startswith("#")}


def scan_secrets(files, skip):
    hits = []
    for path in files:
        if path.suffix in BINARY_EXT or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        rel = str(path.relative_to(REPO))
        for n, line in enumerate(text.splitlines(), 1):
            for rule, rx in RULES:
                m = rx.search(line)
                if not m:
                    continue
                if rule == "rails-master-key" and not rel.endswith(".key"):
                    continue
                fp = fingerprint(m.group(0))
                if f"{rel}:{fp}" in skip:
                    continue
                hits.append({"file": rel, "line": n, "rule": rule, "fingerprint": fp})
    return hits


def committed_env_files(files):
    bad = []
    for p in files:
        name = p.name
        if name.startswith(".env") and name not in ENV_ALLOW:
            bad.append(str(p.relative_to(REPO)))
    return bad


def pip_audit():
    if not shutil.which("pip-audit"):
        return {"skipped": "pip-audit not installed"}
    results = {}
    for req in sorted((REPO / "requirements").glob("*.txt")):
        proc = subprocess.run(["pip-audit", "-r", str(req), "--format", "json", "--progress-spinner", "off"],
                              capture_output=True, text=True)
        try:
            data = json.loads(proc.stdout or "{}")
        except json.JSONDecodeError:
            data = {"error": proc.stderr[-500:]}
        vulns = [
            {"package": d["name"], "version": d["version"], "ids": [v["id"] for v in d.get("vulns", [])]}
            for d in data.get("dependencies", []) if d.get("vulns")
        ]
        results[req.name] = vulns
    return results


def npm_audit():
    web = REPO / "web"
    if not (web / "package-lock.json").exists() or not shutil.which("npm"):
        return {"skipped": "no web/package-lock.json or npm"}
    proc = subprocess.run(["npm", "audit", "--omit=dev", "--json"], cwd=web, capture_output=True, text=True)
    try:
        meta = json.loads(proc.stdout).get("metadata", {}).get("vulnerabilities", {})
    except json.JSONDecodeError:
        return {"error": proc.stderr[-500:]}
    return {k: meta.get(k, 0) for k in ("moderate", "high", "critical")}


def staged_only():
    """Files in the index, for use from a pre-commit hook entry."""
    out = subprocess.run(["git", "diff", "--cached", "--name-only", "-z", "--diff-filter=ACM"],
                         cwd=REPO, capture_output=True, check=True).stdout
    return [REPO / p.decode() for p in out.split(b"\0") if p]


def add_ignore(entry):
    """Record a reviewed false positive as <file>:<fingerprint> in .audit-ignore."""
    existing = ignored()
    if entry in existing:
        print(f"{entry} already ignored")
        return
    with IGNORE_FILE.open("a") as fh:
        fh.write(entry + "\n")
    print(f"ignored {entry}; commit .audit-ignore with a note in the PR")


def print_summary(report):
    print(f"scanned {report['files_scanned']} file(s): "
          f"{len(report['secrets'])} secret-like match(es), {len(report['env_files'])} env file(s)")


def needs_attention(report):
    if report["secrets"] or report["env_files"]:
        return True
    pa = report["pip_audit"]
    if isinstance(pa, dict) and any(isinstance(v, list) and v for v in pa.values()):
        return True
    na = report["npm_audit"]
    return bool(na.get("high") or na.get("critical")) if isinstance(na, dict) else False


def main():
    ap = argparse.ArgumentParser(description="secret + dependency audit")
    ap.add_argument("--no-deps", action="store_true", help="skip pip-audit / npm audit")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--staged", action="store_true", help="only files staged for commit")
    ap.add_argument("--ignore", metavar="FILE:FINGERPRINT")
    args = ap.parse_args()

    if args.ignore:
        add_ignore(args.ignore)
        return 0
    files = staged_only() if args.staged else tracked_files()
    report = {
        "files_scanned": len(files),
        "secrets": scan_secrets(files, ignored()),
        "env_files": committed_env_files(files),
        "pip_audit": {} if args.no_deps else pip_audit(),
        "npm_audit": {} if args.no_deps else npm_audit(),
    }
    REPORT.parent.mkdir(exist_ok=True, parents=True)
    REPORT.write_text(json.dumps(report, indent=2) + "\n")
    if not args.quiet:
        for h in report["secrets"]:
            print(f"secret? {h['file']}:{h['line']} [{h['rule']}] fp={h['fingerprint']}")
        for e in report["env_files"]:
            print(f"committed env file: {e}")
        print(f"pip-audit: {json.dumps(report['pip_audit'])[:300]}")
        print(f"npm audit: {json.dumps(report['npm_audit'])}")
        print(f"report: {REPORT.relative_to(REPO)}")
        print_summary(report)
    return 1 if needs_attention(report) else 0


if __name__ == "__main__":
    sys.exit(main())
