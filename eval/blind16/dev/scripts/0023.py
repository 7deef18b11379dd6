#!/usr/bin/env python3
"""List the workspace packages affected by the current branch and run a target on them.

Works for the pnpm workspace in this repository: reads pnpm-workspace.yaml, every
package.json under the matched globs, builds the internal dependency graph, maps
changed files (git diff against the merge base) to packages, and expands to their
dependents. Then runs `pnpm --filter <pkg> run <target>` for each affected package
in topological order, or prints the list with --list / --json.
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import subprocess
import sys
from collections import defaultdict, deque
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
GLOBAL_FILES = {"pnpm-lock.yaml", "package.json", "tsconfig.base.json", ".nvmrc"}


@dataclass
class Package:
    name: str
    path: Path
    scripts: set[str]
    deps: set[str] = field(default_factory=set)


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def workspace_globs() -> list[str]:
    data = yaml.safe_load((ROOT / "pnpm-workspace.yaml").read_text())
    return [g for g in data.get("packages", []) if not g.startswith("!")]


def discover() -> dict[str, Package]:
    packages: dict[str, Package] = {}
    for pattern in workspace_globs():
        for manifest in sorted(ROOT.glob(f"{pattern}/package.json")):
            if "node_modules" in manifest.parts:
                continue
            data = json.loads(manifest.read_text())
            name = data.get("name")
            if not name:
                continue
            pkg = Package(name=name, path=manifest.parent, scripts=set(data.get("scripts", {})))
            for section in ("dependencies", "devDependencies", "peerDependencies"):
                for dep, spec in data.get(section, {}).items():
                    if str(spec).startswith("workspace:"):
                        pkg.deps.add(dep)
            packages[name] = pkg
    return packages


def merge_base(base: str) -> str:
    return git("merge-base", base, "HEAD").strip()


def changed_files(base: str, include_worktree: bool) -> list[str]:
    mb = merge_base(base)
    files = set(git("diff", "--name-only", f"{mb}...HEAD").splitlines())
    if include_worktree:
        files |= set(git("diff", "--name-only").splitlines())
        files |= set(git("ls-files", "--others", "--exclude-standard").splitlines())
    return sorted(f for f in files if f)


def owner_of(path: str, packages: dict[str, Package]) -> str | None:
    best, best_len = None, -1
    for pkg in packages.values():
        rel = str(pkg.path.relative_to(ROOT))
        if path == rel or path.startswith(rel + "/"):
            if len(rel) > best_len:
                best, best_len = pkg.name, len(rel)
    return best


def dependents(packages: dict[str, Package]) -> dict[str, set[str]]:
    rev: dict[str, set[str]] = defaultdict(set)
    for pkg in packages.values():
        for dep in pkg.deps:
            rev[dep].add(pkg.name)
    return rev


def affected(packages: dict[str, Package], files: list[str], ignore: list[str]) -> set[str]:
    direct: set[str] = set()
    for f in files:
        if any(fnmatch.fnmatch(f, pat) for pat in ignore):
            continue
        if f in GLOBAL_FILES:
            return set(packages)
        owner = owner_of(f, packages)
        if owner:
            direct.add(owner)
    rev = dependents(packages)
    result, queue = set(direct), deque(direct)
    while queue:
        for d in rev.get(queue.popleft(), ()):
            if d not in result:
                result.add(d)
                queue.append(d)
    return result


def topo_order(packages: dict[str, Package], subset: set[str]) -> list[str]:
    indegree = {n: 0 for n in subset}
    for n in subset:
        for dep in packages[n].deps:
            if dep in subset:
                indegree[n] += 1
    rev = dependents(packages)
    ready = deque(sorted(n for n, d in indegree.items() if d == 0))
    order = []
    while ready:
        n = ready.popleft()
        order.append(n)
        for d in sorted(rev.get(n, ())):
            if d in indegree:
                indegree[d] -= 1
                if indegree[d] == 0:
                    ready.append(d)
    if len(order) != len(subset):
        raise SystemExit("dependency cycle between workspace packages")
    return order


def run_target(order: list[str], packages: dict[str, Package], target: str, bail: bool) -> int:
    failures = []
    for name in order:
        if target not in packages[name].scripts:
            print(f"- {name}: no `{target}` script, skipping")
            continue
        print(f"- {name}: pnpm run {target}")
        code = subprocess.run(["pnpm", "--filter", name, "run", target], cwd=ROOT).returncode
        if code != 0:
            failures.append(name)
            if bail:
                break
    if failures:
        print(f"failed: {', '.join(failures)}", file=sys.stderr)
        return 1
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("target", nargs="?", default="test")
    ap.add_argument("--base", default="origin/main")
    ap.add_argument("--worktree", action="store_true", help="include uncommitted and untracked files")
    ap.add_argument("--ignore", action="append", default=["*.md", "docs/*"])
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--bail", action="store_true")
    args = ap.parse_args()

    packages = discover()
    files = changed_files(args.base, args.worktree)
    hit = affected(packages, files, args.ignore)
    order = topo_order(packages, hit)
    if args.json:
        print(json.dumps({"changed_files": files, "affected": order}, indent=2))
        return 0
    if args.list or not order:
        print(f"{len(files)} changed files, {len(order)} affected packages")
        for name in order:
            print(f"  {name}  ({packages[name].path.relative_to(ROOT)})")
        return 0
    return run_target(order, packages, args.target, args.bail)


if __name__ == "__main__":
    sys.exit(main())
