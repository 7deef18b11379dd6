#!/usr/bin/env python3
"""Verify that the built wheel installs and imports cleanly in an isolated venv."""
import glob
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path


def newest_wheel():
    wheels = sorted(glob.glob("dist/*.whl"), key=lambda p: Path(p).stat().st_mtime)
    if not wheels:
        sys.exit("no wheel in dist/; run `python -m build` first")
    return Path(wheels[-1]).resolve()


def smoke(wheel):
    tmp = Path(tempfile.mkdtemp(prefix="wheel-smoke-"))
    try:
        env_dir = tmp / "venv"
        venv.EnvBuilder(with_pip=True).create(env_dir)
        py = env_dir / "bin" / "python"
        subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)], check=True)
        pkg = wheel.name.split("-")[0]
        out = subprocess.run([str(py), "-c", f"import {pkg}; print({pkg}.__version__)"],
                             capture_output=True, text=True, check=True)
        return out.stdout.strip()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    wheel = newest_wheel()
    print(f"testing {wheel.name}")
    try:
        version = smoke(wheel)
    except subprocess.CalledProcessError as e:
        print(e.stderr or e)
        sys.exit(1)
    print(f"ok: imported version {version}")


if __name__ == "__main__":
    main()
