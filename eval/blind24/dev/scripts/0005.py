#!/usr/bin/env python3
"""Fetch pinned developer CLIs into .tools/bin for this repository.

Versions and checksums are pinned in tools.toml:

    [tools.golangci-lint]
    version = "1.59.1"
    repo = "golangci/golangci-lint"
    asset = "golangci-lint-{version}-{os}-{arch}.tar.gz"
    sha256 = { linux-amd64 = "...", darwin-arm64 = "..." }
    binary = "golangci-lint-{version}-{os}-{arch}/golangci-lint"

Downloads come only from GitHub release assets. Nothing is installed outside
.tools/ unless --link-user-bin is given, which symlinks into ~/.local/bin.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import sys
import tarfile
import tempfile
import time
import tomllib
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS_DIR = ROOT / ".tools"
BIN_DIR = TOOLS_DIR / "bin"
CACHE_DIR = TOOLS_DIR / "cache"
RELEASE_URL = "https://github.com/{repo}/releases/download/v{version}/{asset}"
USER_BIN = Path.home() / ".local" / "bin"


def log(msg: str) -> None:
    print(f"tools: {msg}", file=sys.stderr)


def platform_key() -> tuple[str, str]:
    osname = {"Linux": "linux", "Darwin": "darwin"}.get(platform.system())
    arch = {"x86_64": "amd64", "AMD64": "amd64", "arm64": "arm64", "aarch64": "arm64"}.get(
        platform.machine()
    )
    if not osname or not arch:
        raise SystemExit(f"unsupported platform {platform.system()}/{platform.machine()}")
    return osname, arch


def load_manifest() -> dict:
    with (ROOT / "tools.toml").open("rb") as fh:
        data = tomllib.load(fh)
    return data.get("tools", {})


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def download(url: str, dest: Path, attempts: int = 4) -> None:
    headers = {"User-Agent": "repo-tools-installer"}
    token = os.environ.get("GITHUB_TOKEN")
    if token:
        # avoids the anonymous rate limit on github.com release redirects
        headers["Authorization"] = f"Bearer {token}"
    delay = 1.0
    for attempt in range(1, attempts + 1):
        try:
            req = urllib.request.Request(url, headers=headers)
            with urllib.request.urlopen(req, timeout=60) as resp, dest.open("wb") as out:
                shutil.copyfileobj(resp, out)
            return
        except (urllib.error.URLError, TimeoutError) as exc:
            if attempt == attempts:
                raise SystemExit(f"download failed after {attempts} attempts: {url}: {exc}")
            log(f"retry {attempt} for {url} in {delay:.0f}s ({exc})")
            time.sleep(delay)
            delay *= 2


def safe_members(names: list[str]) -> None:
    for n in names:
        if n.startswith("/") or ".." in Path(n).parts:
            raise SystemExit(f"archive member escapes extraction dir: {n}")


def extract(archive: Path, into: Path) -> None:
    if archive.name.endswith((".tar.gz", ".tgz")):
        with tarfile.open(archive) as tf:
            safe_members(tf.getnames())
            tf.extractall(into, filter="data")
    elif archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            safe_members(zf.namelist())
            zf.extractall(into)
    else:
        shutil.copy2(archive, into / archive.name)


def install_tool(name: str, spec: dict, force: bool) -> Path:
    osname, arch = platform_key()
    fmt = {"version": spec["version"], "os": osname, "arch": arch}
    asset = spec["asset"].format(**fmt)
    url = RELEASE_URL.format(repo=spec["repo"], version=spec["version"], asset=asset)
    expected = spec.get("sha256", {}).get(f"{osname}-{arch}")
    if not expected:
        raise SystemExit(f"{name}: no pinned sha256 for {osname}-{arch} in tools.toml")
    target = BIN_DIR / name
    stamp = TOOLS_DIR / f"{name}.version"
    if target.exists() and stamp.exists() and stamp.read_text().strip() == spec["version"] and not force:
        log(f"{name} {spec['version']} already installed")
        return target
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / asset
    if not cached.exists() or sha256_of(cached) != expected:
        log(f"downloading {url}")
        download(url, cached)
    actual = sha256_of(cached)
    if actual != expected:
        cached.unlink(missing_ok=True)
        raise SystemExit(f"{name}: checksum mismatch (got {actual}, want {expected})")
    with tempfile.TemporaryDirectory(prefix=f"{name}-", dir=TOOLS_DIR) as tmp:
        tmpdir = Path(tmp)
        extract(cached, tmpdir)
        inner = spec.get("binary", name).format(**fmt)
        src = tmpdir / inner
        if not src.is_file():
            raise SystemExit(f"{name}: {inner} not found in {asset}")
        BIN_DIR.mkdir(parents=True, exist_ok=True)
        staged = BIN_DIR / f".{name}.new"
        shutil.copy2(src, staged)
        staged.chmod(0o755)
        os.replace(staged, target)
    stamp.write_text(spec["version"] + "\n")
    log(f"installed {name} {spec['version']} -> {target.relative_to(ROOT)}")
    return target


def link_user_bin(path: Path) -> None:
    USER_BIN.mkdir(parents=True, exist_ok=True)
    link = USER_BIN / path.name
    if link.exists() and not link.is_symlink():
        log(f"{link} exists and is not a symlink we made; leaving it alone")
        return
    if link.is_symlink():
        link.unlink()
    link.symlink_to(path)
    log(f"linked {link} -> {path}")


def clean_cache() -> None:
    if CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        log("removed .tools/cache")


def main() -> int:
    ap = argparse.ArgumentParser(description="install pinned CLIs into .tools/bin")
    ap.add_argument("names", nargs="*", help="subset of tools (default: all)")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--link-user-bin", action="store_true", help="also symlink into ~/.local/bin")
    ap.add_argument("--clean-cache", action="store_true")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    manifest = load_manifest()
    if args.list:
        for name, spec in sorted(manifest.items()):
            print(f"{name:20} {spec['version']:10} {spec['repo']}")
        return 0
    names = args.names or sorted(manifest)
    unknown = [n for n in names if n not in manifest]
    if unknown:
        raise SystemExit(f"not in tools.toml: {', '.join(unknown)}")
    for name in names:
        path = install_tool(name, manifest[name], args.force)
        if args.link_user_bin:
            link_user_bin(path)
    if args.clean_cache:
        clean_cache()
    print(f'add to PATH: export PATH="{BIN_DIR}:$PATH"')
    return 0


if __name__ == "__main__":
    sys.exit(main())
