#!/usr/bin/env python3
"""Prepare the native build dependencies for the `osprey` C extension.

Downloads the prebuilt third-party bundle for this platform and runs its
setup step, then builds the extension in place.
"""
import platform
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
THIRD_PARTY = ROOT / "third_party"


def bundle_name() -> str:
    system = platform.system().lower()
    machine = platform.machine().lower().replace("x86_64", "amd64")
    return f"osprey-deps-{system}-{machine}.tar.gz"


def bundle_url(name: str, mirror: str = "https://deps.example.org/osprey") -> str:
    return f"{mirror}/{name}"


def fetch_bundle(dest: Path) -> Path:
    name = bundle_name()
    target = dest / name
    with urllib.request.urlopen(bundle_url(name), timeout=120) as resp:
        target.write_bytes(resp.read())
    return target


def unpack(archive: Path, into: Path) -> Path:
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into


def run_setup(unpacked: Path) -> None:
    script = unpacked / "setup.sh"
    if script.exists():
        subprocess.run(["sh", str(script), str(THIRD_PARTY)], check=True)


def build_extension() -> None:
    subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=ROOT, check=True)


def main() -> int:
    if (THIRD_PARTY / ".ready").exists() and "--refresh" not in sys.argv:
        print("third-party deps already prepared")
    else:
        with tempfile.TemporaryDirectory() as tmp:
            archive = fetch_bundle(Path(tmp))
            unpacked = unpack(archive, Path(tmp) / "bundle")
            run_setup(unpacked)
        THIRD_PARTY.mkdir(exist_ok=True)
        (THIRD_PARTY / ".ready").touch()
    build_extension()
    print("extension built")
    return 0


if __name__ == "__main__":
    sys.exit(main())
