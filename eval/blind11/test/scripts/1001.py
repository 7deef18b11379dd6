#!/usr/bin/env python3
"""scripts/publish_library.py - publish the orbit-kotlin library to Maven Central.

A small pipeline of steps; each step can be skipped by name. Removes the
local build/ output first (only inside this checkout).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

REPO_DIR = Path(__file__).resolve().parents[1]
PROPS = REPO_DIR / "gradle.properties"


class Step:
    name = "step"

    def __init__(self, ctx: dict):
        self.ctx = ctx

    def run(self) -> None:
        raise NotImplementedError

    def sh(self, *argv: str) -> str:
        print(f"[{self.name}] $ {' '.join(argv)}")
        if self.ctx["dry"]:
            return ""
        done = subprocess.run(argv, cwd=REPO_DIR, text=True, capture_output=True)
        if done.returncode:
            print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
            raise SystemExit(f"{self.name} failed")
        return done.stdout.strip()


class CheckBranch(Step):
    name = "check-branch"

    def run(self):
        out = subprocess.run(["git", "symbolic-ref", "--short", "HEAD"], cwd=REPO_DIR,
                             capture_output=True, text=True).stdout.strip()
        if out != "main" and not self.ctx["dry"]:
            raise SystemExit(f"publish from main only (on {out})")


class SetVersion(Step):
    name = "set-version"

    def run(self):
        lines = PROPS.read_text().splitlines()
        lines = [f"VERSION_NAME={self.ctx['version']}" if l.startswith("VERSION_NAME=") else l
                 for l in lines]
        if not self.ctx["dry"]:
            PROPS.write_text("\n".join(lines) + "\n")
        print(f"[{self.name}] VERSION_NAME={self.ctx['version']}")


class CleanBuild(Step):
    name = "clean"

    def run(self):
        target = (REPO_DIR / "build").resolve()
        if target.parent != REPO_DIR or target.name != "build":
            raise SystemExit(f"unexpected build dir {target}")
        if target.exists() and not self.ctx["dry"]:
            shutil.rmtree(target)


class Publish(Step):
    name = "publish"

    def run(self):
        self.sh("./gradlew", "--no-configuration-cache", "publishAllPublicationsToMavenCentralRepository")


class TagAndPush(Step):
    name = "tag"

    def run(self):
        tag = f"v{self.ctx['version']}"
        self.sh("git", "commit", "-am", f"Prepare release {tag}")
        self.sh("git", "tag", "-s", tag, "-m", tag)
        self.sh("git", "push", "--atomic", "origin", "main", tag)


PIPELINE = [CheckBranch, SetVersion, CleanBuild, Publish, TagAndPush]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("version")
    ap.add_argument("--skip", action="append", default=[])
    ap.add_argument("--dry-run", action="store_true", help="print steps only")
    args = ap.parse_args(argv)
    ctx = {"version": args.version, "dry": args.dry_run}
    for step_cls in PIPELINE:
        if step_cls.name in args.skip:
            print(f"[{step_cls.name}] skipped")
            continue
        step_cls(ctx).run()
    print("published", args.version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
