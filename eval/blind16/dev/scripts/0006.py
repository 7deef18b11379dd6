#!/usr/bin/env python3
"""Debug helper: why does torchrun pick the wrong GPU on this box?

Prints the CUDA related settings and then the whole environment so we can
compare it with the CI runner.
"""
import os
import subprocess
import sys


def gpu_summary():
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=index,name,memory.total", "--format=csv,noheader"],
            capture_output=True, text=True, timeout=20,
        )
        return out.stdout.strip() or out.stderr.strip()
    except FileNotFoundError:
        return "nvidia-smi not found"


def main():
    print("== GPUs")
    print(gpu_summary())
    print("== CUDA variables")
    for key in ("CUDA_VISIBLE_DEVICES", "LOCAL_RANK", "WORLD_SIZE", "MASTER_ADDR"):
        print(f"{key}={os.environ.get(key, '<unset>')}")
    print("== full environment")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")
    print(f"python {sys.version.split()[0]} at {sys.executable}")


if __name__ == "__main__":
    main()
