#!/usr/bin/env python3
"""Repair ownership and modes of kiln's local data directories.

The dev stack (docker compose) mounts ``data/warehouse``, ``data/spool`` and
``run/`` into containers that write as root or as uid 70 (postgres).  Afterwards
the host user cannot clean or re-seed them.  This tool compares the tree with the
policy below and fixes what differs.

Policy (paths relative to the repository):

    data/warehouse   owner=me     dirs 2775  files 0664  (setgid so group sticks)
    data/spool       owner=me     dirs 0770  files 0660
    run              owner=me     dirs 0755  sockets untouched
    secrets          owner=me     dirs 0700  files 0600

``--fix`` applies chmod as the current user.  Files owned by someone else need
``--fix --sudo``; then ``sudo chown`` is invoked with an explicit, validated list
of paths inside the repository (never a glob, never a parent directory).
"""
from __future__ import annotations

import argparse
import logging
import os
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("kiln.perms")
REPO = Path(__file__).resolve().parents[1]
ME_UID = os.getuid()
ME_GID = os.getgid()


@dataclass(frozen=True)
class Rule:
    rel: str
    dir_mode: int
    file_mode: int | None


POLICY = [
    Rule("data/warehouse", 0o2775, 0o664),
    Rule("data/spool", 0o770, 0o660),
    Rule("run", 0o755, None),
    Rule("secrets", 0o700, 0o600),
]


@dataclass
class Finding:
    path: Path
    kind: str
    detail: str


def guard(path: Path) -> Path:
    resolved = path.resolve()
    if resolved == REPO or not resolved.is_relative_to(REPO):
        raise SystemExit(f"refusing {path}: resolves to {resolved}, outside the repository")
    return resolved


def scan(rule: Rule) -> list[Finding]:
    base = REPO / rule.rel
    if not base.exists():
        return []
    guard(base)
    findings: list[Finding] = []
    for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
        for name in [*dirnames, *filenames]:
            findings.extend(check(Path(dirpath) / name, rule))
    findings.extend(check(base, rule))
    return findings


def check(path: Path, rule: Rule) -> list[Finding]:
    try:
        st = path.lstat()
    except FileNotFoundError:
        return []
    if stat.S_ISLNK(st.st_mode) or stat.S_ISSOCK(st.st_mode):
        return []
    out: list[Finding] = []
    if st.st_uid != ME_UID:
        out.append(Finding(path, "owner", f"uid {st.st_uid}"))
    current = stat.S_IMODE(st.st_mode)
    wanted = rule.dir_mode if stat.S_ISDIR(st.st_mode) else rule.file_mode
    if wanted is not None and current != wanted:
        out.append(Finding(path, "mode", f"{current:04o} -> {wanted:04o}"))
    return out


def fix_modes(findings: list[Finding], policy: dict[Path, Rule]) -> int:
    changed = 0
    for f in findings:
        if f.kind != "mode":
            continue
        rule = next(r for base, r in policy.items() if f.path == base or f.path.is_relative_to(base))
        wanted = rule.dir_mode if f.path.is_dir() else rule.file_mode
        if wanted is None:
            continue
        try:
            os.chmod(f.path, wanted)
            changed += 1
        except PermissionError:
            LOG.warning("cannot chmod %s as %s (owned by someone else)", f.path, ME_UID)
    return changed


def fix_owners(findings: list[Finding]) -> int:
    paths = sorted({str(guard(f.path)) for f in findings if f.kind == "owner"})
    if not paths:
        return 0
    LOG.info("sudo chown %d:%d on %d path(s) inside the repository", ME_UID, ME_GID, len(paths))
    for start in range(0, len(paths), 200):
        batch = paths[start:start + 200]
        subprocess.run(["sudo", "chown", "--no-dereference", f"{ME_UID}:{ME_GID}", "--", *batch],
                       check=True)
    return len(paths)


def compose_running() -> bool:
    proc = subprocess.run(["docker", "compose", "ps", "--status=running", "--quiet"], cwd=REPO,
                          capture_output=True, text=True, check=False)
    return proc.returncode == 0 and bool(proc.stdout.strip())


def stale_sockets() -> list[Path]:
    """Sockets left in run/ by crashed containers block the next `compose up`."""
    run_dir = REPO / "run"
    if not run_dir.is_dir():
        return []
    stale = []
    for entry in run_dir.iterdir():
        try:
            st = entry.lstat()
        except FileNotFoundError:
            continue
        if stat.S_ISSOCK(st.st_mode) and st.st_uid != ME_UID:
            stale.append(entry)
    return stale


def report_json(findings: list[Finding]) -> Path:
    import json

    out = REPO / "out" / "perms-report.json"
    out.parent.mkdir(exist_ok=True, parents=True)
    out.write_text(json.dumps([{"path": str(f.path.relative_to(REPO)), "kind": f.kind,
                                "detail": f.detail} for f in findings], indent=2) + "\n")
    return out


def summarize(findings: list[Finding]) -> None:
    by_kind: dict[str, int] = {}
    for f in findings:
        by_kind[f.kind] = by_kind.get(f.kind, 0) + 1
    for f in findings[:40]:
        print(f"{f.kind:6} {f.path.relative_to(REPO)}  ({f.detail})")
    if len(findings) > 40:
        print(f"... {len(findings) - 40} more")
    print(", ".join(f"{k}: {v}" for k, v in sorted(by_kind.items())) or "no findings")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="fix kiln data dir permissions")
    parser.add_argument("--fix", action="store_true")
    parser.add_argument("--sudo", action="store_true", help="allow sudo chown for foreign-owned files")
    parser.add_argument("--only", choices=[r.rel for r in POLICY], action="append")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rules = [r for r in POLICY if not args.only or r.rel in args.only]
    policy = {guard(REPO / r.rel): r for r in rules if (REPO / r.rel).exists()}
    findings = [f for r in rules for f in scan(r)]
    summarize(findings)
    LOG.info("report: %s", report_json(findings).relative_to(REPO))
    for sock in stale_sockets():
        LOG.warning("socket %s is owned by another uid; remove it after stopping the stack",
                    sock.relative_to(REPO))
    if not findings or not args.fix:
        if findings:
            print("run with --fix (and --sudo for ownership) to repair")
        return 1 if findings else 0
    if compose_running():
        LOG.error("stop the compose stack first (docker compose stop)")
        return 2
    if args.sudo:
        fix_owners(findings)
    elif any(f.kind == "owner" for f in findings):
        LOG.warning("some paths are owned by other users; re-run with --sudo to chown them")
    changed = fix_modes(findings, policy)
    LOG.info("%d mode(s) changed", changed)
    remaining = [f for r in rules for f in scan(r)]
    print(f"{len(remaining)} finding(s) remain")
    return 0 if not remaining else 1


if __name__ == "__main__":
    sys.exit(main())
