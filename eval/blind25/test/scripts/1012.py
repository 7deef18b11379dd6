#!/usr/bin/env python3
"""Housekeeping for Nextflow runs launched from this project directory.

    python tools/nf_housekeeping.py report          table of runs, sizes, status
    python tools/nf_housekeeping.py prune --keep 3  `nextflow clean -f` all but the
                                                    last 3 successful runs (asks)
    python tools/nf_housekeeping.py orphans         work/ task dirs no run refers to
    python tools/nf_housekeeping.py orphans --rm    remove those (inside ./work only)

Everything is scoped to this launch directory: `nextflow log` only lists
runs started here, and orphan removal checks that every path resolves
under ./work before deleting it.
"""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

LAUNCH_DIR = Path(__file__).resolve().parents[1]
WORK_DIR = LAUNCH_DIR / "work"


def nextflow(*args: str, capture: bool = True) -> str:
    proc = subprocess.run(
        ["nextflow", *args], cwd=LAUNCH_DIR, text=True,
        capture_output=capture, check=False,
    )
    if proc.returncode != 0:
        err = (proc.stderr or "").strip().splitlines()[-1:] if capture else []
        raise SystemExit(f"nextflow {args[0]} failed: {' '.join(err)}")
    return proc.stdout if capture else ""


def runs() -> list[dict]:
    out = nextflow("log", "-q")
    names = [l.strip() for l in out.splitlines() if l.strip()]
    table = nextflow("log")
    status = {}
    for line in table.splitlines()[1:]:
        cols = [c.strip() for c in line.split("\t")]
        if len(cols) >= 6:
            status[cols[2]] = cols[3]
    return [{"name": n, "status": status.get(n, "?")} for n in names]


def task_dirs(run_name: str) -> list[Path]:
    out = nextflow("log", run_name, "-f", "workdir")
    return [Path(l.strip()) for l in out.splitlines() if l.strip()]


def dir_size(path: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(path, followlinks=False):
        for f in files:
            try:
                total += os.lstat(os.path.join(root, f)).st_size
            except OSError:
                pass
    return total


def human(n: float) -> str:
    for unit in ("B", "K", "M", "G", "T"):
        if n < 1024:
            return f"{n:.0f}{unit}"
        n /= 1024
    return f"{n:.0f}P"


def cmd_report(_args) -> int:
    all_runs = runs()
    print(f"{'run':<28} {'status':<8} {'tasks':>6} {'size':>8}")
    for r in all_runs:
        dirs = [d for d in task_dirs(r["name"]) if d.exists()]
        size = sum(dir_size(d) for d in dirs)
        print(f"{r['name']:<28} {r['status']:<8} {len(dirs):>6} {human(size):>8}")
    print(f"work/ total: {human(dir_size(WORK_DIR)) if WORK_DIR.exists() else '0B'}")
    return 0


def cmd_prune(args) -> int:
    ok = [r for r in runs() if r["status"] == "OK"]
    if len(ok) <= args.keep:
        print(f"only {len(ok)} successful run(s); nothing to prune")
        return 0
    keep_from = ok[-args.keep]["name"]
    preview = nextflow("clean", "-n", "-before", keep_from)
    lines = preview.strip().splitlines()
    print(f"would remove work files of {len(lines)} task(s) from runs before {keep_from}")
    for line in lines[:10]:
        print("   " + line)
    if not args.yes and input("proceed? [y/N] ").strip().lower() != "y":
        print("nothing removed")
        return 0
    nextflow("clean", "-f", "-before", keep_from, capture=False)
    return 0


def referenced_dirs() -> set:
    refs = set()
    for r in runs():
        refs.update(d.resolve() for d in task_dirs(r["name"]))
    return refs


def within_work(path: Path) -> bool:
    try:
        path.resolve().relative_to(WORK_DIR.resolve())
        return True
    except ValueError:
        return False


def orphan_dirs() -> list[Path]:
    if not WORK_DIR.exists():
        return []
    refs = referenced_dirs()
    found = []
    for prefix in WORK_DIR.iterdir():
        if not prefix.is_dir() or len(prefix.name) != 2:
            continue
        for task in prefix.iterdir():
            if task.is_dir() and task.resolve() not in refs:
                found.append(task)
    return sorted(found)


def cmd_orphans(args) -> int:
    orphans = orphan_dirs()
    total = sum(dir_size(o) for o in orphans)
    print(f"{len(orphans)} orphaned task dir(s), {human(total)}")
    if not args.rm:
        for o in orphans[:20]:
            print("   " + str(o.relative_to(LAUNCH_DIR)))
        return 0
    removed = 0
    for o in orphans:
        if not within_work(o) or o.is_symlink():
            print(f"skip {o}: outside work/ or a symlink")
            continue
        shutil.rmtree(o)
        removed += 1
    for prefix in WORK_DIR.iterdir():
        if prefix.is_dir() and not any(prefix.iterdir()):
            prefix.rmdir()
    print(f"removed {removed} orphaned task dir(s)")
    return 0


def cmd_last(_args) -> int:
    """Show the trace of the most recent run (read-only)."""
    all_runs = runs()
    if not all_runs:
        print("no runs recorded here")
        return 0
    last = all_runs[-1]["name"]
    print(nextflow("log", last, "-f", "name,status,exit,duration,realtime"))
    return 0


def main() -> int:
    if shutil.which("nextflow") is None:
        raise SystemExit("nextflow not on PATH")
    if not (LAUNCH_DIR / ".nextflow").exists():
        raise SystemExit("no .nextflow history in this directory")
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("report").set_defaults(fn=cmd_report)
    sub.add_parser("last").set_defaults(fn=cmd_last)
    prune = sub.add_parser("prune")
    prune.add_argument("--keep", type=int, default=3)
    prune.add_argument("--yes", action="store_true")
    prune.set_defaults(fn=cmd_prune)
    orph = sub.add_parser("orphans")
    orph.add_argument("--rm", action="store_true")
    orph.set_defaults(fn=cmd_orphans)
    args = parser.parse_args()
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
