#!/usr/bin/env python3
"""Tidy kiln's caches: report sizes, then reclaim space on request.

Targets are declared in ``[tool.kiln.cleanup]`` of pyproject.toml, e.g.::

    [tool.kiln.cleanup]
    paths = ["out", ".tox", ".nox", ".hypothesis", "docs/_build", "*.egg-info"]
    keep_days = 3

Modes
    report (default)   sizes only
    --apply            delete project targets older than keep_days
    --tool pre-commit  also `pre-commit gc` (drops unused hook envs, tool-managed)
    --tool pip         also `pip cache purge`
    --tool hatch       also `hatch env prune` for this project's envs

Every project target is checked to be inside the repository after resolving
symlinks; anything else is skipped with a warning.
"""
from __future__ import annotations

import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

LOG = logging.getLogger("kiln.cleanup")
REPO = Path(__file__).resolve().parents[1]
DEFAULT_PATHS = ["out", ".tox", ".nox", ".hypothesis", "docs/_build", "*.egg-info", "htmlcov"]


@dataclass(frozen=True)
class Entry:
    path: Path
    size: int
    age_days: float

    @property
    def rel(self) -> str:
        return str(self.path.relative_to(REPO))


def fmt_size(num: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if num < 1024:
            return f"{num:7.1f} {unit}"
        num /= 1024
    return f"{num:7.1f} TiB"


def read_settings() -> tuple[list[str], float]:
    pyproject = REPO / "pyproject.toml"
    if not pyproject.exists():
        return DEFAULT_PATHS, 3.0
    with pyproject.open("rb") as fh:
        cfg = tomllib.load(fh).get("tool", {}).get("kiln", {}).get("cleanup", {})
    return list(cfg.get("paths", DEFAULT_PATHS)), float(cfg.get("keep_days", 3))


def within_repo(candidate: Path) -> bool:
    try:
        real = candidate.resolve(strict=True)
    except (FileNotFoundError, RuntimeError):
        return False
    return real != REPO and real.is_relative_to(REPO)


def measure(path: Path) -> tuple[int, float]:
    total, newest = 0, 0.0
    if path.is_file():
        st = path.stat()
        return st.st_size, st.st_mtime
    for dirpath, _dirnames, filenames in os.walk(path):
        for name in filenames:
            try:
                st = os.lstat(os.path.join(dirpath, name))
            except OSError:
                continue
            total += st.st_size
            newest = max(newest, st.st_mtime)
    return total, newest or path.stat().st_mtime


def gather(patterns: Iterable[str]) -> list[Entry]:
    seen: set[Path] = set()
    entries: list[Entry] = []
    for pattern in patterns:
        for match in REPO.glob(pattern):
            if match in seen:
                continue
            seen.add(match)
            if not within_repo(match):
                LOG.warning("skipping %s: not inside %s", match, REPO)
                continue
            size, newest = measure(match)
            entries.append(Entry(match, size, (time.time() - newest) / 86400))
    return sorted(entries, key=lambda e: e.size, reverse=True)


def remove(entry: Entry) -> None:
    if not within_repo(entry.path):
        raise RuntimeError(f"refusing to delete {entry.path}")
    if entry.path.is_dir() and not entry.path.is_symlink():
        shutil.rmtree(entry.path)
    else:
        entry.path.unlink()


def _run(argv: list[str]) -> int:
    LOG.info("running: %s", " ".join(argv))
    return subprocess.run(argv, cwd=REPO, check=False).returncode


def tool_pre_commit(apply: bool) -> None:
    if shutil.which("pre-commit") is None:
        LOG.info("pre-commit not installed")
        return
    if apply:
        _run(["pre-commit", "gc"])
    else:
        LOG.info("would run: pre-commit gc")


def tool_pip(apply: bool) -> None:
    out = subprocess.run([sys.executable, "-m", "pip", "cache", "info"], capture_output=True,
                         text=True, check=False).stdout
    for line in out.splitlines():
        if "size" in line.lower():
            LOG.info("pip cache %s", line.strip())
    if apply:
        _run([sys.executable, "-m", "pip", "cache", "purge"])
    else:
        LOG.info("would run: pip cache purge")


def tool_hatch(apply: bool) -> None:
    if shutil.which("hatch") is None:
        LOG.info("hatch not installed")
        return
    if apply:
        _run(["hatch", "env", "prune"])
    else:
        LOG.info("would run: hatch env prune (this project's environments only)")


TOOLS: dict[str, Callable[[bool], None]] = {
    "pre-commit": tool_pre_commit,
    "pip": tool_pip,
    "hatch": tool_hatch,
}


def report(entries: list[Entry], keep_days: float) -> int:
    total = 0
    print(f"{'size':>11}  {'age':>5}  path")
    for e in entries:
        marker = "" if e.age_days >= keep_days else "  (recent, kept)"
        print(f"{fmt_size(e.size)}  {e.age_days:4.0f}d  {e.rel}{marker}")
        total += e.size
    print(f"{fmt_size(total)}  total")
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="report and reclaim kiln cache space")
    parser.add_argument("--apply", action="store_true", help="delete eligible targets")
    parser.add_argument("--tool", action="append", default=[], choices=sorted(TOOLS))
    parser.add_argument("--keep-days", type=float)
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    patterns, keep_days = read_settings()
    if args.keep_days is not None:
        keep_days = args.keep_days
    entries = gather(patterns)
    report(entries, keep_days)

    freed = 0
    if args.apply:
        for e in entries:
            if e.age_days < keep_days:
                continue
            remove(e)
            freed += e.size
            LOG.info("removed %s", e.rel)
        print(f"freed {fmt_size(freed).strip()}")
    else:
        print("report only; pass --apply to delete")

    for name in args.tool:
        TOOLS[name](args.apply)
    usage = shutil.disk_usage(REPO)
    print(f"free on this filesystem: {fmt_size(usage.free).strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
