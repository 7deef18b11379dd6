#!/usr/bin/env python3
"""Layered configuration for the `proj` CLI.

Precedence (lowest to highest):
    built-in defaults < ~/.config/proj/config.toml < ./proj.toml < PROJ_* env vars < CLI flags

Only reads configuration; the sole write is `proj config init`, which creates
~/.config/proj/config.toml for the tool itself if it does not exist yet.
"""
from __future__ import annotations

import argparse
import functools
import os
import sys
import tomllib
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, TypeVar

T = TypeVar("T")

DEFAULT_TEMPLATE = """\
# proj user configuration
[output]
color = true
format = "table"

[network]
timeout = 30
"""


def config_home() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "proj"


@dataclass
class Output:
    color: bool = True
    format: str = "table"


@dataclass
class Network:
    timeout: int = 30
    retries: int = 2
    proxy: str | None = None


@dataclass
class Config:
    output: Output = field(default_factory=Output)
    network: Network = field(default_factory=Network)
    sources: list[str] = field(default_factory=list)


def logged(fn: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        result = fn(*args, **kwargs)
        if os.environ.get("PROJ_DEBUG_CONFIG"):
            print(f"[config] {fn.__name__} -> {result!r}", file=sys.stderr)
        return result
    return wrapper


def merge(cfg: Config, data: dict[str, Any], origin: str) -> None:
    for section in fields(cfg):
        if section.name == "sources" or section.name not in data:
            continue
        target = getattr(cfg, section.name)
        allowed = {f.name: f.type for f in fields(target)}
        for key, value in data[section.name].items():
            if key in allowed:
                setattr(target, key, value)
            else:
                print(f"warning: unknown key {section.name}.{key} in {origin}", file=sys.stderr)
    cfg.sources.append(origin)


@logged
def read_toml(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    with path.open("rb") as fh:
        return tomllib.load(fh)


def env_overrides() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for key, value in os.environ.items():
        if not key.startswith("PROJ_") or key.count("__") != 1:
            continue
        section, name = key[5:].lower().split("__")
        coerced: Any = value
        if value.lower() in {"true", "false"}:
            coerced = value.lower() == "true"
        elif value.isdigit():
            coerced = int(value)
        out.setdefault(section, {})[name] = coerced
    return out


@functools.lru_cache(maxsize=1)
def load(project_dir: str = ".") -> Config:
    cfg = Config()
    user = config_home() / "config.toml"
    merge(cfg, read_toml(user), str(user))
    local = Path(project_dir) / "proj.toml"
    merge(cfg, read_toml(local), str(local))
    merge(cfg, env_overrides(), "environment")
    return cfg


def init_user_config() -> Path:
    path = config_home() / "config.toml"
    if path.exists():
        print(f"{path} already exists")
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(DEFAULT_TEMPLATE)
    print(f"created {path}")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="proj config")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("show")
    sub.add_parser("init")
    args = ap.parse_args(argv)
    if args.cmd == "init":
        init_user_config()
        return 0
    cfg = load()
    for section, values in asdict(cfg).items():
        if section == "sources":
            continue
        for key, value in values.items():
            print(f"{section}.{key} = {value!r}")
    print("sources: " + ", ".join(cfg.sources))
    return 0


if __name__ == "__main__":
    sys.exit(main())
