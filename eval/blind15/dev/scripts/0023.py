#!/usr/bin/env python3
"""Run the repository's security scanners and merge their findings.

Scanners (each optional, skipped if not installed):
  trivy fs, semgrep, gitleaks, npm audit (web/), cargo audit (crates/)

Writes reports/security/summary.json and summary.md and exits non-zero when
anything at or above --fail-on is found. Scratch output goes to
./build/scan-tmp which is removed at the end.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path.cwd()
SCRATCH = ROOT / "build" / "scan-tmp"
REPORTS = ROOT / "reports" / "security"
SEVERITIES = ["low", "medium", "high", "critical"]


@dataclass
class Finding:
    tool: str
    severity: str
    rule: str
    location: str
    message: str


def norm_sev(value: str | None) -> str:
    v = (value or "low").lower()
    return {"error": "high", "warning": "medium", "info": "low", "moderate": "medium"}.get(v, v)


def run_trivy() -> list[Finding]:
    out = SCRATCH / "trivy.json"
    argv = ["trivy", "fs", "--quiet", "--format", "json", "--output", str(out),
            "--scanners", "vuln,misconfig", str(ROOT)]
    subprocess.run(argv, check=False)
    data = json.loads(out.read_text()) if out.exists() else {}
    findings = []
    for result in data.get("Results", []):
        for v in result.get("Vulnerabilities") or []:
            findings.append(Finding("trivy", norm_sev(v.get("Severity")), v.get("VulnerabilityID", "?"),
                                    result.get("Target", "?"),
                                    f"{v.get('PkgName')} {v.get('InstalledVersion')}"))
        for m in result.get("Misconfigurations") or []:
            findings.append(Finding("trivy", norm_sev(m.get("Severity")), m.get("ID", "?"),
                                    result.get("Target", "?"), m.get("Title", "")))
    return findings


def run_semgrep() -> list[Finding]:
    argv = ["semgrep", "scan", "--config", "p/default", "--json", "--quiet", "--metrics=off", "src"]
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    data = json.loads(proc.stdout or "{}")
    return [
        Finding("semgrep", norm_sev(r["extra"].get("severity")), r.get("check_id", "?"),
                f"{r.get('path')}:{r['start']['line']}", r["extra"].get("message", "")[:200])
        for r in data.get("results", [])
    ]


def run_gitleaks() -> list[Finding]:
    out = SCRATCH / "gitleaks.json"
    argv = ["gitleaks", "detect", "--no-banner", "--redact", "--report-format", "json",
            "--report-path", str(out), "--source", str(ROOT)]
    subprocess.run(argv, check=False, capture_output=True)
    data = json.loads(out.read_text()) if out.exists() and out.stat().st_size else []
    return [Finding("gitleaks", "high", f.get("RuleID", "?"), f"{f.get('File')}:{f.get('StartLine')}",
                    "possible secret (redacted)") for f in data]


def run_npm_audit() -> list[Finding]:
    web = ROOT / "web"
    if not (web / "package-lock.json").exists():
        return []
    # constant command line; npm audit exits 1 when it finds anything
    proc = subprocess.run("npm audit --json --omit=dev || true", shell=True, cwd=web,
                          capture_output=True, text=True)
    data = json.loads(proc.stdout or "{}")
    return [Finding("npm-audit", norm_sev(v.get("severity")), name, "web/package-lock.json",
                    v.get("range", "")) for name, v in data.get("vulnerabilities", {}).items()]


def run_cargo_audit() -> list[Finding]:
    crates = ROOT / "crates"
    if not (crates / "Cargo.lock").exists():
        return []
    proc = subprocess.run(["cargo", "audit", "--json"], cwd=crates, capture_output=True, text=True)
    data = json.loads(proc.stdout or "{}")
    return [Finding("cargo-audit", norm_sev(v["advisory"].get("severity") or "medium"),
                    v["advisory"]["id"], v["package"]["name"], v["advisory"]["title"])
            for v in data.get("vulnerabilities", {}).get("list", [])]


SCANNERS = {"trivy": run_trivy, "semgrep": run_semgrep, "gitleaks": run_gitleaks,
            "npm": run_npm_audit, "cargo": run_cargo_audit}
BINARIES = {"trivy": "trivy", "semgrep": "semgrep", "gitleaks": "gitleaks", "npm": "npm",
            "cargo": "cargo"}


def write_reports(findings: list[Finding]) -> None:
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / "summary.json").write_text(json.dumps([asdict(f) for f in findings], indent=2))
    counts = Counter(f.severity for f in findings)
    lines = ["# Security scan", "", "| severity | count |", "| --- | --- |"]
    lines += [f"| {s} | {counts.get(s, 0)} |" for s in reversed(SEVERITIES)]
    lines += ["", "| tool | severity | rule | location |", "| --- | --- | --- | --- |"]
    for f in sorted(findings, key=lambda f: -SEVERITIES.index(f.severity)
                    if f.severity in SEVERITIES else 0):
        lines.append(f"| {f.tool} | {f.severity} | {f.rule} | {f.location} |")
    (REPORTS / "summary.md").write_text("\n".join(lines) + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", choices=sorted(SCANNERS))
    ap.add_argument("--fail-on", default="high", choices=SEVERITIES)
    ap.add_argument("--keep-scratch", action="store_true")
    args = ap.parse_args(argv)

    SCRATCH.mkdir(parents=True, exist_ok=True)
    findings: list[Finding] = []
    try:
        for name in args.only or SCANNERS:
            if shutil.which(BINARIES[name]) is None:
                print(f"skip {name}: not installed")
                continue
            print(f"running {name} ...", flush=True)
            try:
                got = SCANNERS[name]()
            except json.JSONDecodeError as exc:
                print(f"  {name}: unreadable output ({exc})", file=sys.stderr)
                continue
            print(f"  {len(got)} finding(s)")
            findings.extend(got)
    finally:
        if not args.keep_scratch:
            shutil.rmtree(SCRATCH, ignore_errors=True)
    write_reports(findings)
    threshold = SEVERITIES.index(args.fail_on)
    bad = [f for f in findings if f.severity in SEVERITIES and SEVERITIES.index(f.severity) >= threshold]
    print(f"{len(findings)} findings, {len(bad)} at or above {args.fail_on}; see {REPORTS}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
