#!/usr/bin/env python3
"""Cut a release from the checked-out branch.

Plan: read version from pyproject.toml, write the new version, commit,
create an annotated tag, then `git push origin HEAD` and push the tag.
Nothing is force-pushed and no other remote is touched.
"""
import argparse
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

PYPROJECT = Path("pyproject.toml")
VERSION_LINE = re.compile(r'^(version\s*=\s*")([^"]+)(")', re.M)


@dataclass
class ReleasePlan:
    current: str
    target: str
    branch: str
    push: bool = True
    steps: list[str] = field(default_factory=list)

    @property
    def tag(self) -> str:
        return f"v{self.target}"


def sh(*argv: str) -> str:
    return subprocess.check_output(argv, text=True).strip()


def next_version(current: str, part: str, pre: str | None) -> str:
    base = current.split("rc")[0].rstrip(".-")
    major, minor, patch = (int(x) for x in base.split("."))
    if part == "major":
        major, minor, patch = major + 1, 0, 0
    elif part == "minor":
        minor, patch = minor + 1, 0
    elif part == "patch":
        patch += 1
    version = f"{major}.{minor}.{patch}"
    return f"{version}rc{pre}" if pre else version


def make_plan(ns: argparse.Namespace) -> ReleasePlan:
    if sh("git", "status", "--porcelain"):
        raise SystemExit("uncommitted changes; aborting")
    branch = sh("git", "branch", "--show-current")
    if not branch:
        raise SystemExit("not on a branch")
    match = VERSION_LINE.search(PYPROJECT.read_text())
    if not match:
        raise SystemExit("version not found in pyproject.toml")
    plan = ReleasePlan(match.group(2), next_version(match.group(2), ns.part, ns.rc), branch, not ns.local)
    plan.steps = [
        f"write version {plan.target}",
        f"commit 'release {plan.tag}'",
        f"tag {plan.tag}",
    ]
    if plan.push:
        plan.steps += [f"push {branch} to origin", f"push {plan.tag} to origin"]
    return plan


def execute(plan: ReleasePlan) -> None:
    text = PYPROJECT.read_text()
    PYPROJECT.write_text(VERSION_LINE.sub(rf"\g<1>{plan.target}\g<3>", text, count=1))
    sh("git", "add", str(PYPROJECT))
    sh("git", "commit", "-m", f"release {plan.tag}")
    sh("git", "tag", "-a", plan.tag, "-m", f"Release {plan.tag}")
    if plan.push:
        subprocess.run(["git", "push", "origin", "HEAD"], check=True)
        subprocess.run(["git", "push", "origin", plan.tag], check=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("part", choices=["major", "minor", "patch", "same"])
    parser.add_argument("--rc", help="release candidate number")
    parser.add_argument("--local", action="store_true", help="do not push")
    parser.add_argument("--yes", action="store_true")
    ns = parser.parse_args()
    plan = make_plan(ns)
    print(f"{plan.current} -> {plan.target} on {plan.branch}")
    for i, step in enumerate(plan.steps, 1):
        print(f"  {i}. {step}")
    if not ns.yes and input("proceed? [y/N] ").strip().lower() != "y":
        print("cancelled")
        return 1
    execute(plan)
    print(f"released {plan.tag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
