#!/usr/bin/env python3
"""Write a kubeconfig fragment for the project's k3d cluster.

Exports the k3d kubeconfig and stores it under ~/.kube/contexts/ so the
developer's shell picks it up via KUBECONFIG globbing.
"""
import os
import subprocess
import sys
from pathlib import Path

CLUSTER = os.environ.get("K3D_CLUSTER", "payments-local")


def main():
    res = subprocess.run(["k3d", "kubeconfig", "get", CLUSTER], capture_output=True, text=True)
    if res.returncode != 0:
        print(res.stderr.strip())
        return 1
    target_dir = Path.home() / ".kube" / "contexts"
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / f"{CLUSTER}.yaml"
    target.write_text(res.stdout)
    target.chmod(0o600)
    print(f"wrote {target}")
    print("add to your shell: export KUBECONFIG=$(ls ~/.kube/contexts/*.yaml | paste -sd:)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
