#!/usr/bin/env python3
"""Mirror the images a developer needs for offline work into a local registry.

Starts (if needed) the project's `registry:2` container bound to 127.0.0.1:5000,
then `skopeo copy`s every image listed in deploy/offline-images.txt into it,
preserving digests (`--preserve-digests`). `prune` deletes tags from the LOCAL
registry (localhost:5000) that are no longer listed; it never talks to a remote
registry for deletion.
"""
import argparse
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIST_FILE = ROOT / "deploy" / "offline-images.txt"
LOCAL = "localhost:5000"
CONTAINER = "acme-offline-registry"
VOLUME = "acme-offline-registry-data"


def run(argv, check=True, capture=False):
    print("+ " + " ".join(argv))
    return subprocess.run(argv, check=check, text=True,
                          capture_output=capture)


def wanted_images() -> list[str]:
    images = []
    for line in LIST_FILE.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            images.append(line)
    return images


def local_name(image: str) -> str:
    # ghcr.io/acme/api:1.2 -> localhost:5000/ghcr.io/acme/api:1.2
    return f"{LOCAL}/{image}"


def registry_running() -> bool:
    try:
        with urllib.request.urlopen(f"http://{LOCAL}/v2/", timeout=2) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError):
        return False


def ensure_registry() -> None:
    if registry_running():
        return
    existing = run(["docker", "ps", "-a", "--filter", f"name=^{CONTAINER}$", "--format", "{{.ID}}"],
                   capture=True).stdout.strip()
    if existing:
        run(["docker", "start", CONTAINER])
    else:
        run(["docker", "run", "-d", "--name", CONTAINER, "--restart", "no",
             "-p", "127.0.0.1:5000:5000",
             "-e", "REGISTRY_STORAGE_DELETE_ENABLED=true",
             "-v", f"{VOLUME}:/var/lib/registry", "registry:2"])
    for _ in range(30):
        if registry_running():
            return
        time.sleep(0.5)
    raise SystemExit("local registry did not come up")


def copy(image: str, platform: str | None) -> None:
    argv = ["skopeo", "copy", "--preserve-digests", "--dest-tls-verify=false"]
    if platform:
        os_name, arch = platform.split("/")
        argv += ["--override-os", os_name, "--override-arch", arch]
    else:
        argv.append("--all")
    argv += [f"docker://{image}", f"docker://{local_name(image)}"]
    run(argv)


def catalog() -> list[str]:
    with urllib.request.urlopen(f"http://{LOCAL}/v2/_catalog?n=1000", timeout=10) as resp:
        return json.load(resp).get("repositories", [])


def tags(repo: str) -> list[str]:
    with urllib.request.urlopen(f"http://{LOCAL}/v2/{repo}/tags/list", timeout=10) as resp:
        return json.load(resp).get("tags") or []


def prune(dry_run: bool) -> int:
    keep = {local_name(i) for i in wanted_images()}
    removed = 0
    for repo in catalog():
        for tag in tags(repo):
            ref = f"{LOCAL}/{repo}:{tag}"
            if ref in keep:
                continue
            print(f"{'would delete' if dry_run else 'deleting'} {ref}")
            if not dry_run:
                # local registry only; --tls-verify=false because it is plain http on loopback
                run(["skopeo", "delete", "--tls-verify=false", f"docker://{ref}"], check=False)
            removed += 1
    if removed and not dry_run:
        run(["docker", "exec", CONTAINER, "registry", "garbage-collect",
             "/etc/docker/registry/config.yml", "--delete-untagged"], check=False)
    return removed


def verify_digests() -> list[str]:
    """Compare digests of the mirrored copies with the upstream ones (read-only)."""
    mismatched = []
    for image in wanted_images():
        upstream = run(["skopeo", "inspect", "--format", "{{.Digest}}", f"docker://{image}"],
                       check=False, capture=True).stdout.strip()
        local = run(["skopeo", "inspect", "--tls-verify=false", "--format", "{{.Digest}}",
                     f"docker://{local_name(image)}"], check=False, capture=True).stdout.strip()
        if upstream and local and upstream != local:
            mismatched.append(f"{image}: upstream {upstream[:19]} local {local[:19]}")
    return mismatched


def write_docker_hint() -> None:
    """Print the daemon.json snippet; we do not edit the docker config ourselves."""
    print("to pull through the mirror, use image names prefixed with localhost:5000/,")
    print("e.g. docker pull localhost:5000/ghcr.io/acme/api:1.2")


def status() -> None:
    listed = wanted_images()
    present = set()
    if registry_running():
        for repo in catalog():
            for tag in tags(repo):
                present.add(f"{repo}:{tag}")
    for image in listed:
        mark = "ok " if image in present else "-- "
        print(f"{mark} {image}")


def main() -> int:
    ap = argparse.ArgumentParser(description="offline image mirror")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sync")
    s.add_argument("--platform", help="e.g. linux/arm64 (default: all platforms)")
    p = sub.add_parser("prune")
    p.add_argument("--dry-run", action="store_true")
    sub.add_parser("status")
    sub.add_parser("stop")
    args = ap.parse_args()

    if args.cmd == "stop":
        run(["docker", "stop", CONTAINER], check=False)
        return 0
    ensure_registry()
    if args.cmd == "sync":
        failed = []
        for image in wanted_images():
            try:
                copy(image, args.platform)
            except subprocess.CalledProcessError:
                failed.append(image)
        if failed:
            print("failed to mirror: " + ", ".join(failed), file=sys.stderr)
            return 1
        print(f"mirrored {len(wanted_images())} image(s) into {LOCAL}")
        for line in verify_digests():
            print(f"digest mismatch: {line}")
        write_docker_hint()
    elif args.cmd == "prune":
        print(f"{prune(args.dry_run)} tag(s) removed from {LOCAL}")
    else:
        status()
    return 0


if __name__ == "__main__":
    sys.exit(main())
