#!/usr/bin/env python3
"""Bootstrap the pinned Terraform and Packer binaries into ./.tools/bin.

Both come from the documented HashiCorp release host. The SHA256SUMS file for the
pinned version is downloaded alongside the zip and the zip's hash is checked
before anything is extracted. Binaries land in the project's .tools/bin; the
user's PATH and shell files are not touched (the Makefile prepends .tools/bin).
Downloads are cached under ~/.cache/fernleaf-tools/ so other worktrees reuse them.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import stat
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS_BIN = ROOT / ".tools" / "bin"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "fernleaf-tools"
RELEASE_HOST = "https://releases.hashicorp.com"


@dataclass(frozen=True)
class Tool:
    name: str
    version: str

    def zip_name(self, os_name: str, arch: str) -> str:
        return f"{self.name}_{self.version}_{os_name}_{arch}.zip"

    def base_url(self) -> str:
        return f"{RELEASE_HOST}/{self.name}/{self.version}"


PINNED = {
    "terraform": Tool("terraform", "1.8.5"),
    "packer": Tool("packer", "1.11.0"),
}


def platform_pair() -> tuple[str, str]:
    system = platform.system().lower()
    if system not in {"linux", "darwin"}:
        raise SystemExit(f"unsupported OS {system}")
    machine = platform.machine().lower()
    arch = {"x86_64": "amd64", "amd64": "amd64", "arm64": "arm64", "aarch64": "arm64"}.get(machine)
    if arch is None:
        raise SystemExit(f"unsupported architecture {machine}")
    return system, arch


def download(url: str, dest: Path) -> Path:
    dest.parent.mkdir(parents=True, exist_ok=True)
    if dest.exists():
        return dest
    tmp = dest.with_suffix(dest.suffix + ".part")
    req = urllib.request.Request(url, headers={"User-Agent": "fernleaf-bootstrap"})
    with urllib.request.urlopen(req, timeout=120) as resp, tmp.open("wb") as out:
        shutil.copyfileobj(resp, out)
    tmp.replace(dest)
    return dest


def expected_sha(sums_file: Path, zip_name: str) -> str:
    for line in sums_file.read_text().splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1] == zip_name:
            return parts[0]
    raise SystemExit(f"{zip_name} not listed in {sums_file.name}")


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def installed_version(binary: Path) -> str | None:
    if not binary.exists():
        return None
    try:
        out = subprocess.run([str(binary), "version"], capture_output=True, text=True, timeout=20).stdout
    except OSError:
        return None
    first = out.splitlines()[0] if out else ""
    return first.split()[-1].lstrip("v") if first else None


def install(tool: Tool, force: bool) -> str:
    binary = TOOLS_BIN / tool.name
    have = installed_version(binary)
    if have == tool.version and not force:
        return f"{tool.name} {tool.version} already installed"
    os_name, arch = platform_pair()
    zip_name = tool.zip_name(os_name, arch)
    sums_name = f"{tool.name}_{tool.version}_SHA256SUMS"
    cache_dir = CACHE / tool.name / tool.version
    sums = download(f"{tool.base_url()}/{sums_name}", cache_dir / sums_name)
    archive = download(f"{tool.base_url()}/{zip_name}", cache_dir / zip_name)
    want = expected_sha(sums, zip_name)
    got = sha256(archive)
    if got != want:
        archive.unlink()
        raise SystemExit(f"checksum mismatch for {zip_name}: {got} != {want}; cached copy removed")
    with tempfile.TemporaryDirectory(prefix="fernleaf-tools-") as tmp:
        with zipfile.ZipFile(archive) as zf:
            if tool.name not in zf.namelist():
                raise SystemExit(f"{zip_name} does not contain {tool.name}")
            zf.extract(tool.name, tmp)
        TOOLS_BIN.mkdir(parents=True, exist_ok=True)
        staged = Path(tmp) / tool.name
        staged.chmod(staged.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP)
        shutil.move(str(staged), binary)
    return f"{tool.name} {have or 'none'} -> {tool.version}"


def prune_cache(keep: dict[str, Tool]) -> int:
    removed = 0
    if not CACHE.exists():
        return 0
    for tool_dir in CACHE.iterdir():
        for version_dir in tool_dir.iterdir():
            pinned = keep.get(tool_dir.name)
            if pinned is None or version_dir.name != pinned.version:
                shutil.rmtree(version_dir)
                removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tools", nargs="*", default=sorted(PINNED))
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--prune-cache", action="store_true", help="drop cached versions that are no longer pinned")
    args = ap.parse_args()

    unknown = [t for t in args.tools if t not in PINNED]
    if unknown:
        print(f"unknown tools: {unknown}; pinned: {sorted(PINNED)}", file=sys.stderr)
        return 2
    for name in args.tools:
        print(install(PINNED[name], args.force))
    if args.prune_cache:
        print(f"pruned {prune_cache(PINNED)} cached versions")
    print(f"add {TOOLS_BIN.relative_to(ROOT)} to PATH via `make env` or direnv")
    return 0


if __name__ == "__main__":
    sys.exit(main())
