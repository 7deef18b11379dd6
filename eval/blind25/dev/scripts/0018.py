#!/usr/bin/env python3
"""Remove stale conda environments created by this project's workflows.

Snakemake's --use-conda creates environments under .snakemake/conda/ and
our Makefile creates a named env per analysis. This tidies both up.
"""
import enum
import json
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_AGE_DAYS = 30


class EnvRoot(enum.Enum):
    SNAKEMAKE = ".snakemake/conda"
    NAMED = "envs"

    def path(self) -> Path:
        if self is EnvRoot.NAMED:
            return conda_base() / self.value
        return ROOT / self.value


def conda_base() -> Path:
    out = subprocess.run(["conda", "info", "--json"], capture_output=True, text=True)
    try:
        return Path(json.loads(out.stdout)["root_prefix"])
    except (ValueError, KeyError):
        return Path.home() / "miniforge3"


def _make_writable(func, path, _exc):
    os.chmod(path, stat.S_IWRITE | stat.S_IREAD | stat.S_IEXEC)
    func(path)


def age_days(p: Path) -> float:
    return (time.time() - p.stat().st_mtime) / 86400


def stale(root: Path, max_age: int):
    if not root.is_dir():
        return []
    return [p for p in root.iterdir() if p.is_dir() and age_days(p) > max_age]


def remove(paths, dry_run: bool) -> int:
    n = 0
    for p in paths:
        print(("would remove " if dry_run else "removing ") + str(p))
        if not dry_run:
            shutil.rmtree(p, onerror=_make_writable)
        n += 1
    return n


def main(argv):
    dry_run = "--dry-run" in argv
    max_age = MAX_AGE_DAYS
    for a in argv:
        if a.startswith("--days="):
            max_age = int(a.split("=", 1)[1])
    total = 0
    for root in EnvRoot:
        total += remove(stale(root.path(), max_age), dry_run)
    subprocess.run(["conda", "clean", "--tarballs", "--yes"], check=False,
                   stdout=subprocess.DEVNULL)
    print(f"{total} environment(s) {'to remove' if dry_run else 'removed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
