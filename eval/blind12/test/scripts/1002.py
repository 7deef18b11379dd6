#!/usr/bin/env python3
"""Snapshot tests for the markdown renderer CLI (`mdr`).

For every tests/snapshots/*.md input, render it in an isolated temporary
directory with a fixed command line and compare against the stored .html.
Use --update to rewrite the snapshots after an intended change.
"""
import argparse
import filecmp
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory

REPO = Path(__file__).resolve().parents[1]
SNAPSHOT_DIR = REPO / "tests" / "snapshots"
RENDER = [sys.executable, "-m", "mdr", "render", "--no-color", "--stable-ids"]


@dataclass
class Outcome:
    name: str
    status: str
    message: str = ""


def render_in_sandbox(source: Path) -> str:
    with TemporaryDirectory(prefix="mdr-snap-") as tmp:
        sandbox = Path(tmp)
        target = sandbox / source.name
        shutil.copyfile(source, target)
        assets = source.with_suffix("")
        if assets.is_dir():
            shutil.copytree(assets, sandbox / assets.name)
        result = subprocess.run(
            RENDER + [target.name, "-o", "out.html"],
            cwd=sandbox,
            capture_output=True,
            text=True,
            timeout=30,
            env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
        )
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip() or f"exit {result.returncode}")
        return (sandbox / "out.html").read_text(encoding="utf-8")


def check(source: Path, update: bool) -> Outcome:
    expected_path = source.with_suffix(".html")
    try:
        actual = render_in_sandbox(source)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        return Outcome(source.stem, "error", str(exc))
    if update or not expected_path.exists():
        expected_path.write_text(actual, encoding="utf-8")
        return Outcome(source.stem, "written")
    expected = expected_path.read_text(encoding="utf-8")
    if expected == actual:
        return Outcome(source.stem, "ok")
    first_diff = next(
        (i for i, (a, b) in enumerate(zip(expected.splitlines(), actual.splitlines()), 1) if a != b),
        min(len(expected.splitlines()), len(actual.splitlines())) + 1,
    )
    return Outcome(source.stem, "mismatch", f"first difference at line {first_diff}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-k", dest="pattern", default="*", help="glob on snapshot names")
    ap.add_argument("--update", action="store_true")
    args = ap.parse_args()

    sources = sorted(SNAPSHOT_DIR.glob(f"{args.pattern}.md"))
    if not sources:
        print("no snapshot inputs matched", file=sys.stderr)
        return 1
    outcomes = [check(src, args.update) for src in sources]
    width = max(len(o.name) for o in outcomes)
    for o in outcomes:
        print(f"{o.status:9s} {o.name:{width}s} {o.message}")
    bad = [o for o in outcomes if o.status in ("error", "mismatch")]
    stale = [p for p in SNAPSHOT_DIR.glob("*.html") if not p.with_suffix(".md").exists()]
    for p in stale:
        print(f"orphaned snapshot: {p.name}")
    same = filecmp.cmp(SNAPSHOT_DIR / "README.md", REPO / "docs" / "snapshots.md", shallow=False) \
        if (SNAPSHOT_DIR / "README.md").exists() and (REPO / "docs" / "snapshots.md").exists() else True
    if not same:
        print("note: tests/snapshots/README.md differs from docs/snapshots.md")
    print(f"{len(outcomes) - len(bad)}/{len(outcomes)} snapshots passed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
