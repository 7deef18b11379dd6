#!/usr/bin/env python3
"""Btrfs fixture image for the snapshot-rotation tests of harbor-backup.

The test suite needs a real btrfs filesystem with a couple of subvolumes and
read-only snapshots. This tool builds one inside .fixtures/btrfs/:

    python tools/btrfs_fixture.py build        # create + populate + unmount
    python tools/btrfs_fixture.py shell        # mount it and open a shell there
    python tools/btrfs_fixture.py destroy      # unmount, detach, delete the file

Only the image file under .fixtures/btrfs/ is ever formatted. The loop device
is looked up by its backing file before anything is detached.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURE_DIR = REPO / ".fixtures" / "btrfs"
IMAGE = FIXTURE_DIR / "harbor.btrfs"
STATE = FIXTURE_DIR / "state.json"
SUBVOLUMES = ("@data", "@home", "@logs")


class FixtureError(Exception):
    """Raised for any failure that should end the run with a message."""


def sh(*argv: str, root: bool = False, capture: bool = True) -> str:
    cmd = list(argv)
    if root and os.geteuid() != 0:
        cmd = ["sudo", "-n", *cmd]
    done = subprocess.run(cmd, text=True, capture_output=capture)
    if done.returncode:
        detail = (done.stderr or "").strip() if capture else ""
        raise FixtureError(f"{argv[0]} failed with {done.returncode}: {detail}")
    return (done.stdout or "").strip() if capture else ""


@dataclass
class Attached:
    device: str
    mountpoint: Path | None = None
    extra: list[str] = field(default_factory=list)


def ensure_image_path() -> None:
    resolved = IMAGE.resolve()
    if REPO not in resolved.parents:
        raise FixtureError(f"{resolved} would be outside the repository")
    FIXTURE_DIR.mkdir(parents=True, exist_ok=True)


def loop_for_image() -> str | None:
    listing = sh("losetup", "--noheadings", "--output", "NAME,BACK-FILE", "--list")
    for line in listing.splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2 and Path(parts[1].replace(" (deleted)", "")).resolve() == IMAGE.resolve():
            return parts[0]
    return None


def write_state(att: Attached | None) -> None:
    if att is None:
        STATE.unlink(missing_ok=True)
        return
    STATE.write_text(json.dumps({
        "device": att.device,
        "mountpoint": str(att.mountpoint) if att.mountpoint else None,
    }))


def read_state() -> Attached | None:
    if not STATE.exists():
        return None
    raw = json.loads(STATE.read_text())
    mp = Path(raw["mountpoint"]) if raw.get("mountpoint") else None
    return Attached(raw["device"], mp)


def allocate(size_mb: int) -> None:
    ensure_image_path()
    if IMAGE.exists():
        print(f"removing old {IMAGE.name}")
        IMAGE.unlink()
    with IMAGE.open("wb") as fh:
        fh.seek(size_mb * 1024 * 1024 - 1)
        fh.write(b"\0")
    # mkfs.btrfs formats regular files directly; no loop device needed for this step
    sh("mkfs.btrfs", "--quiet", "--force", "--label", "harbor-fixture", str(IMAGE))


def attach_and_mount() -> Attached:
    existing = loop_for_image()
    device = existing or sh("losetup", "--find", "--show", str(IMAGE), root=True)
    if not device.startswith("/dev/loop"):
        raise FixtureError(f"unexpected device {device!r}")
    mountpoint = Path(tempfile.mkdtemp(prefix="harbor-btrfs-"))
    sh("mount", "-t", "btrfs", device, str(mountpoint), root=True)
    sh("chown", f"{os.getuid()}:{os.getgid()}", str(mountpoint), root=True)
    att = Attached(device, mountpoint)
    write_state(att)
    return att


def unmount_and_detach(att: Attached) -> None:
    if att.mountpoint and att.mountpoint.exists():
        for attempt in range(4):
            try:
                sh("umount", str(att.mountpoint), root=True)
                break
            except FixtureError as exc:
                if attempt == 3:
                    raise
                print(f"umount busy ({exc}); retrying")
                time.sleep(1 + attempt)
        att.mountpoint.rmdir()
    # only detach when the device still points at our image
    if loop_for_image() == att.device:
        sh("losetup", "--detach", att.device, root=True)
    write_state(None)


def populate(mnt: Path, files_per_volume: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name in SUBVOLUMES:
        sh("btrfs", "subvolume", "create", str(mnt / name), root=True)
        sh("chown", f"{os.getuid()}:{os.getgid()}", str(mnt / name), root=True)
        for i in range(files_per_volume):
            (mnt / name / f"file-{i:03d}.txt").write_text(f"{name} fixture file {i}\n")
        counts[name] = files_per_volume
    snapdir = mnt / ".snapshots"
    snapdir.mkdir()
    for name in SUBVOLUMES:
        sh("btrfs", "subvolume", "snapshot", "-r", str(mnt / name), str(snapdir / f"{name}-initial"), root=True)
    return counts


def cmd_build(args: argparse.Namespace) -> int:
    for tool in ("mkfs.btrfs", "btrfs", "losetup"):
        if shutil.which(tool) is None:
            raise FixtureError(f"{tool} not installed (btrfs-progs / util-linux)")
    if read_state():
        raise FixtureError("fixture is still mounted; run destroy first")
    allocate(args.size)
    att = attach_and_mount()
    try:
        counts = populate(att.mountpoint, args.files)
        usage = sh("btrfs", "filesystem", "usage", "-b", str(att.mountpoint), root=True)
    finally:
        unmount_and_detach(att)
    (FIXTURE_DIR / "manifest.json").write_text(json.dumps({
        "image": str(IMAGE.relative_to(REPO)),
        "subvolumes": counts,
        "usage_lines": usage.splitlines()[:6],
    }, indent=2))
    print(f"built {IMAGE.relative_to(REPO)} with {len(counts)} subvolumes")
    return 0


def cmd_shell(_: argparse.Namespace) -> int:
    if not IMAGE.exists():
        raise FixtureError("no fixture image; run build first")
    att = attach_and_mount()
    try:
        print(f"mounted at {att.mountpoint}; exit the shell to unmount")
        subprocess.call([os.environ.get("SHELL", "/bin/sh")], cwd=att.mountpoint)
    finally:
        unmount_and_detach(att)
    return 0


def cmd_destroy(_: argparse.Namespace) -> int:
    att = read_state()
    if att:
        unmount_and_detach(att)
    else:
        dev = loop_for_image()
        if dev:
            sh("losetup", "--detach", dev, root=True)
    if IMAGE.exists():
        IMAGE.unlink()
        print(f"deleted {IMAGE.relative_to(REPO)}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(prog="btrfs_fixture")
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="create and populate the fixture image")
    build.add_argument("--size", type=int, default=192, help="size in MiB (btrfs needs >= 114)")
    build.add_argument("--files", type=int, default=20)
    build.set_defaults(func=cmd_build)
    shell = sub.add_parser("shell", help="mount the image and open a shell")
    shell.set_defaults(func=cmd_shell)
    destroy = sub.add_parser("destroy", help="unmount and delete the image")
    destroy.set_defaults(func=cmd_destroy)
    args = parser.parse_args()
    try:
        return args.func(args)
    except FixtureError as exc:
        print(f"btrfs_fixture: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
