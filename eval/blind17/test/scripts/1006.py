#!/usr/bin/env python3
"""Render this repo's dotfile templates for the current machine.

templates/*.tmpl use {{ key }} placeholders filled from machines/<hostname>.toml
(falling back to machines/default.toml). Rendered files are written to build/home/
first; `--install` copies them into $HOME after saving the previous versions in
~/.local/state/dotkit/backups/<timestamp>/. `--diff` shows what would change.

Nothing is installed without --install, and files outside the MANAGED list are
never touched.
"""
from __future__ import annotations

import argparse
import difflib
import filecmp
import os
import re
import shutil
import socket
import sys
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent
TEMPLATES = REPO / "templates"
MACHINES = REPO / "machines"
BUILD = REPO / "build" / "home"
STATE = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local" / "state")) / "dotkit"
BACKUPS = STATE / "backups"
PLACEHOLDER = re.compile(r"\{\{\s*([a-zA-Z0-9_.]+)\s*\}\}")

# template file -> destination relative to $HOME
MANAGED = {
    "gitconfig.tmpl": ".gitconfig",
    "ssh_config_hosts.tmpl": ".config/dotkit/ssh_hosts.conf",
    "kitty.conf.tmpl": ".config/kitty/kitty.conf",
    "wezterm.lua.tmpl": ".config/wezterm/wezterm.lua",
    "zshenv.tmpl": ".zshenv",
    "npmrc.tmpl": ".config/dotkit/npmrc.example",
}


def machine_values(host: str) -> dict:
    values: dict = {}
    for name in ("default", host):
        path = MACHINES / f"{name}.toml"
        if path.exists():
            values = deep_merge(values, tomllib.loads(path.read_text()))
    values.setdefault("host", host)
    return values


def deep_merge(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, v in b.items():
        out[k] = deep_merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def lookup(values: dict, dotted: str):
    cur = values
    for part in dotted.split("."):
        if not isinstance(cur, dict) or part not in cur:
            raise KeyError(dotted)
        cur = cur[part]
    return cur


def render(text: str, values: dict, name: str) -> str:
    missing = []

    def repl(m):
        try:
            return str(lookup(values, m.group(1)))
        except KeyError:
            missing.append(m.group(1))
            return m.group(0)

    out = PLACEHOLDER.sub(repl, text)
    if missing:
        raise SystemExit(f"{name}: no value for {', '.join(sorted(set(missing)))}")
    return out


def render_all(values: dict) -> list[tuple[Path, Path]]:
    if BUILD.exists():
        shutil.rmtree(BUILD)
    pairs = []
    for tmpl, dest in MANAGED.items():
        src = TEMPLATES / tmpl
        if not src.exists():
            print(f"warning: template {tmpl} missing")
            continue
        out = BUILD / dest
        out.parent.mkdir(exist_ok=True, parents=True)
        out.write_text(render(src.read_text(), values, tmpl))
        pairs.append((out, Path.home() / dest))
    return pairs


def show_diff(pairs) -> int:
    changed = 0
    for built, live in pairs:
        old = live.read_text().splitlines(keepends=True) if live.exists() else []
        new = built.read_text().splitlines(keepends=True)
        if old == new:
            continue
        changed += 1
        sys.stdout.writelines(difflib.unified_diff(old, new, fromfile=f"~/{live.relative_to(Path.home())}",
                                                   tofile=f"build/home/{built.relative_to(BUILD)}"))
    return changed


def install(pairs, confirm: bool) -> None:
    stamp = time.strftime("%Y%m%dT%H%M%S")
    backup_root = BACKUPS / stamp
    for built, live in pairs:
        if live.exists() and filecmp.cmp(built, live, shallow=False):
            continue
        rel = live.relative_to(Path.home())
        if confirm and input(f"replace ~/{rel}? [y/N] ").strip().lower() != "y":
            continue
        if live.exists() or live.is_symlink():
            target = backup_root / rel
            target.parent.mkdir(exist_ok=True, parents=True)
            shutil.copy2(live, target, follow_symlinks=False)
        live.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, live)
        print(f"installed ~/{rel}")
    if backup_root.exists():
        print(f"previous versions saved in {backup_root}")


def list_backups() -> None:
    if not BACKUPS.exists():
        print("no backups")
        return
    for d in sorted(BACKUPS.iterdir()):
        files = [p for p in d.rglob("*") if p.is_file()]
        print(f"{d.name}  {len(files)} file(s)")


def rollback(stamp: str) -> None:
    root = BACKUPS / stamp
    if not root.is_dir():
        raise SystemExit(f"no backup {stamp}")
    for f in sorted(root.rglob("*")):
        if f.is_file():
            dest = Path.home() / f.relative_to(root)
            shutil.copy2(f, dest)
            print(f"restored ~/{f.relative_to(root)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="render and install dotfile templates")
    ap.add_argument("--host", default=socket.gethostname().split(".")[0])
    ap.add_argument("--diff", action="store_true")
    ap.add_argument("--install", action="store_true")
    ap.add_argument("--yes", action="store_true", help="do not ask per file")
    ap.add_argument("--backups", action="store_true")
    ap.add_argument("--rollback", metavar="STAMP")
    args = ap.parse_args(argv)

    if args.backups:
        list_backups()
        return 0
    if args.rollback:
        rollback(args.rollback)
        return 0
    values = machine_values(args.host)
    pairs = render_all(values)
    print(f"rendered {len(pairs)} file(s) for {args.host} into {BUILD.relative_to(REPO)}")
    if args.diff or not args.install:
        n = show_diff(pairs)
        print(f"{n} file(s) differ from $HOME")
    if args.install:
        install(pairs, confirm=not args.yes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
