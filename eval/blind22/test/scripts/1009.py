#!/usr/bin/env python3
"""Pre-merge security gate for the orbit monorepo.

Runs, per changed service directory:
  * semgrep with the repo's rules (.semgrep/) on the changed files only
  * osv-scanner on the service's lockfiles
  * detect-secrets on the diff, with values replaced by a keyed hash so the
    report can be compared between runs without containing the secret

Writes reports/gate/<service>.json and a summary table. The hash key is
generated per machine and stored in .cache/gate-key (0600); the raw scanner
output lives only in memory.
"""
import argparse
import hashlib
import hmac
import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

TOP = Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                          text=True, check=True).stdout.strip())
SERVICES = TOP / "services"
OUT = TOP / "reports" / "gate"
KEY_FILE = TOP / ".cache" / "gate-key"


def hash_key() -> bytes:
    if not KEY_FILE.exists():
        KEY_FILE.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(KEY_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32))
    return bytes.fromhex(KEY_FILE.read_text().strip())


def fingerprint(value: str, key: bytes) -> str:
    return hmac.new(key, value.encode(), hashlib.sha256).hexdigest()[:16]


def changed_files(base: str) -> list[Path]:
    out = subprocess.check_output(["git", "diff", "--name-only", "--diff-filter=ACMR", f"{base}...HEAD"],
                                  cwd=TOP, text=True)
    return [TOP / p for p in out.splitlines() if p]


def by_service(files: list[Path]) -> dict[str, list[Path]]:
    groups: dict[str, list[Path]] = {}
    for f in files:
        try:
            rel = f.relative_to(SERVICES)
        except ValueError:
            continue
        groups.setdefault(rel.parts[0], []).append(f)
    return groups


def semgrep(files: list[Path]) -> list[dict]:
    code_files = [str(f) for f in files if f.suffix in {".py", ".go", ".ts", ".js"} and f.exists()]
    if not code_files:
        return []
    res = subprocess.run(["semgrep", "scan", "--config", str(TOP / ".semgrep"), "--json", "--quiet",
                          "--metrics=off", *code_files], capture_output=True, text=True)
    if res.returncode not in (0, 1):
        raise RuntimeError(f"semgrep: {res.stderr[-300:]}")
    return [{"rule": r["check_id"], "file": r["path"], "line": r["start"]["line"],
             "severity": r["extra"]["severity"]} for r in json.loads(res.stdout)["results"]]


def osv(service_dir: Path) -> list[dict]:
    locks = [p for p in service_dir.iterdir() if p.name in {
        "poetry.lock", "package-lock.json", "pnpm-lock.yaml", "go.sum", "requirements.txt"}]
    found = []
    for lock in locks:
        res = subprocess.run(["osv-scanner", "--format", "json", "--lockfile", str(lock)],
                             capture_output=True, text=True)
        if res.returncode not in (0, 1) or not res.stdout.strip():
            continue
        for result in json.loads(res.stdout).get("results", []):
            for pkg in result.get("packages", []):
                for vuln in pkg.get("vulnerabilities", []):
                    found.append({"lockfile": lock.name, "package": pkg["package"]["name"],
                                  "version": pkg["package"].get("version"), "id": vuln["id"]})
    return found


def detect_secrets(files: list[Path], key: bytes) -> list[dict]:
    existing = [str(f) for f in files if f.exists()]
    if not existing:
        return []
    res = subprocess.run(["detect-secrets", "scan", "--all-files", *existing],
                         capture_output=True, text=True, cwd=TOP)
    if res.returncode != 0:
        raise RuntimeError(f"detect-secrets: {res.stderr[-300:]}")
    data = json.loads(res.stdout)
    findings = []
    for filename, items in data.get("results", {}).items():
        for item in items:
            findings.append({
                "file": filename,
                "line": item.get("line_number"),
                "type": item.get("type"),
                # detect-secrets already gives a sha1; we re-key it so it can't be looked up
                "fingerprint": fingerprint(item.get("hashed_secret", ""), key),
            })
    return findings


def load_allowlist() -> set[tuple[str, str]]:
    """Accepted findings: lines of '<rule-or-id> <path>' in .gate-allow."""
    path = TOP / ".gate-allow"
    allowed: set[tuple[str, str]] = set()
    if path.exists():
        for raw in path.read_text().splitlines():
            line = raw.split("#", 1)[0].strip()
            if line:
                rule, _, target = line.partition(" ")
                allowed.add((rule, target.strip()))
    return allowed


def apply_allowlist(r: dict, allowed: set[tuple[str, str]]) -> dict:
    def keep(rule: str, target: str) -> bool:
        return (rule, target) not in allowed and (rule, "*") not in allowed

    return {
        "semgrep": [f for f in r["semgrep"] if keep(f["rule"], f["file"])],
        "osv": [f for f in r["osv"] if keep(f["id"], f["lockfile"])],
        "secrets": [f for f in r["secrets"] if keep(f["type"], f["file"])],
    }


def write_markdown(results: dict[str, dict]) -> None:
    lines = ["| service | semgrep | osv | secrets |", "|---|---:|---:|---:|"]
    for name, r in sorted(results.items()):
        lines.append(f"| {name} | {len(r['semgrep'])} | {len(r['osv'])} | {len(r['secrets'])} |")
    (OUT / "summary.md").write_text("\n".join(lines) + "\n")


def summarize(results: dict[str, dict]) -> int:
    blocking = 0
    print(f"{'service':<22}{'semgrep':>9}{'osv':>6}{'secrets':>9}")
    for name, r in sorted(results.items()):
        high = sum(1 for f in r["semgrep"] if f["severity"] == "ERROR")
        print(f"{name:<22}{len(r['semgrep']):>9}{len(r['osv']):>6}{len(r['secrets']):>9}")
        blocking += high + len(r["secrets"])
    return blocking


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="origin/main")
    ap.add_argument("--service", action="append")
    args = ap.parse_args()

    key = hash_key()
    groups = by_service(changed_files(args.base))
    if args.service:
        groups = {k: v for k, v in groups.items() if k in set(args.service)}
    if not groups:
        print("no service changes")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    results = {}
    allowed = load_allowlist()
    for name, files in groups.items():
        r = apply_allowlist({
            "semgrep": semgrep(files),
            "osv": osv(SERVICES / name),
            "secrets": detect_secrets(files, key),
        }, allowed)
        (OUT / f"{name}.json").write_text(json.dumps(r, indent=2))
        results[name] = r
    write_markdown(results)
    blocking = summarize(results)
    if blocking:
        print(f"{blocking} blocking finding(s); see reports/gate/")
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as exc:
        print(f"gate: {exc}", file=sys.stderr)
        sys.exit(2)
