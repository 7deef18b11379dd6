#!/usr/bin/env python3
"""Run gitleaks and trivy over the repo and write a redacted report.

Raw scanner output contains the secrets it found. It goes to a private temp
directory that is deleted on exit; only the redacted summary is written to
reports/security/. Nothing is uploaded anywhere.
"""
import argparse
import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT_DIR = REPO / "reports" / "security"
SECRET_LIKE = re.compile(r"(?i)(key|token|secret|passw(or)?d|credential)")
SEVERITY_ORDER = ["CRITICAL", "HIGH", "MEDIUM", "LOW", "UNKNOWN"]

_workdir = Path(tempfile.mkdtemp(prefix="secscan-"))
os.chmod(_workdir, 0o700)


@atexit.register
def _cleanup() -> None:
    shutil.rmtree(_workdir, ignore_errors=True)


def redact(value: str, keep: int = 4) -> str:
    if not value:
        return ""
    if len(value) <= keep:
        return "*" * len(value)
    return value[:keep] + "*" * (len(value) - keep)


def scrub_line(line: str) -> str:
    # replace anything after = or : on a line that mentions a secret-like word
    if SECRET_LIKE.search(line):
        return re.sub(r"([=:]\s*)(\S+)", lambda m: m.group(1) + redact(m.group(2), 2), line)
    return line


def run_tool(argv: list, ok_codes=(0,)) -> subprocess.CompletedProcess:
    if shutil.which(argv[0]) is None:
        print(f"{argv[0]} not installed; skipping")
        return None
    print("+", " ".join(argv))
    res = subprocess.run(argv, cwd=REPO, capture_output=True, text=True)
    if res.returncode not in ok_codes:
        print(f"{argv[0]} exited {res.returncode}: {res.stderr.strip()[:300]}")
    return res


def gitleaks(history: bool) -> list:
    raw = _workdir / "gitleaks.json"
    argv = ["gitleaks", "detect", "--source", ".", "--report-format", "json",
            "--report-path", str(raw), "--exit-code", "0"]
    if not history:
        argv.append("--no-git")
    if run_tool(argv) is None or not raw.exists():
        return []
    findings = json.loads(raw.read_text() or "[]")
    cleaned = []
    for f in findings:
        cleaned.append({
            "rule": f.get("RuleID"),
            "file": f.get("File"),
            "line": f.get("StartLine"),
            "commit": (f.get("Commit") or "")[:10],
            "secret": redact(f.get("Secret", "")),
            "match": scrub_line(f.get("Match", ""))[:120],
        })
    return cleaned


def trivy() -> list:
    raw = _workdir / "trivy.json"
    argv = ["trivy", "fs", "--quiet", "--scanners", "vuln,misconfig",
            "--format", "json", "--output", str(raw), "."]
    if run_tool(argv) is None or not raw.exists():
        return []
    data = json.loads(raw.read_text())
    vulns = []
    for result in data.get("Results", []):
        for v in result.get("Vulnerabilities", []) or []:
            vulns.append({
                "target": result.get("Target"),
                "id": v.get("VulnerabilityID"),
                "pkg": v.get("PkgName"),
                "installed": v.get("InstalledVersion"),
                "fixed": v.get("FixedVersion") or "",
                "severity": v.get("Severity", "UNKNOWN"),
            })
        for m in result.get("Misconfigurations", []) or []:
            vulns.append({
                "target": result.get("Target"),
                "id": m.get("ID"),
                "pkg": "(config)",
                "installed": "",
                "fixed": "",
                "severity": m.get("Severity", "UNKNOWN"),
            })
    vulns.sort(key=lambda v: SEVERITY_ORDER.index(v["severity"]) if v["severity"] in SEVERITY_ORDER else 9)
    return vulns


def write_markdown(leaks: list, vulns: list, path: Path) -> None:
    sev = Counter(v["severity"] for v in vulns)
    lines = ["# Security scan", ""]
    lines.append(f"Secrets found: {len(leaks)} (values redacted)")
    lines.append("Vulnerabilities: " + ", ".join(f"{s} {sev[s]}" for s in SEVERITY_ORDER if sev[s]))
    lines.append("")
    if leaks:
        lines += ["## Secrets", "", "| rule | file | line | value |", "|---|---|---:|---|"]
        for f in leaks:
            lines.append(f"| {f['rule']} | {f['file']} | {f['line']} | `{f['secret']}` |")
        lines.append("")
    if vulns:
        lines += ["## Vulnerabilities", "", "| severity | id | package | installed | fixed |",
                  "|---|---|---|---|---|"]
        for v in vulns[:200]:
            lines.append(f"| {v['severity']} | {v['id']} | {v['pkg']} | {v['installed']} | {v['fixed']} |")
    path.write_text("\n".join(lines) + "\n")


def load_baseline(path: Path) -> set:
    """Fingerprints of findings the team already triaged (file:line:rule)."""
    if not path.exists():
        return set()
    keep = set()
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keep.add(line)
    return keep


def apply_baseline(leaks: list, baseline: set) -> list:
    fresh = []
    for f in leaks:
        fingerprint = f"{f['file']}:{f['line']}:{f['rule']}"
        if fingerprint in baseline:
            continue
        fresh.append(f)
    skipped = len(leaks) - len(fresh)
    if skipped:
        print(f"{skipped} finding(s) matched .gitleaks-baseline and were skipped")
    return fresh


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--history", action="store_true", help="scan git history too")
    ap.add_argument("--baseline", default=".gitleaks-baseline")
    ap.add_argument("--fail-on", default="HIGH", choices=SEVERITY_ORDER)
    ap.add_argument("--json", action="store_true", help="also write redacted JSON")
    args = ap.parse_args()

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    leaks = gitleaks(args.history)
    leaks = apply_baseline(leaks, load_baseline(REPO / args.baseline))
    vulns = trivy()

    md = OUT_DIR / "scan.md"
    write_markdown(leaks, vulns, md)
    print(f"wrote {md.relative_to(REPO)}")
    if args.json:
        js = OUT_DIR / "scan.json"
        js.write_text(json.dumps({"secrets": leaks, "vulnerabilities": vulns}, indent=2))
        print(f"wrote {js.relative_to(REPO)}")

    threshold = SEVERITY_ORDER.index(args.fail_on)
    bad = [v for v in vulns if v["severity"] in SEVERITY_ORDER[: threshold + 1]]
    if leaks or bad:
        print(f"{len(leaks)} secret(s), {len(bad)} vulnerability(ies) at or above {args.fail_on}")
        return 1
    print("clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
