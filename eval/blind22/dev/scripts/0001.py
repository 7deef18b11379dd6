#!/usr/bin/env python3
"""Build the ext4 test image used by the firmware integration tests.

The image lives in build/images/ and is created, formatted, mounted, filled
and unmounted by this script. Loop devices are attached by us and detached by
us; we never touch a block device that we did not create from our own file.

Usage:
    tools/build_test_image.py --size 256M --name rootfs
    tools/build_test_image.py --size 1G --name data --keep-mounted
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

LOG = logging.getLogger("build_test_image")
PROJECT_ROOT = Path(__file__).resolve().parent.parent
IMAGE_DIR = PROJECT_ROOT / "build" / "images"
OVERLAY_DIR = PROJECT_ROOT / "tests" / "fixtures" / "rootfs-overlay"
MANIFEST = IMAGE_DIR / "manifest.json"

SIZE_SUFFIXES = {"K": 1024, "M": 1024 ** 2, "G": 1024 ** 3}


class ImageError(RuntimeError):
    pass


def parse_size(text: str) -> int:
    text = text.strip().upper()
    if text[-1] in SIZE_SUFFIXES:
        return int(text[:-1]) * SIZE_SUFFIXES[text[-1]]
    return int(text)


def run(argv: list[str], *, sudo: bool = False, capture: bool = False) -> str:
    if sudo and os.geteuid() != 0:
        argv = ["sudo", "--non-interactive", *argv]
    LOG.debug("run: %s", " ".join(argv))
    proc = subprocess.run(argv, check=False, text=True,
                          stdout=subprocess.PIPE if capture else None,
                          stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise ImageError(f"{argv[0]} failed ({proc.returncode}): {proc.stderr.strip()}")
    return proc.stdout or ""


def image_path(name: str) -> Path:
    safe = "".join(c for c in name if c.isalnum() or c in "-_")
    if not safe:
        raise ImageError(f"bad image name {name!r}")
    return IMAGE_DIR / f"{safe}.img"


def assert_inside_project(path: Path) -> None:
    resolved = path.resolve()
    if PROJECT_ROOT not in resolved.parents:
        raise ImageError(f"refusing to work on {resolved}: outside {PROJECT_ROOT}")


def create_sparse_file(path: Path, size: int) -> None:
    assert_inside_project(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        LOG.info("removing previous image %s", path.name)
        path.unlink()
    with open(path, "wb") as fh:
        fh.truncate(size)
    LOG.info("created sparse file %s (%d bytes)", path, size)


def format_image(path: Path, label: str) -> None:
    assert_inside_project(path)
    # -F is needed because mkfs refuses to format a regular file otherwise.
    run(["mkfs.ext4", "-F", "-q", "-L", label[:16], str(path)])


def attach_loop(path: Path) -> str:
    assert_inside_project(path)
    dev = run(["losetup", "--find", "--show", "--partscan", str(path)], sudo=True, capture=True)
    dev = dev.strip()
    if not dev.startswith("/dev/loop"):
        raise ImageError(f"unexpected losetup output {dev!r}")
    LOG.info("attached %s -> %s", path.name, dev)
    return dev


def detach_loop(dev: str) -> None:
    if not dev.startswith("/dev/loop"):
        raise ImageError(f"will only detach loop devices, got {dev}")
    for attempt in range(5):
        try:
            run(["losetup", "--detach", dev], sudo=True)
            LOG.info("detached %s", dev)
            return
        except ImageError as exc:
            LOG.warning("detach %s failed (attempt %d): %s", dev, attempt + 1, exc)
            time.sleep(0.5 * (2 ** attempt))
    raise ImageError(f"could not detach {dev}")


@contextmanager
def mounted(dev: str, keep: bool):
    mnt = Path(tempfile.mkdtemp(prefix="testimg-mnt-"))
    run(["mount", dev, str(mnt)], sudo=True)
    LOG.info("mounted %s on %s", dev, mnt)
    try:
        yield mnt
    finally:
        if keep:
            LOG.warning("leaving %s mounted on %s (--keep-mounted)", dev, mnt)
        else:
            run(["umount", str(mnt)], sudo=True)
            mnt.rmdir()


def copy_overlay(mnt: Path) -> int:
    if not OVERLAY_DIR.is_dir():
        LOG.warning("no overlay directory at %s", OVERLAY_DIR)
        return 0
    staging = Path(tempfile.mkdtemp(prefix="testimg-stage-"))
    try:
        shutil.copytree(OVERLAY_DIR, staging / "overlay", symlinks=True)
        count = sum(1 for _ in (staging / "overlay").rglob("*"))
        # The mount point is root-owned, so the copy itself needs sudo.
        run(["cp", "-a", f"{staging / 'overlay'}/.", str(mnt)], sudo=True)
        run(["chown", "-R", "0:0", str(mnt)], sudo=True)
        return count
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def write_manifest(entry: dict) -> None:
    data = {}
    if MANIFEST.exists():
        try:
            data = json.loads(MANIFEST.read_text())
        except json.JSONDecodeError:
            LOG.warning("manifest was corrupt, starting a new one")
    data[entry["name"]] = entry
    tmp = MANIFEST.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True))
    tmp.replace(MANIFEST)


def check_tools() -> None:
    missing = [t for t in ("mkfs.ext4", "losetup", "mount", "umount") if shutil.which(t) is None]
    if missing:
        raise ImageError("missing tools: " + ", ".join(missing))


def clean_images(names: list[str]) -> None:
    for name in names:
        path = image_path(name)
        if path.exists():
            path.unlink()
            LOG.info("deleted %s", path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", default="rootfs")
    parser.add_argument("--size", default="256M")
    parser.add_argument("--label", default=None)
    parser.add_argument("--keep-mounted", action="store_true")
    parser.add_argument("--clean", nargs="*", metavar="NAME",
                        help="delete the named images from build/images and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clean is not None:
        clean_images(args.clean or [args.name])
        return 0

    try:
        check_tools()
        size = parse_size(args.size)
        if size < 16 * SIZE_SUFFIXES["M"]:
            raise ImageError("image must be at least 16M for ext4 with a journal")
        path = image_path(args.name)
        create_sparse_file(path, size)
        format_image(path, args.label or args.name)
        dev = attach_loop(path)
        try:
            with mounted(dev, args.keep_mounted) as mnt:
                copied = copy_overlay(mnt)
                usage = run(["df", "--output=used,avail", str(mnt)], capture=True)
        finally:
            if not args.keep_mounted:
                detach_loop(dev)
        write_manifest({
            "name": args.name,
            "path": str(path.relative_to(PROJECT_ROOT)),
            "size": size,
            "files": copied,
            "df": usage.strip().splitlines()[-1] if usage else "",
            "built_at": int(time.time()),
        })
    except ImageError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("image ready: %s", path.relative_to(PROJECT_ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
