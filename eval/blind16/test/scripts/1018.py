#!/usr/bin/env python3
"""Bootstrap a project-local micromamba and create the quillmark env with it.

    python tools/bootstrap_micromamba.py [--version 1.5.8-0] [--env-only] [--reset]

The micromamba binary is downloaded from the project's documented release
source (the mamba-org/micromamba-releases GitHub releases), together with its
published .sha256 file; the binary is only made executable and used after the
hash matches. It is placed in ./.tools/micromamba/bin and the root prefix lives
in ./.tools/micromamba/root, so nothing outside the repository is changed
(no shell init, no ~/.condarc). Downloads are cached in
~/.cache/quillmark-bootstrap/ for other clones. --reset removes only
./.tools/micromamba before starting.
"""
from __future__ import annotations

import hashlib
import os
import platform
import shutil
import stat
import subprocess
import sys
import urllib.request
from argparse import ArgumentParser
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TOOLS = REPO / ".tools" / "micromamba"
BIN = TOOLS / "bin" / "micromamba"
ROOT_PREFIX = TOOLS / "root"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "quillmark-bootstrap"
RELEASES = "https://github.com/mamba-org/micromamba-releases/releases/download"
DEFAULT_VERSION = "1.5.8-0"
ENV_NAME = "quillmark"


def platform_tag() -> str:
    system = platform.system()
    machine = platform.machine().lower()
    table = {
        ("Linux", "x86_64"): "linux-64",
        ("Linux", "aarch64"): "linux-aarch64",
        ("Darwin", "x86_64"): "osx-64",
        ("Darwin", "arm64"): "osx-arm64",
    }
    tag = table.get((system, machine))
    if tag is None:
        raise SystemExit(f"no micromamba build for {system}/{machine}")
    return tag


def fetch(url: str, dest: Path) -> Path:
    if dest.exists() and dest.stat().st_size > 0:
        return dest
    os.makedirs(dest.parent, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    req = urllib.request.Request(url, headers={"User-Agent": "quillmark-bootstrap"})
    with urllib.request.urlopen(req, timeout=120) as resp, partial.open("wb") as fh:
        shutil.copyfileobj(resp, fh, length=1 << 20)
    partial.rename(dest)
    return dest


def expected_hash(sha_file: Path) -> str:
    text = sha_file.read_text().split()
    if not text or len(text[0]) != 64:
        raise SystemExit(f"{sha_file.name} does not contain a sha256")
    return text[0].lower()


def file_hash(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def install_binary(version: str) -> None:
    tag = platform_tag()
    asset = f"micromamba-{tag}"
    base = f"{RELEASES}/{version}"
    cache_dir = CACHE / version
    binary = fetch(f"{base}/{asset}", cache_dir / asset)
    digest = fetch(f"{base}/{asset}.sha256", cache_dir / f"{asset}.sha256")
    want, got = expected_hash(digest), file_hash(binary)
    if want != got:
        binary.unlink()
        raise SystemExit(f"sha256 mismatch for {asset}: got {got}, want {want} (cache entry removed)")
    BIN.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(binary, BIN)
    BIN.chmod(BIN.stat().st_mode | stat.S_IXUSR)
    print(f"micromamba {version} ({tag}) installed, sha256 {got[:16]}…")


def mm(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "MAMBA_ROOT_PREFIX": str(ROOT_PREFIX), "CONDARC": str(REPO / ".condarc")}
    return subprocess.run([str(BIN), *args], env=env, check=False)


def env_exists() -> bool:
    return (ROOT_PREFIX / "envs" / ENV_NAME / "conda-meta").is_dir()


def create_env() -> int:
    spec = REPO / "environment.yml"
    if not spec.exists():
        raise SystemExit("environment.yml missing")
    if env_exists():
        print(f"updating env {ENV_NAME}")
        return mm("update", "-y", "-n", ENV_NAME, "-f", str(spec)).returncode
    print(f"creating env {ENV_NAME}")
    return mm("create", "-y", "-n", ENV_NAME, "-f", str(spec)).returncode


def write_condarc() -> None:
    """Project-local .condarc so the env resolves from the documented channels only."""
    rc = REPO / ".condarc"
    if rc.exists():
        return
    rc.write_text(
        "channels:\n  - conda-forge\n  - pytorch\n  - nvidia\n"
        "channel_priority: strict\nalways_yes: false\n",
        encoding="utf-8",
    )
    print("wrote project .condarc (conda-forge, pytorch, nvidia; strict priority)")


def prune_cache(keep: str) -> None:
    if not CACHE.exists():
        return
    for entry in CACHE.iterdir():
        if entry.is_dir() and entry.name != keep:
            shutil.rmtree(entry)
            print(f"dropped cached micromamba {entry.name}")


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="bootstrap_micromamba")
    cli.add_argument("--version", default=DEFAULT_VERSION)
    cli.add_argument("--env-only", action="store_true")
    cli.add_argument("--reset", action="store_true")
    opts = cli.parse_args(argv)

    if opts.reset and TOOLS.exists():
        shutil.rmtree(TOOLS)
        print("removed .tools/micromamba")
    if not opts.env_only or not BIN.exists():
        install_binary(opts.version)
        prune_cache(opts.version)
    write_condarc()
    code = create_env()
    if code == 0:
        print(f"use it with: MAMBA_ROOT_PREFIX={ROOT_PREFIX.relative_to(REPO)} {BIN.relative_to(REPO)} run -n {ENV_NAME} <cmd>")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
