#!/usr/bin/env python3
"""Link this dotfiles repository into $HOME, backing up whatever is replaced.

This is the repo's own installer (see README: "run ./install.py --apply").
Without --apply it only prints the plan. Each managed file in home/ maps to the
same relative path under $HOME. Existing files that are not already our links
are moved to ~/.local/state/dotfiles/backup/<timestamp>/ before linking, and
--restore puts the newest backup back.

Only the names listed in MANIFEST are touched.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent
SRC = REPO / "home"
HOME = Path.home()
STATE = Path(os.environ.get("XDG_STATE_HOME", HOME / ".local" / "state")) / "dotfiles"
BACKUPS = STATE / "backup"
LEDGER = STATE / "links.json"

MANIFEST = [
    ".gitconfig",
    ".gitignore_global",
    ".tmux.conf",
    ".config/nvim/init.lua",
    ".config/nvim/lua/plugins.lua",
    ".config/alacritty/alacritty.toml",
    ".config/starship.toml",
    ".zshrc",
    ".zprofile",
    ".bashrc",
]
# files that are sourced by shells get extra confirmation
STARTUP = {".zshrc", ".zprofile", ".bashrc"}


class Plan:
    def __init__(self):
        self.link: list[tuple[Path, Path]] = []
        self.backup: list[Path] = []
        self.skip: list[tuple[Path, str]] = []

    def show(self):
        for dst, reason in self.skip:
            print(f"  skip    ~/{dst.relative_to(HOME)} ({reason})")
        for dst in self.backup:
            print(f"  backup  ~/{dst.relative_to(HOME)}")
        for src, dst in self.link:
            print(f"  link    ~/{dst.relative_to(HOME)} -> {src.relative_to(REPO)}")


def is_our_link(dst: Path, src: Path) -> bool:
    return dst.is_symlink() and Path(os.readlink(dst)) == src


def build_plan(names: list[str]) -> Plan:
    plan = Plan()
    for name in names:
        src = SRC / name
        dst = HOME / name
        if not src.exists():
            plan.skip.append((dst, "not in repo"))
            continue
        if is_our_link(dst, src):
            plan.skip.append((dst, "already linked"))
            continue
        if dst.exists() or dst.is_symlink():
            plan.backup.append(dst)
        plan.link.append((src, dst))
    return plan


def load_ledger() -> dict:
    if LEDGER.exists():
        return json.loads(LEDGER.read_text())
    return {"links": [], "backups": []}


def save_ledger(data: dict) -> None:
    STATE.mkdir(parents=True, exist_ok=True)
    LEDGER.write_text(json.dumps(data, indent=2) + "\n")


def apply(plan: Plan, confirm_startup: bool) -> None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup_root = BACKUPS / stamp
    ledger = load_ledger()
    for dst in plan.backup:
        rel = dst.relative_to(HOME)
        target = backup_root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(dst), str(target))
        print(f"  backed up ~/{rel} -> {target}")
    if plan.backup:
        ledger["backups"].append(stamp)
    for src, dst in plan.link:
        rel = str(dst.relative_to(HOME))
        if rel in STARTUP and confirm_startup:
            answer = input(f"  link shell startup file ~/{rel}? [y/N] ")
            if answer.strip().lower() != "y":
                print(f"  left ~/{rel} alone")
                continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.symlink_to(src)
        if rel not in ledger["links"]:
            ledger["links"].append(rel)
        print(f"  linked ~/{rel}")
    save_ledger(ledger)


def unlink_all() -> None:
    ledger = load_ledger()
    for rel in list(ledger["links"]):
        dst = HOME / rel
        if is_our_link(dst, SRC / rel):
            dst.unlink()
            print(f"  removed link ~/{rel}")
        ledger["links"].remove(rel)
    save_ledger(ledger)


def restore_latest() -> None:
    ledger = load_ledger()
    if not ledger["backups"]:
        print("no backups recorded")
        return
    stamp = ledger["backups"][-1]
    root = BACKUPS / stamp
    for path in sorted(root.rglob("*")):
        if path.is_dir():
            continue
        rel = path.relative_to(root)
        dst = HOME / rel
        if is_our_link(dst, SRC / rel):
            dst.unlink()
        if dst.exists():
            print(f"  ~/{rel} exists and is not our link; leaving backup in place")
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(path), str(dst))
        print(f"  restored ~/{rel}")
    shutil.rmtree(root, ignore_errors=True)
    ledger["backups"].pop()
    save_ledger(ledger)


def prune_backups(keep: int) -> None:
    if not BACKUPS.exists():
        return
    stamps = sorted(p for p in BACKUPS.iterdir() if p.is_dir())
    for old in stamps[:-keep] if keep else stamps:
        print(f"  removing backup {old.name}")
        shutil.rmtree(old)
    ledger = load_ledger()
    ledger["backups"] = [s for s in ledger["backups"] if (BACKUPS / s).exists()]
    save_ledger(ledger)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="link repo dotfiles into $HOME")
    ap.add_argument("names", nargs="*", help="subset of MANIFEST (default: all)")
    ap.add_argument("--apply", action="store_true", help="actually change $HOME")
    ap.add_argument("--yes", action="store_true", help="do not ask before startup files")
    ap.add_argument("--unlink", action="store_true")
    ap.add_argument("--restore", action="store_true")
    ap.add_argument("--prune-backups", type=int, metavar="KEEP")
    args = ap.parse_args(argv)

    names = args.names or MANIFEST
    unknown = [n for n in names if n not in MANIFEST]
    if unknown:
        sys.exit(f"not managed by this repo: {unknown}")

    if args.unlink:
        unlink_all()
        return 0
    if args.restore:
        restore_latest()
        return 0
    if args.prune_backups is not None:
        prune_backups(args.prune_backups)
        return 0

    plan = build_plan(names)
    print("plan:")
    plan.show()
    if not args.apply:
        print("dry run; re-run with --apply to make these changes")
        return 0
    apply(plan, confirm_startup=not args.yes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
