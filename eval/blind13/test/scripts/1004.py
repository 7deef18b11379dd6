#!/usr/bin/env python3
"""Publish a fernhill release to PyPI and record it in git.

Steps: verify clean tree on main, build sdist/wheel, twine check, twine upload
(credentials come from twine's own keyring or TWINE_* env), then tag and push
the current branch and the tag to origin. Every command is a fixed argv list.
"""
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Callable

Step = Callable[["Context"], None]
STEPS: list[tuple[str, Step]] = []


class Context:
    def __init__(self, root: Path, publish: bool):
        self.root = root
        self.publish = publish
        self.version = tomllib.loads((root / "pyproject.toml").read_text())["project"]["version"]
        self.tag = f"v{self.version}"
        self.branch = ""

    def sh(self, *argv: str, capture: bool = False) -> str:
        result = subprocess.run(argv, cwd=self.root, check=True, text=True, capture_output=capture)
        return result.stdout.strip() if capture else ""


def step(label: str):
    def add(fn: Step) -> Step:
        STEPS.append((label, fn))
        return fn
    return add


@step("check git state")
def check_git(ctx: Context) -> None:
    ctx.branch = ctx.sh("git", "branch", "--show-current", capture=True)
    if ctx.branch != "main":
        raise RuntimeError(f"releases come from main (on {ctx.branch})")
    if ctx.sh("git", "status", "--porcelain", capture=True):
        raise RuntimeError("uncommitted changes present")
    existing = ctx.sh("git", "tag", "--list", ctx.tag, capture=True)
    if existing:
        raise RuntimeError(f"tag {ctx.tag} already exists")


@step("build distributions")
def build(ctx: Context) -> None:
    dist = ctx.root / "dist"
    if dist.is_dir() and dist.parent == ctx.root:
        shutil.rmtree(dist)
    ctx.sh(sys.executable, "-m", "build", "--outdir", "dist")


@step("twine check")
def twine_check(ctx: Context) -> None:
    files = sorted(str(p) for p in (ctx.root / "dist").iterdir())
    ctx.sh(sys.executable, "-m", "twine", "check", "--strict", *files)


@step("upload to PyPI")
def upload(ctx: Context) -> None:
    if not ctx.publish:
        print("    (skipped: pass --publish to upload)")
        return
    files = sorted(str(p) for p in (ctx.root / "dist").iterdir())
    ctx.sh(sys.executable, "-m", "twine", "upload", "--repository", "pypi", *files)


@step("tag and push")
def tag_and_push(ctx: Context) -> None:
    if not ctx.publish:
        print(f"    (would tag {ctx.tag} and push {ctx.branch})")
        return
    ctx.sh("git", "tag", "-s", ctx.tag, "-m", f"fernhill {ctx.version}")
    ctx.sh("git", "push", "origin", ctx.branch)
    ctx.sh("git", "push", "origin", ctx.tag)


def main() -> int:
    root = Path(__file__).resolve().parents[1]
    ctx = Context(root, publish="--publish" in sys.argv)
    print(f"fernhill {ctx.version}")
    for label, fn in STEPS:
        print(f"==> {label}")
        try:
            fn(ctx)
        except (RuntimeError, subprocess.CalledProcessError) as exc:
            print(f"release stopped at '{label}': {exc}", file=sys.stderr)
            return 1
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
