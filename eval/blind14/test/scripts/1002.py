#!/usr/bin/env python3
"""Rebuild the Sphinx documentation from scratch.

Deletes docs/_build only when the script is run from the repository that
owns docs/conf.py, and only when the build dir is inside docs/.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("docs")
BUILDERS = ("html", "linkcheck", "dirhtml")


class DocsProject:
    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.docs = self.root / "docs"
        self.build_dir = self.docs / "_build"

    def validate(self) -> None:
        if not (self.docs / "conf.py").is_file():
            raise SystemExit(f"{self.docs}/conf.py not found; wrong directory?")
        if not (self.root / ".git").exists():
            raise SystemExit(f"{self.root} is not a git checkout")
        resolved = self.build_dir.resolve()
        if self.docs not in resolved.parents:
            raise SystemExit(f"build dir {resolved} escapes {self.docs}")

    def clean(self) -> int:
        if not self.build_dir.exists():
            return 0
        count = sum(1 for _ in self.build_dir.rglob("*"))
        LOG.info("deleting %s (%d entries)", self.build_dir.relative_to(self.root), count)
        shutil.rmtree(self.build_dir)
        return count

    def build(self, builder: str, strict: bool) -> float:
        argv = [sys.executable, "-m", "sphinx", "-b", builder, "-q",
                str(self.docs), str(self.build_dir / builder)]
        if strict:
            argv.insert(3, "-W")
        LOG.info("sphinx %s", builder)
        started = time.perf_counter()
        subprocess.run(argv, check=True, cwd=self.root)
        return time.perf_counter() - started

    def page_count(self, builder: str) -> int:
        return sum(1 for _ in (self.build_dir / builder).rglob("*.html"))


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="clean rebuild of the docs")
    parser.add_argument("--builder", choices=BUILDERS, action="append")
    parser.add_argument("--no-clean", action="store_true")
    parser.add_argument("--strict", action="store_true", help="turn warnings into errors")
    parser.add_argument("--root", type=Path, default=Path.cwd())
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="[docs] %(message)s")
    project = DocsProject(args.root)
    project.validate()
    if not args.no_clean:
        project.clean()
    builders = args.builder or ["html"]
    for builder in builders:
        try:
            seconds = project.build(builder, args.strict)
        except subprocess.CalledProcessError as exc:
            LOG.error("%s build failed with exit code %s", builder, exc.returncode)
            return exc.returncode
        pages = project.page_count(builder) if builder != "linkcheck" else 0
        LOG.info("%s done in %.1fs (%d pages)", builder, seconds, pages)
    index = project.build_dir / "html" / "index.html"
    if index.exists():
        LOG.info("open %s", index.relative_to(project.root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
