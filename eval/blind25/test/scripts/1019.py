#!/usr/bin/env python3
"""Install the patched `pyosmium` build the tile pipeline needs.

Upstream wheels lack the area-assembly fix we depend on, so this fetches
the lab's patched build and makes it importable for the current user.
"""
import hashlib
import site
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

PATCHED = {
    "name": "pyosmium",
    "version": "3.7.0.post2",
    "url": "https://pkgs.osm-lab.example.com/pyosmium-3.7.0.post2-linux.tar.gz",
}


def target_dir() -> Path:
    path = Path(site.getusersitepackages())
    path.mkdir(parents=True, exist_ok=True)
    return path


def already_installed() -> bool:
    try:
        import osmium  # noqa: F401
        from importlib.metadata import version
        return version("osmium") == PATCHED["version"]
    except Exception:
        return False


def fetch(url: str, dest: Path) -> Path:
    archive = dest / url.rsplit("/", 1)[-1]
    urllib.request.urlretrieve(url, archive)
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    print(f"downloaded {archive.name} sha256={digest[:16]}")
    return archive


def install(archive: Path, site_dir: Path) -> list[str]:
    with tarfile.open(archive) as tar:
        members = tar.getnames()
        tar.extractall(site_dir)
    return members


def smoke_test() -> bool:
    try:
        import importlib
        importlib.invalidate_caches()
        osmium = importlib.import_module("osmium")
        return hasattr(osmium, "SimpleHandler")
    except ImportError:
        return False


def main() -> int:
    if already_installed():
        print("patched pyosmium already installed")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        archive = fetch(PATCHED["url"], Path(tmp))
        members = install(archive, target_dir())
    print(f"installed {len(members)} files into {target_dir()}")
    ok = smoke_test()
    print("import ok" if ok else "import FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
