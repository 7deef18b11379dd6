#!/usr/bin/env python3
"""Keep the training data in sync between the workspace, the DVC remote and
Git LFS, and reclaim local disk space safely.

  python3 tools/datasync.py status
  python3 tools/datasync.py pull [--jobs 8]
  python3 tools/datasync.py push
  python3 tools/datasync.py gc            # show what `dvc gc` would drop
  python3 tools/datasync.py gc --apply    # push first, verify, then gc

`gc --apply` only ever runs `dvc gc --workspace` against the LOCAL cache
(never -c / --cloud), and only after `dvc status -c` reports that every
tracked output is present on the remote, so the local cache never holds the
only copy of anything it drops. Git LFS is pruned with --verify-remote.
"""
import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DVC_CACHE = ROOT / ".dvc" / "cache"


def die(msg: str, code: int = 1) -> None:
    print(f"datasync: {msg}", file=sys.stderr)
    sys.exit(code)


def run(argv: list, capture: bool = False, check: bool = True) -> subprocess.CompletedProcess:
    print("+ " + " ".join(argv))
    return subprocess.run(argv, cwd=ROOT, text=True, capture_output=capture, check=check)


def with_retries(argv: list, attempts: int = 4) -> None:
    delay = 2
    for i in range(1, attempts + 1):
        res = run(argv, check=False)
        if res.returncode == 0:
            return
        if i == attempts:
            die(f"{argv[0]} {argv[1]} failed after {attempts} attempts")
        print(f"  retrying in {delay}s")
        time.sleep(delay)
        delay *= 2


def du(path: Path) -> int:
    if not path.exists():
        return 0
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PiB"


def dvc_status_cloud() -> dict:
    res = run(["dvc", "status", "--cloud", "--json"], capture=True, check=False)
    if res.returncode != 0:
        die("dvc status --cloud failed:\n" + res.stderr)
    return json.loads(res.stdout or "{}")


def lfs_unpushed() -> list:
    res = run(["git", "lfs", "status", "--porcelain"], capture=True, check=False)
    return [l for l in res.stdout.splitlines() if l.strip()]


def cmd_status(_args) -> int:
    cloud = dvc_status_cloud()
    if cloud:
        print(f"{len(cloud)} DVC outputs differ from the remote:")
        for path, states in list(cloud.items())[:30]:
            print(f"  {path}: {states}")
    else:
        print("DVC: workspace, cache and remote agree")
    pending = lfs_unpushed()
    print(f"LFS: {len(pending)} files with local changes")
    print(f"local DVC cache: {human(du(DVC_CACHE))}")
    print(f"local LFS store: {human(du(ROOT / '.git' / 'lfs' / 'objects'))}")
    return 0


def cmd_pull(args) -> int:
    with_retries(["git", "lfs", "pull"])
    with_retries(["dvc", "pull", "--jobs", str(args.jobs)])
    return cmd_status(args)


def cmd_push(args) -> int:
    with_retries(["git", "lfs", "push", "origin", "--all"])
    with_retries(["dvc", "push", "--jobs", str(args.jobs)])
    remaining = dvc_status_cloud()
    if remaining:
        die(f"{len(remaining)} outputs still not on the remote after push")
    print("everything pushed")
    return 0


def cmd_gc(args) -> int:
    before = du(DVC_CACHE)
    if not args.apply:
        print("dry run: these cache entries are not referenced by the workspace:")
        # dvc gc has no dry-run; list unused entries via `dvc cache` comparison
        used = run(["dvc", "data", "status", "--json", "--granular"], capture=True, check=False)
        print(used.stdout[:2000] or "  (could not compute; run with --apply after push)")
        print(f"local cache is {human(before)}; pass --apply to push, verify and collect")
        return 0

    cmd_push(args)
    if dvc_status_cloud():
        die("remote is missing data; not collecting")
    # local cache only: no --cloud, and --force just skips the interactive prompt
    run(["dvc", "gc", "--workspace", "--force"])
    run(["git", "lfs", "prune", "--verify-remote"])
    tmp = ROOT / ".dvc" / "tmp"
    if tmp.exists():
        shutil.rmtree(tmp)  # dvc's own scratch dir, recreated on demand
    after = du(DVC_CACHE)
    print(f"reclaimed {human(before - after)} (cache now {human(after)})")
    return 0


def cmd_verify(args) -> int:
    """Hash-check a sample of workspace files against their .dvc metadata."""
    import hashlib
    import yaml

    bad = 0
    checked = 0
    for meta in sorted(ROOT.rglob("*.dvc"))[: args.sample]:
        spec = yaml.safe_load(meta.read_text()) or {}
        for out in spec.get("outs", []):
            target = meta.parent / out["path"]
            if not target.is_file() or "md5" not in out:
                continue
            h = hashlib.md5()
            with target.open("rb") as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    h.update(chunk)
            checked += 1
            if h.hexdigest() != out["md5"]:
                bad += 1
                print(f"  MISMATCH {target.relative_to(ROOT)}")
    print(f"verified {checked} files, {bad} mismatches")
    return 1 if bad else 0


def preflight() -> None:
    for tool in ("git", "dvc"):
        if shutil.which(tool) is None:
            die(f"{tool} is not installed")
    if not (ROOT / ".dvc").is_dir():
        die("not a DVC repository")
    res = run(["git", "lfs", "version"], capture=True, check=False)
    if res.returncode != 0:
        die("git-lfs is not installed; see docs/data.md")


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("status", "pull", "push", "gc", "verify"):
        p = sub.add_parser(name)
        p.add_argument("--jobs", type=int, default=4)
        if name == "gc":
            p.add_argument("--apply", action="store_true")
        if name == "verify":
            p.add_argument("--sample", type=int, default=50)
    args = ap.parse_args()
    preflight()
    handlers = {"status": cmd_status, "pull": cmd_pull, "push": cmd_push,
                "gc": cmd_gc, "verify": cmd_verify}
    return handlers[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
