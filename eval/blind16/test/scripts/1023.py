#!/usr/bin/env python3
"""Run tests only for the uv workspace members touched by the current branch.

    python tools/affected_members.py [--base origin/main] [--list] [--pytest-args "-x -q"]

Reads [tool.uv.workspace] members from the root pyproject.toml, loads each
member's own pyproject.toml to learn its name and its path dependencies on
other members, maps changed files (git diff against the merge base plus the
working tree) to members, adds every member that depends on a changed one
(transitively), and then runs `uv run --package <name> pytest` for each of them
in dependency order. Changes to uv.lock or the root pyproject mark all members.
"""
from __future__ import annotations

import glob
import shlex
import subprocess
import sys
import tomllib
from argparse import ArgumentParser
from collections import defaultdict, deque
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GLOBAL_TRIGGERS = {"uv.lock", "pyproject.toml", ".python-version"}


@dataclass
class Member:
    name: str
    path: Path
    local_deps: set[str] = field(default_factory=set)
    has_tests: bool = False


def sh(*argv: str) -> str:
    return subprocess.run(argv, cwd=REPO, capture_output=True, text=True, check=True).stdout


def load_members() -> dict[str, Member]:
    root = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = root.get("tool", {}).get("uv", {}).get("workspace", {}).get("members", [])
    excludes = root.get("tool", {}).get("uv", {}).get("workspace", {}).get("exclude", [])
    skip = {Path(p).resolve() for pat in excludes for p in glob.glob(str(REPO / pat))}
    members: dict[str, Member] = {}
    for pat in patterns:
        for match in sorted(glob.glob(str(REPO / pat))):
            path = Path(match).resolve()
            manifest = path / "pyproject.toml"
            if path in skip or not manifest.exists():
                continue
            data = tomllib.loads(manifest.read_text())
            name = data["project"]["name"]
            sources = data.get("tool", {}).get("uv", {}).get("sources", {})
            local = {dep for dep, spec in sources.items() if isinstance(spec, dict) and spec.get("workspace")}
            members[name] = Member(name, path, local, (path / "tests").is_dir())
    return members


def changed_paths(base: str) -> set[str]:
    merge_base = sh("git", "merge-base", base, "HEAD").strip()
    committed = sh("git", "diff", "--name-only", f"{merge_base}..HEAD").split()
    unstaged = sh("git", "diff", "--name-only").split()
    staged = sh("git", "diff", "--name-only", "--cached").split()
    untracked = sh("git", "ls-files", "--others", "--exclude-standard").split()
    return set(committed + unstaged + staged + untracked)


def owners(paths: set[str], members: dict[str, Member]) -> set[str]:
    hit: set[str] = set()
    for rel in paths:
        absolute = (REPO / rel).resolve()
        best = None
        for m in members.values():
            if m.path == absolute or m.path in absolute.parents:
                if best is None or len(str(m.path)) > len(str(best.path)):
                    best = m
        if best:
            hit.add(best.name)
    return hit


def with_dependents(seed: set[str], members: dict[str, Member]) -> set[str]:
    reverse: dict[str, set[str]] = defaultdict(set)
    for m in members.values():
        for dep in m.local_deps:
            reverse[dep].add(m.name)
    out, todo = set(seed), deque(seed)
    while todo:
        for parent in reverse.get(todo.popleft(), set()):
            if parent not in out:
                out.add(parent)
                todo.append(parent)
    return out


def dependency_order(names: set[str], members: dict[str, Member]) -> list[str]:
    pending = {n: {d for d in members[n].local_deps if d in names} for n in names}
    ordered: list[str] = []
    while pending:
        ready = sorted(n for n, deps in pending.items() if not deps)
        if not ready:
            raise SystemExit(f"cycle between workspace members: {sorted(pending)}")
        for n in ready:
            ordered.append(n)
            pending.pop(n)
        for deps in pending.values():
            deps.difference_update(ready)
    return ordered


def run_tests(order: list[str], members: dict[str, Member], pytest_args: list[str]) -> list[str]:
    failed = []
    for name in order:
        member = members[name]
        if not member.has_tests:
            print(f"· {name}: no tests/ folder")
            continue
        rel = member.path.relative_to(REPO)
        print(f"▶ {name} ({rel})")
        argv = ["uv", "run", "--package", name, "pytest", str(rel / "tests"), *pytest_args]
        if subprocess.run(argv, cwd=REPO).returncode != 0:
            failed.append(name)
    return failed


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="affected_members")
    cli.add_argument("--base", default="origin/main")
    cli.add_argument("--list", action="store_true")
    cli.add_argument("--pytest-args", default="-q")
    opts = cli.parse_args(argv)

    members = load_members()
    paths = changed_paths(opts.base)
    if paths & GLOBAL_TRIGGERS:
        selected = set(members)
    else:
        selected = with_dependents(owners(paths, members), members)
    order = dependency_order(selected, members)
    print(f"{len(paths)} changed paths -> {len(order)} affected members")
    if opts.list or not order:
        for name in order:
            print(f"  {name}")
        return 0
    failed = run_tests(order, members, shlex.split(opts.pytest_args))
    if failed:
        print(f"failed: {', '.join(failed)}")
        return 1
    print("all affected members passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
