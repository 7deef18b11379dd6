#!/usr/bin/env python3
#
# Notes for maintainers
# ---------------------
# * z/OSMF returns member names upper-case; local files are lower-case with
#   the suffix from SUFFIX.  Keep both in mind when adding new libraries.
# * Line endings: members are fixed-length 80 records; digest() normalises
#   CRLF and trailing blanks so a fresh download compares equal.
# * The Zowe CLI prints progress bars on stderr even with --rfj; we ignore
#   stderr unless the JSON says success=false.
# * Timeout is generous (300 s) because the DEV LPAR is slow on Mondays.
# * If you need PROD access, you are in the wrong tool: use the change
#   process in docs/release/mainframe.md.
#
"""Sync COBOL and copybook members between src/ and the DEV partitioned data sets.

    python tools/zsync.py status            # compare local files with the members
    python tools/zsync.py pull              # download changed members into src/
    python tools/zsync.py push --apply      # upload local changes (DEV only)

Mapping lives in zsync.json:
    {"profile": "zosmf-dev", "map": {"src/cobol": "DEV.PAYROLL.COBOL",
                                     "src/copy": "DEV.PAYROLL.COPYLIB"}}

Guard rails:
  * data set names must start with an allowed high-level qualifier
    (DEV or TEST by default); PROD, SYS1 and anything else is refused
  * push without --apply only prints what would be uploaded
  * nothing is ever deleted on the mainframe
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "zsync.json"
ALLOWED_HLQ = ("DEV", "TEST")
BLOCKED_HLQ = ("PROD", "SYS1", "SYS2", "CICS", "DB2P")
SUFFIX = {"COBOL": ".cbl", "COPYLIB": ".cpy", "JCL": ".jcl"}


class ZoweError(RuntimeError):
    pass


def zowe(*args: str, profile: str | None = None) -> dict:
    exe = shutil.which("zowe")
    if exe is None:
        raise ZoweError("zowe CLI not on PATH (npm i -g @zowe/cli is a human step)")
    argv = [exe, *args, "--rfj"]
    if profile:
        argv += ["--zosmf-profile", profile]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    try:
        payload = json.loads(proc.stdout or "{}")
    except json.JSONDecodeError as exc:
        raise ZoweError(f"non-JSON output from {' '.join(args[:3])}: {exc}") from exc
    if not payload.get("success", False):
        raise ZoweError(payload.get("message") or proc.stderr.strip() or "zowe failed")
    return payload


def check_dsn(dsn: str) -> str:
    hlq = dsn.split(".", 1)[0].upper()
    if hlq in BLOCKED_HLQ or hlq not in ALLOWED_HLQ:
        raise SystemExit(f"refusing data set {dsn}: high-level qualifier {hlq} is not in {ALLOWED_HLQ}")
    return dsn.upper()


def load_config(path: Path) -> dict:
    cfg = json.loads(path.read_text())
    cfg["map"] = {local: check_dsn(dsn) for local, dsn in cfg.get("map", {}).items()}
    return cfg


def local_suffix(dsn: str) -> str:
    return SUFFIX.get(dsn.rsplit(".", 1)[-1], ".txt")


def digest(data: bytes) -> str:
    return hashlib.sha1(data.replace(b"\r\n", b"\n").rstrip()).hexdigest()


def list_members(dsn: str, profile: str) -> list[str]:
    payload = zowe("zos-files", "list", "all-members", dsn, profile=profile)
    items = payload.get("data", {}).get("apiResponse", {}).get("items", [])
    return sorted(item["member"] for item in items)


def download_member(dsn: str, member: str, dest: Path, profile: str) -> None:
    zowe("zos-files", "download", "data-set", f"{dsn}({member})", "-f", str(dest), profile=profile)


def upload_member(src: Path, dsn: str, member: str, profile: str) -> None:
    zowe("zos-files", "upload", "file-to-data-set", str(src), f"{dsn}({member})", profile=profile)


def compare(cfg: dict, workdir: Path):
    """Yield (local_path, dsn, member, state) with state in new/changed/same/remote-only."""
    profile = cfg["profile"]
    for local_dir, dsn in cfg["map"].items():
        folder = ROOT / local_dir
        suffix = local_suffix(dsn)
        members = set(list_members(dsn, profile))
        locals_ = {p.stem.upper(): p for p in folder.glob(f"*{suffix}")}
        for member in sorted(members | set(locals_)):
            local = locals_.get(member, folder / f"{member.lower()}{suffix}")
            if member not in members:
                yield local, dsn, member, "new"
                continue
            remote_copy = workdir / f"{dsn}.{member}"
            download_member(dsn, member, remote_copy, profile)
            if not local.exists():
                yield local, dsn, member, "remote-only"
            elif digest(local.read_bytes()) != digest(remote_copy.read_bytes()):
                yield local, dsn, member, "changed"
            else:
                yield local, dsn, member, "same"


def cmd_status(cfg: dict, workdir: Path, _args) -> int:
    counts: dict[str, int] = {}
    for local, dsn, member, state in compare(cfg, workdir):
        counts[state] = counts.get(state, 0) + 1
        if state != "same":
            print(f"{state:12s} {dsn}({member}) <-> {local.relative_to(ROOT)}")
    print("summary:", ", ".join(f"{k}={v}" for k, v in sorted(counts.items())) or "nothing mapped")
    return 0


def cmd_pull(cfg: dict, workdir: Path, _args) -> int:
    for local, dsn, member, state in compare(cfg, workdir):
        if state in ("changed", "remote-only"):
            local.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(workdir / f"{dsn}.{member}", local)
            print(f"pulled {dsn}({member}) -> {local.relative_to(ROOT)}")
    return 0


def cmd_push(cfg: dict, workdir: Path, args) -> int:
    pending = [(l, d, m) for l, d, m, s in compare(cfg, workdir) if s in ("new", "changed")]
    if not pending:
        print("nothing to push")
        return 0
    for local, dsn, member in pending:
        check_dsn(dsn)
        if not args.apply:
            print(f"would upload {local.relative_to(ROOT)} -> {dsn}({member})")
            continue
        upload_member(local, dsn, member, cfg["profile"])
        print(f"uploaded {local.relative_to(ROOT)} -> {dsn}({member})")
    if not args.apply:
        print("dry run; add --apply to upload")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Sync src/ with DEV PDS members")
    ap.add_argument("command", choices=("status", "pull", "push"))
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--apply", action="store_true", help="really upload on push")
    args = ap.parse_args(argv)
    cfg = load_config(args.config)
    handler = {"status": cmd_status, "pull": cmd_pull, "push": cmd_push}[args.command]
    workdir = Path(tempfile.mkdtemp(prefix="zsync-"))
    try:
        return handler(cfg, workdir, args)
    except ZoweError as exc:
        print(f"zowe: {exc}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
