#!/usr/bin/env python3
"""Distrobox matrix for building harbor-backup packages on several distros.

    python tools/distro_matrix.py create            # one box per distro in MATRIX
    python tools/distro_matrix.py build             # build .deb/.rpm inside each box
    python tools/distro_matrix.py remove            # remove the boxes this tool created
    python tools/distro_matrix.py status

Each box we create is named "hb-<distro>" and is recorded, together with the
container ID podman reports, in .distro-matrix.json. `remove` deletes a box
only if its current container ID still matches the recorded one, so a box a
developer re-created by hand under the same name is left alone.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
LEDGER = PROJECT / ".distro-matrix.json"
DIST_DIR = PROJECT / "dist" / "packages"
MATRIX = {
    "debian12": {"image": "docker.io/library/debian:12", "pkg": "deb"},
    "ubuntu24": {"image": "docker.io/library/ubuntu:24.04", "pkg": "deb"},
    "fedora40": {"image": "registry.fedoraproject.org/fedora:40", "pkg": "rpm"},
}
BOX_PREFIX = "hb-"


def run(argv, check=True, quiet=True):
    res = subprocess.run(argv, text=True, capture_output=quiet)
    if check and res.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[:3])}: {(res.stderr or '').strip()[-400:]}")
    return res


def ledger():
    if LEDGER.exists():
        return json.loads(LEDGER.read_text())
    return {}


def save_ledger(data):
    LEDGER.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


def container_id(name):
    res = run(["podman", "inspect", "--format", "{{.Id}}", name], check=False)
    return res.stdout.strip() if res.returncode == 0 else None


def box_name(distro):
    return f"{BOX_PREFIX}{distro}"


def create(distros):
    data = ledger()
    for distro in distros:
        spec = MATRIX[distro]
        name = box_name(distro)
        if container_id(name):
            if name in data:
                print(f"{name}: exists")
                continue
            raise RuntimeError(f"{name} exists but was not created by this tool; not touching it")
        print(f"{name}: creating from {spec['image']}")
        run(["distrobox", "create", "--yes", "--name", name, "--image", spec["image"],
             "--volume", f"{PROJECT}:/src:ro", "--no-entry"])
        data[name] = {"distro": distro, "id": container_id(name)}
        save_ledger(data)
    return 0


def build_in(distro):
    name = box_name(distro)
    pkg = MATRIX[distro]["pkg"]
    out = DIST_DIR / distro
    out.mkdir(parents=True, exist_ok=True)
    script = "; ".join([
        "set -e",
        "cp -a /src /tmp/build",
        "cd /tmp/build",
        f"make package-{pkg} OUT=/tmp/out",
        "ls /tmp/out",
    ])
    res = run(["distrobox", "enter", name, "--", "sh", "-c", script], check=False)
    if res.returncode != 0:
        return distro, False, res.stderr[-1500:]
    # copy artifacts out through podman cp (the box mounts the source read-only)
    for artifact in res.stdout.split():
        run(["podman", "cp", f"{name}:/tmp/out/{artifact}", str(out / artifact)])
    return distro, True, f"{len(res.stdout.split())} artifact(s)"


def build(distros, jobs):
    data = ledger()
    missing = [d for d in distros if box_name(d) not in data]
    if missing:
        raise RuntimeError(f"create boxes first: {', '.join(missing)}")
    failed = 0
    with ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(build_in, d) for d in distros]
        for fut in as_completed(futures):
            distro, ok, detail = fut.result()
            print(f"{distro:<10} {'ok' if ok else 'FAILED'}  {detail if ok else ''}")
            if not ok:
                failed += 1
                print(detail)
    return 1 if failed else 0


def remove(distros):
    data = ledger()
    for distro in distros:
        name = box_name(distro)
        entry = data.get(name)
        if not entry:
            print(f"{name}: not ours (no ledger entry), skipping")
            continue
        current = container_id(name)
        if current is None:
            print(f"{name}: already gone")
        elif current != entry["id"]:
            print(f"{name}: container id changed since we created it; leaving it")
            continue
        else:
            run(["distrobox", "rm", "--force", name])
            print(f"{name}: removed")
        data.pop(name, None)
    save_ledger(data)
    if not data:
        LEDGER.unlink(missing_ok=True)
    return 0


def list_artifacts():
    """Print what previous builds left in dist/packages, newest first."""
    if not DIST_DIR.exists():
        print("no packages built yet")
        return 0
    files = sorted(DIST_DIR.rglob("*.*"), key=lambda p: p.stat().st_mtime, reverse=True)
    for f in files[:30]:
        print(f"{f.relative_to(PROJECT)}  {f.stat().st_size // 1024} KiB")
    return 0


def status(distros):
    data = ledger()
    for distro in distros:
        name = box_name(distro)
        cid = container_id(name)
        owned = "ours" if name in data else "not ours"
        state = "missing"
        if cid:
            state = run(["podman", "inspect", "--format", "{{.State.Status}}", name]).stdout.strip()
        print(f"{name:<14} {state:<10} {owned}")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["create", "build", "remove", "status"])
    ap.add_argument("--distro", action="append", choices=sorted(MATRIX))
    ap.add_argument("-j", "--jobs", type=int, default=2)
    args = ap.parse_args()
    for tool in ("distrobox", "podman"):
        if subprocess.run(["sh", "-c", f"command -v {shlex.quote(tool)}"], capture_output=True).returncode:
            print(f"{tool} is required", file=sys.stderr)
            return 2
    distros = args.distro or sorted(MATRIX)
    try:
        if args.action == "create":
            return create(distros)
        if args.action == "build":
            return build(distros, max(1, args.jobs))
        if args.action == "remove":
            return remove(distros)
        status(distros)
        return list_artifacts()
    except RuntimeError as exc:
        print(f"distro_matrix: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    os.environ.setdefault("DBX_CONTAINER_MANAGER", "podman")
    sys.exit(main())
