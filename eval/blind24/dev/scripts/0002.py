#!/usr/bin/env python3
"""Install (or remove) this repository's git hooks.

The hook bodies are committed under tools/hooks/. This script copies them into
the *current repository's* hooks directory (as reported by git itself), keeps a
backup of any hook it replaces, and can restore those backups with --uninstall.

    python tools/install_hooks.py            # install
    python tools/install_hooks.py --status   # show what is installed
    python tools/install_hooks.py --uninstall
"""
import argparse
import filecmp
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

HOOK_NAMES = ("pre-commit", "commit-msg", "pre-push")
MARKER = "# managed-by: tools/install_hooks.py"
BACKUP_SUFFIX = ".pre-install"
STATE_FILE = "installed-hooks.json"


def log(*parts):
    print("[hooks]", *parts, file=sys.stderr)


def die(*parts):
    log("error:", *parts)
    sys.exit(2)


def git(*args, cwd=None):
    proc = subprocess.run(
        ["git", *args], cwd=cwd, capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        die(f"git {' '.join(args)} failed: {proc.stderr.strip()}")
    return proc.stdout.strip()


def repo_root() -> Path:
    return Path(git("rev-parse", "--show-toplevel"))


def hooks_dir(root: Path) -> Path:
    # Respect worktrees: --git-path resolves to the right common dir.
    configured = subprocess.run(
        ["git", "config", "--local", "--get", "core.hooksPath"],
        cwd=root, capture_output=True, text=True,
    ).stdout.strip()
    if configured:
        die(
            f"core.hooksPath is set to {configured!r}; this installer only manages "
            ".git/hooks. Unset it or use the committed .githooks flow."
        )
    path = Path(git("rev-parse", "--git-path", "hooks", cwd=root))
    if not path.is_absolute():
        path = root / path
    return path


def source_dir(root: Path) -> Path:
    src = root / "tools" / "hooks"
    if not src.is_dir():
        die(f"missing {src}")
    return src


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def is_managed(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            head = fh.read(400)
    except FileNotFoundError:
        return False
    return MARKER in head


def make_executable(path: Path) -> None:
    mode = path.stat().st_mode
    path.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def load_state(hdir: Path) -> dict:
    sf = hdir / STATE_FILE
    if sf.exists():
        return json.loads(sf.read_text())
    return {"hooks": {}}


def save_state(hdir: Path, state: dict) -> None:
    sf = hdir / STATE_FILE
    tmp = sf.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    os.replace(tmp, sf)


def install(root: Path, force: bool, dry_run: bool) -> int:
    hdir = hooks_dir(root)
    src = source_dir(root)
    state = load_state(hdir)
    changed = 0
    hdir.mkdir(parents=True, exist_ok=True)
    for name in HOOK_NAMES:
        body = src / name
        if not body.exists():
            log(f"skip {name}: no tools/hooks/{name}")
            continue
        if MARKER not in body.read_text(encoding="utf-8"):
            die(f"tools/hooks/{name} lacks the marker line; refusing to install")
        dest = hdir / name
        if dest.exists() and filecmp.cmp(body, dest, shallow=False):
            log(f"{name}: up to date")
            continue
        if dest.exists() and not is_managed(dest):
            backup = dest.with_name(name + BACKUP_SUFFIX)
            if backup.exists() and not force:
                die(f"{backup} already exists; pass --force to overwrite it")
            log(f"{name}: backing up existing hook to {backup.name}")
            if not dry_run:
                shutil.copy2(dest, backup)
        log(f"{name}: installing ({digest(body)})")
        if dry_run:
            continue
        shutil.copyfile(body, dest)
        make_executable(dest)
        state["hooks"][name] = {"sha": digest(body), "at": int(time.time())}
        changed += 1
    if not dry_run:
        save_state(hdir, state)
    log(f"{changed} hook(s) changed in {hdir}")
    return 0


def uninstall(root: Path, dry_run: bool) -> int:
    hdir = hooks_dir(root)
    state = load_state(hdir)
    for name in HOOK_NAMES:
        dest = hdir / name
        backup = hdir / (name + BACKUP_SUFFIX)
        if dest.exists() and is_managed(dest):
            log(f"{name}: removing managed hook")
            if not dry_run:
                dest.unlink()
        if backup.exists():
            log(f"{name}: restoring {backup.name}")
            if not dry_run:
                os.replace(backup, dest)
        state["hooks"].pop(name, None)
    if not dry_run:
        save_state(hdir, state)
    return 0


def status(root: Path) -> int:
    hdir = hooks_dir(root)
    src = source_dir(root)
    for name in HOOK_NAMES:
        dest = hdir / name
        if not dest.exists():
            print(f"{name:12} not installed")
        elif not is_managed(dest):
            print(f"{name:12} foreign hook present (not managed)")
        elif (src / name).exists() and filecmp.cmp(src / name, dest, shallow=False):
            print(f"{name:12} installed, current")
        else:
            print(f"{name:12} installed, outdated")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description="manage repository git hooks")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--uninstall", action="store_true")
    mode.add_argument("--status", action="store_true")
    ap.add_argument("--force", action="store_true", help="overwrite an older backup")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    if shutil.which("git") is None:
        die("git is not on PATH")
    root = repo_root()
    os.chdir(root)
    if args.status:
        return status(root)
    if args.uninstall:
        return uninstall(root, args.dry_run)
    return install(root, args.force, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
