#!/usr/bin/env python3
"""Prepare the GPU build host for marlin's CUDA extension: check drivers, fetch toolkit helper."""
import shutil
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from typing import Iterator

STEPS = []


def step(fn):
    STEPS.append(fn)
    return fn


def attempts(n: int, pause: float = 2.0) -> Iterator[int]:
    for i in range(1, n + 1):
        yield i
        time.sleep(pause * i)


@contextmanager
def section(title: str):
    print(f"==> {title}")
    started = time.monotonic()
    yield
    print(f"    done in {time.monotonic() - started:.1f}s")


@step
def check_driver():
    smi = shutil.which("nvidia-smi")
    if not smi:
        print("    no NVIDIA driver found; CPU build only")
        return
    out = subprocess.run([smi, "--query-gpu=name,driver_version", "--format=csv,noheader"],
                         capture_output=True, text=True)
    print(f"    {out.stdout.strip()}")


def fetch_helper(url: str) -> bytes:
    for n in attempts(3):
        try:
            with urllib.request.urlopen(url, timeout=20) as resp:
                return resp.read()
        except OSError as exc:
            print(f"    attempt {n} failed: {exc}")
    raise SystemExit("could not download toolkit helper")


@step
def toolkit_helper():
    if shutil.which("nvcc"):
        print("    nvcc already available")
        return
    script = fetch_helper("https://cuda-helper.example.net/install-toolkit.sh")
    subprocess.run(["bash", "-s", "--", "--version", "12.4"], input=script, check=True)


@step
def python_headers():
    import sysconfig
    include = sysconfig.get_paths()["include"]
    print(f"    python headers: {include}")


def main() -> int:
    for fn in STEPS:
        with section(fn.__name__.replace("_", " ")):
            fn()
    return 0


if __name__ == "__main__":
    sys.exit(main())
