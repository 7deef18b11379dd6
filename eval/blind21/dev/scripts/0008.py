#!/usr/bin/env python3
"""Mirror the built docs site to the object-store remote configured in
deploy/mirror.toml using rclone.

Always runs `rclone sync --dry-run` first and shows the summary. The real
sync (which deletes remote files that no longer exist locally, inside the
configured bucket path only) needs --apply.

Safety checks before any sync:
  * the source dir exists and has an index.html (an empty or missing build
    would otherwise wipe the bucket),
  * the destination is exactly the remote:path from the config and has at
    least one path component after the bucket,
  * the deletion count in the dry run is below max_deletes.
"""
import argparse
import json
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "mirror.toml"

STAT_RE = re.compile(r"Transferred:\s+(\d+)\s*/\s*(\d+)")
DELETE_RE = re.compile(r"Deleted:\s+(\d+)")
NOTICE_DELETE_RE = re.compile(r"NOTICE: (.+?): Skipped delete as --dry-run is set")


def die(msg: str, code: int = 1):
    print(f"mirror: {msg}", file=sys.stderr)
    sys.exit(code)


def load_target(name: str) -> dict:
    cfg = tomllib.loads(CONFIG.read_text())
    targets = cfg.get("targets", {})
    if name not in targets:
        die(f"no target {name!r} in {CONFIG.name}; have {', '.join(targets)}")
    t = targets[name]
    for key in ("source", "remote", "path"):
        if not t.get(key):
            die(f"target {name} missing {key}")
    t.setdefault("max_deletes", 200)
    t.setdefault("extra_flags", [])
    return t


def destination(t: dict) -> str:
    path = t["path"].strip("/")
    if "/" not in path:
        die(f"refusing to sync to bucket root {t['remote']}:{path}; use a sub-path")
    return f"{t['remote']}:{path}"


def check_source(t: dict) -> Path:
    src = (ROOT / t["source"]).resolve()
    if ROOT not in src.parents:
        die(f"source {src} is outside the repository")
    if not (src / "index.html").exists():
        die(f"{src.relative_to(ROOT)} has no index.html; build the site first")
    files = sum(1 for p in src.rglob("*") if p.is_file())
    if files < 5:
        die(f"only {files} files in {src.relative_to(ROOT)}; looks like a broken build")
    return src


def rclone(args: list, capture: bool = True) -> subprocess.CompletedProcess:
    argv = ["rclone", *args]
    for attempt in range(3):
        res = subprocess.run(argv, capture_output=capture, text=True)
        if res.returncode == 0:
            return res
        if attempt < 2:
            wait = 3 * (attempt + 1)
            print(f"rclone exited {res.returncode}, retrying in {wait}s", file=sys.stderr)
            time.sleep(wait)
    if capture:
        sys.stderr.write(res.stderr[-4000:])
    die(f"rclone {args[0]} failed")


def sync_args(src: Path, dest: str, t: dict, dry: bool) -> list:
    args = ["sync", str(src), dest, "--checksum", "--fast-list",
            "--stats-one-line", "--stats", "0", "-v", *t["extra_flags"]]
    if t.get("cache_control"):
        args += ["--header-upload", f"Cache-Control: {t['cache_control']}"]
    if dry:
        args.append("--dry-run")
    return args


def count_deletes(output: str) -> list:
    return NOTICE_DELETE_RE.findall(output)


def write_report(target: str, deletes: list, applied: bool) -> None:
    out = ROOT / "build" / f"mirror-{target}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"target": target, "applied": applied,
                               "deletes": deletes, "at": time.time()}, indent=2))


def verify_remote(src: Path, dest: str) -> int:
    """After a real sync, `rclone check --one-way` confirms every local file
    is present remotely with the same hash. Returns the number of mismatches."""
    res = subprocess.run(["rclone", "check", str(src), dest, "--one-way", "--checksum"],
                         capture_output=True, text=True)
    missing = [l for l in res.stderr.splitlines() if "not in" in l or "differ" in l]
    for line in missing[:20]:
        print(f"    ! {line.strip()}")
    return len(missing)


def purge_local_cache(t: dict) -> None:
    """rclone's VFS cache for this target lives under build/; drop it so the
    next dry run does not compare against stale metadata."""
    cache = ROOT / "build" / "rclone-cache" / t["remote"]
    if cache.exists():
        shutil.rmtree(cache)
        print(f"  cleared {cache.relative_to(ROOT)}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("target", nargs="?", default="docs")
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--show-deletes", action="store_true")
    args = ap.parse_args()

    if shutil.which("rclone") is None:
        die("rclone is not installed")
    # constant command, only for the log header
    version = subprocess.run("rclone version | head -n 1", shell=True,
                             capture_output=True, text=True).stdout.strip()
    print(version)

    t = load_target(args.target)
    src = check_source(t)
    dest = destination(t)
    remotes = rclone(["listremotes"]).stdout.split()
    if f"{t['remote']}:" not in remotes:
        die(f"remote {t['remote']} is not configured in rclone.conf")

    print(f"dry run: {src.relative_to(ROOT)} -> {dest}")
    dry = rclone(sync_args(src, dest, t, dry=True))
    combined = dry.stdout + dry.stderr
    deletes = count_deletes(combined)
    print(f"  would delete {len(deletes)} remote files")
    if args.show_deletes:
        for d in deletes[:100]:
            print(f"    - {d}")
    m = STAT_RE.search(combined)
    if m:
        print(f"  would transfer {m.group(1)} of {m.group(2)} files")

    if len(deletes) > t["max_deletes"]:
        write_report(args.target, deletes, False)
        die(f"{len(deletes)} deletions exceeds max_deletes={t['max_deletes']}; "
            "check the build or raise the limit in mirror.toml", 3)
    if not args.apply:
        write_report(args.target, deletes, False)
        print("dry run only; pass --apply to sync")
        return 0

    print(f"syncing {src.relative_to(ROOT)} -> {dest}")
    rclone(sync_args(src, dest, t, dry=False), capture=False)
    write_report(args.target, deletes, True)
    bad = verify_remote(src, dest)
    if bad:
        die(f"{bad} files differ after sync", 4)
    purge_local_cache(t)
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
