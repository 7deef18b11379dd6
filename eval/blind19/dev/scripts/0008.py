#!/usr/bin/env python3
"""Version a new snapshot of the training data with DVC.

Steps (each can be skipped):
  1. pull the current data from the project remote (`dvc pull`)
  2. run the export job that writes data/raw/<date>/
  3. `dvc add` the new folder, commit the .dvc file on a branch
  4. `dvc push` to the project remote, only with --push
  5. prune the *local* cache of objects no longer referenced by the workspace

The remote is the project's own bucket configured in .dvc/config; this
script never deletes anything on the remote.
"""
import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA_RAW = ROOT / "data" / "raw"
EXPORT_CMD = [sys.executable, "-m", "pipelines.export_events"]
SCRATCH = ROOT / ".cache" / "snapshot"
KEEP_SNAPSHOTS = 5


def sh(*argv, capture=False, check=True):
    print("+", " ".join(map(str, argv)), flush=True)
    result = subprocess.run(list(map(str, argv)), cwd=ROOT, text=True, capture_output=capture)
    if check and result.returncode != 0:
        if capture:
            sys.stderr.write(result.stderr)
        raise SystemExit(f"{argv[0]} failed with exit code {result.returncode}")
    return result.stdout if capture else result.returncode


def git_clean():
    status = sh("git", "status", "--porcelain", "--", "data", "dvc.lock", capture=True)
    return not status.strip()


def current_branch():
    return sh("git", "rev-parse", "--abbrev-ref", "HEAD", capture=True).strip()


def dvc_remote():
    out = sh("dvc", "remote", "list", capture=True)
    remotes = [line.split()[0] for line in out.splitlines() if line.strip()]
    return remotes[0] if remotes else None


def export_snapshot(day, since_days):
    target = DATA_RAW / day
    if target.exists():
        raise SystemExit(f"{target.relative_to(ROOT)} already exists")
    SCRATCH.mkdir(parents=True, exist_ok=True)
    tmp = SCRATCH / day
    if tmp.exists():
        shutil.rmtree(tmp)
    env = dict(os.environ)
    env["EXPORT_OUT_DIR"] = str(tmp)
    env["EXPORT_SINCE_DAYS"] = str(since_days)
    print(f"exporting {since_days} day(s) of events into {tmp}")
    subprocess.run(EXPORT_CMD, cwd=ROOT, env=env, check=True)
    files = list(tmp.rglob("*.parquet"))
    if not files:
        raise SystemExit("export produced no parquet files")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(tmp), str(target))
    return target, files


def write_metadata(target, files):
    meta = {
        "created": datetime.datetime.utcnow().isoformat(timespec="seconds") + "Z",
        "files": len(files),
        "bytes": sum(f.stat().st_size for f in target.rglob("*.parquet")),
        "exporter": " ".join(EXPORT_CMD[1:]),
    }
    (target / "_meta.json").write_text(json.dumps(meta, indent=2))
    return meta


def snapshots():
    if not DATA_RAW.exists():
        return []
    return sorted(p for p in DATA_RAW.iterdir() if p.is_dir() and p.name[:4].isdigit())


def drop_old_from_workspace(keep):
    """Stop tracking old snapshots in the workspace; their data stays on the remote."""
    old = snapshots()[:-keep] if keep else []
    for folder in old:
        dvc_file = folder.with_suffix(".dvc")
        if dvc_file.exists():
            sh("dvc", "remove", dvc_file.relative_to(ROOT))
        if folder.exists():
            shutil.rmtree(folder)
        print(f"untracked {folder.name} (still recoverable with git checkout + dvc pull)")
    return old


def cache_usage():
    """Size of the local DVC cache, for the summary line."""
    cache = ROOT / ".dvc" / "cache"
    if not cache.exists():
        return 0
    total = 0
    for dirpath, _dirnames, filenames in os.walk(cache):
        for name in filenames:
            try:
                total += os.path.getsize(os.path.join(dirpath, name))
            except OSError:
                continue
    return total


def summarize():
    rows = []
    for folder in snapshots():
        meta_file = folder / "_meta.json"
        if meta_file.exists():
            meta = json.loads(meta_file.read_text())
            rows.append(f"  {folder.name}: {meta.get('files', '?')} files, {meta.get('bytes', 0) / 1e6:.1f} MB")
        else:
            rows.append(f"  {folder.name}: (no metadata)")
    print("tracked snapshots:")
    print("\n".join(rows) if rows else "  none")
    print(f"local cache: {cache_usage() / 1e9:.2f} GB")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--since-days", type=int, default=7)
    parser.add_argument("--skip-pull", action="store_true")
    parser.add_argument("--push", action="store_true", help="push the new snapshot to the DVC remote")
    parser.add_argument("--keep", type=int, default=KEEP_SNAPSHOTS)
    parser.add_argument("--branch", default=None)
    args = parser.parse_args()

    if shutil.which("dvc") is None:
        raise SystemExit("dvc not installed (pip install 'dvc[s3]')")
    if not git_clean():
        raise SystemExit("data/ or dvc.lock has uncommitted changes; commit or stash them first")

    remote = dvc_remote()
    if not args.skip_pull:
        if remote is None:
            print("no DVC remote configured, skipping pull")
        else:
            sh("dvc", "pull", "-r", remote)

    day = datetime.date.today().isoformat()
    branch = args.branch or f"data/snapshot-{day}"
    if current_branch() != branch:
        sh("git", "switch", "-c", branch)

    target, files = export_snapshot(day, args.since_days)
    meta = write_metadata(target, files)
    print(f"snapshot {day}: {meta['files']} files, {meta['bytes'] / 1e6:.1f} MB")

    sh("dvc", "add", target.relative_to(ROOT))
    dropped = drop_old_from_workspace(args.keep)
    to_add = [f"{target.relative_to(ROOT)}.dvc", "data/raw/.gitignore"]
    to_add += [f"{p.relative_to(ROOT)}.dvc" for p in dropped if Path(f"{p}.dvc").exists()]
    sh("git", "add", *to_add)
    sh("git", "commit", "-m", f"data: snapshot {day} ({meta['files']} files)")

    if args.push:
        if remote is None:
            raise SystemExit("--push given but no DVC remote configured")
        sh("dvc", "push", "-r", remote, f"{target.relative_to(ROOT)}.dvc")
    else:
        print("not pushed; run again with --push or `dvc push` when ready")

    # local cache only: objects not used by the current workspace
    sh("dvc", "gc", "--workspace", "--force", check=False)
    shutil.rmtree(SCRATCH, ignore_errors=True)
    summarize()
    print(f"done on branch {branch}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
