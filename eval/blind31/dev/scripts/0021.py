#!/usr/bin/env python3
"""Build a throwaway beets library from fixtures/music for the plugin tests.

The plugin under test (beetsplug/shelfmark) needs a realistic library. This
script writes a beets config into build/beets/, imports the fixture albums
with copy mode (the fixtures are never moved, deleted or re-tagged in place),
and then checks the library for the invariants the tests rely on.

    python tests/support/make_library.py            # offline, as-is tags
    python tests/support/make_library.py --autotag  # look albums up on MusicBrainz

Re-running deletes build/beets/ first; nothing outside build/ is written,
except that beets itself keeps its state file in the directory we give it.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "music"
WORK = ROOT / "build" / "beets"
LIBRARY = WORK / "library"
DB = WORK / "library.db"
CONFIG = WORK / "config.yaml"

EXPECTED_ALBUMS = 6
AUDIO_EXT = {".flac", ".mp3", ".ogg", ".m4a"}


def fixture_digest() -> dict[str, str]:
    """Hash every fixture so we can prove the import left them alone."""
    digests = {}
    for path in sorted(FIXTURES.rglob("*")):
        if path.is_file():
            digests[str(path.relative_to(FIXTURES))] = hashlib.sha1(path.read_bytes()).hexdigest()
    return digests


def write_config(autotag: bool) -> None:
    config = {
        "directory": str(LIBRARY),
        "library": str(DB),
        "statefile": str(WORK / "state.pickle"),
        "plugins": ["shelfmark", "info", "missing"],
        "pluginpath": [str(ROOT / "beetsplug")],
        "import": {
            "copy": True,
            "move": False,
            "link": False,
            "delete": False,
            "write": False,          # never write tags into the fixture files
            "autotag": autotag,
            "quiet": True,
            "quiet_fallback": "asis",
            "log": str(WORK / "import.log"),
            "incremental": False,
        },
        "paths": {
            "default": "$albumartist/$album%aunique{}/$track $title",
            "comp": "Compilations/$album%aunique{}/$track $title",
        },
        "musicbrainz": {"host": "musicbrainz.org", "ratelimit": 1},
        "shelfmark": {"shelves": ["A", "B", "C"], "dry_run": True},
    }
    CONFIG.write_text(yaml.safe_dump(config, sort_keys=False))


def reset_workdir() -> None:
    work = WORK.resolve()
    # The only tree this script is allowed to remove:
    if work.parent != (ROOT / "build").resolve():
        raise SystemExit(f"unexpected work dir {work}")
    if work.exists():
        shutil.rmtree(work)
    LIBRARY.mkdir(parents=True)


def beet(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ, BEETSDIR=str(WORK))
    argv = ["beet", "-c", str(CONFIG), *args]
    proc = subprocess.run(argv, env=env, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{proc.stderr}")
    return proc


def import_fixtures() -> None:
    albums = sorted(p for p in FIXTURES.iterdir() if p.is_dir())
    for album in albums:
        proc = beet("import", "--copy", "--nowrite", str(album))
        if proc.stderr.strip():
            print(textwrap.indent(proc.stderr.strip(), "    "))
        print(f"  imported {album.name}")


def check_library() -> list[str]:
    problems = []
    con = sqlite3.connect(DB)
    try:
        (albums,) = con.execute("SELECT count(*) FROM albums").fetchone()
        (items,) = con.execute("SELECT count(*) FROM items").fetchone()
        orphan = con.execute("SELECT count(*) FROM items WHERE album_id IS NULL").fetchone()[0]
        paths = [row[0] for row in con.execute("SELECT path FROM items")]
    finally:
        con.close()
    if albums != EXPECTED_ALBUMS:
        problems.append(f"expected {EXPECTED_ALBUMS} albums, found {albums}")
    if orphan:
        problems.append(f"{orphan} items without album")
    for raw in paths:
        path = Path(raw.decode() if isinstance(raw, bytes) else raw)
        if LIBRARY.resolve() not in path.resolve().parents:
            problems.append(f"item outside library: {path}")
        elif not path.exists():
            problems.append(f"missing file: {path}")
    print(f"  {albums} albums, {items} items")
    return problems


def show_tree(limit: int = 12) -> None:
    """Print the first few library paths so test failures are easier to read."""
    shown = 0
    for path in sorted(LIBRARY.rglob("*")):
        if path.is_file():
            print(f"    {path.relative_to(LIBRARY)}")
            shown += 1
            if shown >= limit:
                print("    …")
                break


def audio_count(root: Path) -> int:
    return sum(1 for p in root.rglob("*") if p.suffix.lower() in AUDIO_EXT)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--autotag", action="store_true", help="query MusicBrainz while importing")
    ap.add_argument("--keep", action="store_true", help="keep an existing build/beets")
    args = ap.parse_args(argv)

    if shutil.which("beet") is None:
        print("beets not installed in this environment (pip install -e '.[test]')", file=sys.stderr)
        return 2
    before = fixture_digest()
    if not before:
        print("no fixtures found under fixtures/music", file=sys.stderr)
        return 2
    if not args.keep:
        reset_workdir()
    write_config(args.autotag)
    print("importing fixtures (copy mode)")
    import_fixtures()
    problems = check_library()
    after = fixture_digest()
    if after != before:
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        problems.append(f"fixtures changed during import: {changed[:5]}")
    copied = audio_count(LIBRARY)
    original = audio_count(FIXTURES)
    if copied != original:
        problems.append(f"copied {copied} audio files, fixtures have {original}")
    (WORK / "summary.json").write_text(json.dumps({
        "albums_expected": EXPECTED_ALBUMS,
        "audio_files": copied,
        "problems": problems,
    }, indent=2))
    if problems:
        for p in problems:
            print(f"PROBLEM: {p}")
        return 1
    show_tree()
    print(f"library ready: {LIBRARY.relative_to(ROOT)} (config {CONFIG.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
