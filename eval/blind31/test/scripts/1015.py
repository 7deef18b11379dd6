#!/usr/bin/env python3
"""End-to-end check of the `crate` beets plugin against real beets.

Unit tests mock beets; this harness runs the actual `beet` CLI:

  1. builds a throwaway beets home in a temporary directory (config, library
     database, music directory),
  2. imports test/fixtures/albums with `-A --copy` (no autotagging, files
     copied, fixtures untouched),
  3. runs the plugin's commands (`beet crate add`, `beet crate ls`,
     `beet crate export`) and compares their output with
     test/e2e/expected/*.txt,
  4. removes the temporary beets home (kept with --keep for debugging).

Every beet call has a timeout; a hung call is killed (it is our own child).
Nothing touches the user's real ~/.config/beets: BEETSDIR points at the
temporary home for every call.
"""
from __future__ import annotations

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "test" / "fixtures" / "albums"
EXPECTED = REPO / "test" / "e2e" / "expected"
PLUGIN_PATH = REPO / "src"
TIMEOUT = 120


CONFIG_TEMPLATE = textwrap.dedent("""\
    directory: {music}
    library: {db}
    pluginpath: [{pluginpath}]
    plugins: [crate, info]
    import:
      copy: yes
      move: no
      write: no
      autotag: no
      quiet: yes
      log: {home}/import.log
    crate:
      root: {home}/crates
      format: m3u8
    paths:
      default: $albumartist/$album/$track $title
""")

STEPS: list[tuple[str, list[str]]] = [
    ("add-ambient", ["crate", "add", "ambient", "genre:Ambient"]),
    ("add-long", ["crate", "add", "long-reads", "length:600.."]),
    ("list", ["crate", "ls"]),
    ("export", ["crate", "export", "ambient", "--relative"]),
]


@contextmanager
def beets_home(keep: bool) -> Iterator[Path]:
    home = Path(tempfile.mkdtemp(prefix="beets-e2e-"))
    try:
        (home / "music").mkdir()
        (home / "crates").mkdir()
        (home / "config.yaml").write_text(CONFIG_TEMPLATE.format(
            music=home / "music", db=home / "library.db", home=home, pluginpath=PLUGIN_PATH))
        yield home
    finally:
        if keep:
            print(f"kept beets home at {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)


def beet(home: Path, *args: str) -> str:
    env = dict(os.environ, BEETSDIR=str(home), PYTHONPATH=str(PLUGIN_PATH))
    argv = ["beet", "-c", str(home / "config.yaml"), *args]
    try:
        proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as exc:
        raise RuntimeError(f"beet {' '.join(args)} timed out after {TIMEOUT}s") from exc
    if proc.returncode != 0:
        raise RuntimeError(f"beet {' '.join(args)} exited {proc.returncode}:\n{proc.stderr}")
    return proc.stdout


def normalise(text: str, home: Path) -> str:
    """Replace the temporary path so expected files are stable."""
    return text.replace(str(home), "$HOME").replace("\r\n", "\n").strip() + "\n"


def compare(name: str, actual: str, update: bool) -> bool:
    expected_file = EXPECTED / f"{name}.txt"
    if update:
        EXPECTED.mkdir(parents=True, exist_ok=True)
        expected_file.write_text(actual)
        print(f"  updated {expected_file.relative_to(REPO)}")
        return True
    if not expected_file.exists():
        print(f"  missing expected output {expected_file.relative_to(REPO)} (run with --update)")
        return False
    expected = expected_file.read_text()
    if expected == actual:
        return True
    diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "expected", "actual", lineterm="")
    print("\n".join("    " + line for line in diff))
    return False


def check_playlists(home: Path) -> list[str]:
    """Every exported crate entry must point at a file inside the throwaway library."""
    problems = []
    music = (home / "music").resolve()
    for playlist in (home / "crates").glob("*.m3u8"):
        for line in playlist.read_text().splitlines():
            if not line or line.startswith("#"):
                continue
            target = (playlist.parent / line).resolve()
            if music not in target.parents:
                problems.append(f"{playlist.name}: {line} points outside the library")
            elif not target.exists():
                problems.append(f"{playlist.name}: {line} does not exist")
    return problems


def fixture_snapshot() -> dict[str, int]:
    return {str(p.relative_to(FIXTURES)): p.stat().st_mtime_ns for p in FIXTURES.rglob("*") if p.is_file()}


def run(update: bool, keep: bool) -> int:
    before = fixture_snapshot()
    failures = 0
    with beets_home(keep) as home:
        print("importing fixtures (copy, no autotag)")
        beet(home, "import", "-A", "--copy", str(FIXTURES))
        count = beet(home, "ls", "-a", "-f", "$album").strip().splitlines()
        print(f"  {len(count)} albums in the throwaway library")
        for name, args in STEPS:
            print(f"step {name}: beet {' '.join(args)}")
            try:
                output = normalise(beet(home, *args), home)
            except RuntimeError as exc:
                print(f"  ERROR {exc}")
                failures += 1
                continue
            if not compare(name, output, update):
                failures += 1
                print(f"  FAIL {name}")
            else:
                print(f"  ok {name}")
        exported = sorted((home / "crates").glob("*.m3u8"))
        if not exported and not update:
            print("  no crate files written")
            failures += 1
        for problem in check_playlists(home):
            print(f"  playlist: {problem}")
            failures += 1
    if fixture_snapshot() != before:
        print("fixtures were modified during the run!")
        failures += 1
    return failures


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--update", action="store_true", help="rewrite expected outputs")
    parser.add_argument("--keep", action="store_true", help="keep the temporary beets home")
    args = parser.parse_args(argv)
    if shutil.which("beet") is None:
        print("beet not found; pip install -e '.[test]'", file=sys.stderr)
        return 2
    if not FIXTURES.exists():
        print(f"no fixtures at {FIXTURES.relative_to(REPO)}", file=sys.stderr)
        return 2
    failures = run(args.update, args.keep)
    print("PASS" if failures == 0 else f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
