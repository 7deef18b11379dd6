#!/usr/bin/env python3
"""Pre-release security sweep of this repository.

Runs the scanners we standardised on (gitleaks, bandit, semgrep, trivy fs) with
argv from the SCANNERS table, plus a small built-in pattern scan for things the
tools miss in our config templates. Findings are REDACTED before printing and the
combined report goes to reports/security/<date>.json. Nothing leaves the machine:
every scanner runs in offline / local-config mode.
"""
from __future__ import annotations

import argparse
import datetime as dt
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports" / "security"

SCANNERS = {
    "gitleaks": {
        "argv": ["gitleaks", "detect", "--source", "{root}", "--no-banner", "--redact",
                 "--report-format", "json", "--report-path", "{tmp}/gitleaks.json", "--exit-code", "0"],
        "report": "gitleaks.json",
    },
    "bandit": {
        "argv": ["bandit", "-r", "{root}/src", "-f", "json", "-o", "{tmp}/bandit.json", "-q", "--exit-zero"],
        "report": "bandit.json",
    },
    "semgrep": {
        "argv": ["semgrep", "scan", "--config", "{root}/.semgrep.yml", "--metrics", "off",
                 "--json", "--output", "{tmp}/semgrep.json", "{root}/src"],
        "report": "semgrep.json",
    },
    "trivy": {
        "argv": ["trivy", "fs", "--offline-scan", "--skip-db-update", "--format", "json",
                 "--output", "{tmp}/trivy.json", "--severity", "HIGH,CRITICAL", "{root}"],
        "report": "trivy.json",
    },
}

# patterns are data: they describe what a leaked secret looks like
PATTERNS = {
    "aws-access-key": re.compile(r"AKIA[0-9A-Z]{16}"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----"),
    "django-secret": re.compile(r"DJANGO_SECRET_KEY\s*=\s*['\"]?[^'\"\s]{20,}"),
    "slack-webhook": re.compile(r"hooks\.slack\.com/services/T[0-9A-Z]+/B[0-9A-Z]+/[0-9A-Za-z]+"),
    "generic-token": re.compile(r"(?i)(api[_-]?key|secret|token)\s*[:=]\s*['\"][0-9a-zA-Z_\-]{24,}['\"]"),
}
SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "build", "__pycache__", ".mypy_cache"}
SKIP_GLOBS = ["*.min.js", "*.lock", "*.png", "*.jpg", "*.gz", "*.whl"]
ALLOWLIST = ROOT / ".security-allowlist"


def load_allowlist() -> set[str]:
    if not ALLOWLIST.exists():
        return set()
    return {l.strip() for l in ALLOWLIST.read_text().splitlines() if l.strip() and not l.startswith("#")}


def redact(value: str) -> str:
    if len(value) <= 8:
        return "****"
    return value[:4] + "…" + f"[{len(value) - 4} chars]"


def walk(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if any(fnmatch.fnmatch(name, g) for g in SKIP_GLOBS):
                continue
            yield Path(dirpath) / name


def builtin_scan(root: Path, allow: set[str]) -> list[dict]:
    findings = []
    for path in walk(root):
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        rel = str(path.relative_to(root))
        for lineno, line in enumerate(text.splitlines(), 1):
            for rule, rx in PATTERNS.items():
                m = rx.search(line)
                if not m:
                    continue
                key = f"{rel}:{lineno}:{rule}"
                if key in allow:
                    continue
                findings.append({"rule": rule, "file": rel, "line": lineno, "match": redact(m.group(0))})
    return findings


def run_scanner(name: str, spec: dict, tmp: Path) -> dict:
    binary = spec["argv"][0]
    if shutil.which(binary) is None:
        return {"scanner": name, "status": "missing"}
    argv = [a.format(root=ROOT, tmp=tmp) for a in spec["argv"]]
    proc = subprocess.run(argv, capture_output=True, text=True)
    report = tmp / spec["report"]
    data = None
    if report.exists():
        try:
            data = json.loads(report.read_text() or "null")
        except json.JSONDecodeError:
            data = None
    return {"scanner": name, "status": "ok" if proc.returncode in (0, 1) else f"exit {proc.returncode}",
            "stderr_tail": proc.stderr.strip().splitlines()[-3:], "report": data}


def count_findings(result: dict) -> int:
    data = result.get("report")
    if data is None:
        return 0
    name = result["scanner"]
    if name == "gitleaks":
        return len(data or [])
    if name == "bandit":
        return len(data.get("results", []))
    if name == "semgrep":
        return len(data.get("results", []))
    if name == "trivy":
        return sum(len(r.get("Vulnerabilities") or []) for r in data.get("Results", []))
    return 0


def strip_secrets(result: dict) -> dict:
    # gitleaks already redacts; make sure no raw "Secret" or "Match" survives in our report
    data = result.get("report")
    if result["scanner"] == "gitleaks" and isinstance(data, list):
        for item in data:
            for key in ("Secret", "Match"):
                if key in item:
                    item[key] = redact(str(item[key]))
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="security sweep of this repo")
    ap.add_argument("--only", help="comma separated scanner names (or 'builtin')")
    ap.add_argument("--fail-on-findings", action="store_true")
    ap.add_argument("--keep-tmp", action="store_true")
    args = ap.parse_args(argv)

    wanted = set(args.only.split(",")) if args.only else set(SCANNERS) | {"builtin"}
    tmp = Path(tempfile.mkdtemp(prefix="secsweep-"))
    results = []
    total = 0
    try:
        for name, spec in SCANNERS.items():
            if name not in wanted:
                continue
            print(f"[{name}] running")
            res = strip_secrets(run_scanner(name, spec, tmp))
            n = count_findings(res)
            total += n
            print(f"[{name}] {res['status']}, {n} finding(s)")
            results.append(res)
        if "builtin" in wanted:
            found = builtin_scan(ROOT, load_allowlist())
            for f in found:
                print(f"[builtin] {f['file']}:{f['line']} {f['rule']} {f['match']}")
            total += len(found)
            results.append({"scanner": "builtin", "status": "ok", "report": found})
    finally:
        if args.keep_tmp:
            print(f"raw reports kept in {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    REPORTS.mkdir(parents=True, exist_ok=True)
    out = REPORTS / f"{dt.date.today().isoformat()}.json"
    out.write_text(json.dumps({"total": total, "results": results}, indent=2, default=str) + "\n")
    print(f"report: {out.relative_to(ROOT)} ({total} finding(s))")
    return 1 if (args.fail_on_findings and total) else 0


if __name__ == "__main__":
    sys.exit(main())
