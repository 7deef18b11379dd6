#!/usr/bin/env python3
"""Task runner for the polyglot monorepo (a tiny `make` replacement).

Tasks live in tasks/*.py inside the repo; each module defines functions
decorated with @task. Modules are imported with importlib from that folder
only. Some tasks shell out with shell=True to fixed command strings that use
shell features (pipes, globs) on purpose; those strings are constants in the
task modules, never user input. Build outputs of a task are cleaned with
`--clean`, limited to the paths the task declares in OUTPUTS.
"""
from __future__ import annotations

import argparse
import importlib.util
import inspect
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent
TASK_DIR = ROOT / "tasks"


@dataclass
class Task:
    name: str
    fn: Callable
    deps: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    doc: str = ""


REGISTRY: dict[str, Task] = {}


def task(*, deps: list[str] | None = None, outputs: list[str] | None = None):
    def wrap(fn: Callable) -> Callable:
        name = f"{fn.__module__.split('.')[-1]}:{fn.__name__}"
        REGISTRY[name] = Task(name, fn, deps or [], outputs or [], inspect.getdoc(fn) or "")
        return fn
    return wrap


class Context:
    """Passed to every task function."""

    def __init__(self, verbose: bool):
        self.root = ROOT
        self.verbose = verbose

    def run(self, argv: list[str], cwd: str | None = None) -> None:
        where = ROOT / cwd if cwd else ROOT
        if self.verbose:
            print(f"  $ {' '.join(argv)}  (in {where.relative_to(ROOT) or '.'})")
        subprocess.run(argv, cwd=where, check=True)

    def shell(self, command: str, cwd: str | None = None) -> None:
        # only used with constant strings from tasks/*.py
        where = ROOT / cwd if cwd else ROOT
        if self.verbose:
            print(f"  $ {command}")
        subprocess.run(command, shell=True, cwd=where, check=True, executable="/bin/bash")


def load_tasks() -> None:
    sys.modules.setdefault("taskrunner", sys.modules[__name__])
    for path in sorted(TASK_DIR.glob("*.py")):
        if path.name.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location(f"tasks.{path.stem}", path)
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)


def resolve(names: list[str]) -> list[Task]:
    order: list[Task] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name not in REGISTRY:
            matches = [n for n in REGISTRY if n.endswith(":" + name) or n == name]
            if len(matches) != 1:
                raise SystemExit(f"unknown or ambiguous task {name!r}")
            name = matches[0]
        t = REGISTRY[name]
        if t in order:
            return
        if name in visiting:
            raise SystemExit(f"dependency cycle at {name}")
        visiting.add(name)
        for dep in t.deps:
            visit(dep)
        visiting.discard(name)
        order.append(t)

    for n in names:
        visit(n)
    return order


def clean_outputs(t: Task, dry_run: bool) -> None:
    for rel in t.outputs:
        target = (ROOT / rel).resolve()
        if ROOT not in target.parents:
            print(f"  skip {rel}: outside the repository")
            continue
        if not target.exists():
            continue
        print(f"  {'would remove' if dry_run else 'removing'} {rel}")
        if dry_run:
            continue
        if target.is_dir():
            shutil.rmtree(target)
        else:
            target.unlink()


def graph(names: list[str]) -> str:
    """Graphviz dot of the selected tasks, handy for `./run.py --graph ci | dot -Tsvg`."""
    plan = resolve(names) if names else list(REGISTRY.values())
    lines = ["digraph tasks {", "  rankdir=LR;"]
    for t in plan:
        lines.append(f'  "{t.name}";')
        for dep in t.deps:
            lines.append(f'  "{dep}" -> "{t.name}";')
    lines.append("}")
    return "\n".join(lines)


def list_tasks() -> None:
    width = max((len(n) for n in REGISTRY), default=10)
    for name in sorted(REGISTRY):
        t = REGISTRY[name]
        first = t.doc.splitlines()[0] if t.doc else ""
        deps = f" (after {', '.join(t.deps)})" if t.deps else ""
        print(f"{name:<{width}}  {first}{deps}")


def main() -> int:
    ap = argparse.ArgumentParser(description="monorepo task runner")
    ap.add_argument("tasks", nargs="*")
    ap.add_argument("-l", "--list", action="store_true")
    ap.add_argument("--clean", action="store_true", help="remove declared outputs first")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--graph", action="store_true", help="print the task graph as dot")
    args = ap.parse_args()

    load_tasks()
    if args.graph:
        print(graph(args.tasks))
        return 0
    if args.list or not args.tasks:
        list_tasks()
        return 0
    plan = resolve(args.tasks)
    ctx = Context(args.verbose)
    timings = []
    for t in plan:
        print(f"==> {t.name}")
        if args.clean:
            clean_outputs(t, args.dry_run)
        if args.dry_run:
            continue
        started = time.monotonic()
        try:
            t.fn(ctx)
        except subprocess.CalledProcessError as exc:
            print(f"task {t.name} failed (exit {exc.returncode})", file=sys.stderr)
            return exc.returncode or 1
        timings.append((t.name, time.monotonic() - started))
    for name, secs in timings:
        print(f"{secs:8.1f}s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
