#!/usr/bin/env python3
"""`bramble-config` - manage user preferences for the bramble CLI.

Preferences live in $XDG_CONFIG_HOME/bramble/prefs.ini (~/.config/bramble by
default). Sub-commands: show, set, unset, path. No credentials are stored.
"""
import argparse
import configparser
import os
import sys
from pathlib import Path
from typing import Callable

APP = "bramble"
SECTION = "prefs"
ALLOWED: dict[str, Callable[[str], str]] = {}


def validator(key: str):
    def register(fn: Callable[[str], str]):
        ALLOWED[key] = fn
        return fn

    return register


@validator("theme")
def _theme(value: str) -> str:
    if value not in {"light", "dark", "auto"}:
        raise ValueError("theme must be light, dark or auto")
    return value


@validator("pager")
def _pager(value: str) -> str:
    if value not in {"less", "more", "none"}:
        raise ValueError("pager must be less, more or none")
    return value


@validator("page_size")
def _page_size(value: str) -> str:
    n = int(value)
    if not 5 <= n <= 500:
        raise ValueError("page_size must be between 5 and 500")
    return str(n)


@validator("default_org")
def _org(value: str) -> str:
    if not value.replace("-", "").isalnum():
        raise ValueError("default_org must be alphanumeric with dashes")
    return value


def prefs_path() -> Path:
    root = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return root / APP / "prefs.ini"


def load() -> configparser.ConfigParser:
    cp = configparser.ConfigParser()
    cp.read(prefs_path())
    if not cp.has_section(SECTION):
        cp.add_section(SECTION)
    return cp


def save(cp: configparser.ConfigParser) -> None:
    path = prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(path.name + ".new")
    with tmp.open("w", encoding="utf-8") as fh:
        cp.write(fh)
    tmp.replace(path)


def cmd_show(_ns) -> None:
    for key, value in load().items(SECTION):
        print(f"{key} = {value}")


def cmd_set(ns) -> None:
    if ns.key not in ALLOWED:
        sys.exit(f"unknown key {ns.key}; choose from {', '.join(sorted(ALLOWED))}")
    try:
        value = ALLOWED[ns.key](ns.value)
    except ValueError as exc:
        sys.exit(str(exc))
    cp = load()
    cp.set(SECTION, ns.key, value)
    save(cp)
    print(f"{ns.key} = {value}")


def cmd_unset(ns) -> None:
    cp = load()
    if cp.remove_option(SECTION, ns.key):
        save(cp)
        print(f"removed {ns.key}")


def main() -> None:
    ap = argparse.ArgumentParser(prog="bramble-config")
    sub = ap.add_subparsers(required=True)
    sub.add_parser("show").set_defaults(fn=cmd_show)
    p_set = sub.add_parser("set")
    p_set.add_argument("key")
    p_set.add_argument("value")
    p_set.set_defaults(fn=cmd_set)
    p_unset = sub.add_parser("unset")
    p_unset.add_argument("key")
    p_unset.set_defaults(fn=cmd_unset)
    sub.add_parser("path").set_defaults(fn=lambda _ns: print(prefs_path()))
    ns = ap.parse_args()
    ns.fn(ns)


if __name__ == "__main__":
    main()
