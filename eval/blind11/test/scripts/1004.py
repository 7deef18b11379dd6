#!/usr/bin/env python3
"""Parse and compile every dbt project under analytics/ in parallel.

Each project dir must contain dbt_project.yml. Runs `dbt parse` (or
`dbt compile` with --compile) using a fixed argv and a per-project target dir.
"""
import argparse
import concurrent.futures as cf
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ANALYTICS = Path(__file__).resolve().parents[1] / "analytics"


@dataclass(order=True)
class Outcome:
    project: str
    ok: bool = field(compare=False)
    seconds: float = field(compare=False)
    tail: str = field(default="", compare=False)


def projects(root: Path, only):
    for yml in sorted(root.glob("*/dbt_project.yml")):
        name = yml.parent.name
        if only and name not in only:
            continue
        yield yml.parent


def build_argv(project_dir: Path, compile_: bool, target: str):
    verb = "compile" if compile_ else "parse"
    return ["dbt", verb, "--project-dir", str(project_dir),
            "--profiles-dir", str(project_dir / "profiles"),
            "--target", target, "--target-path", str(project_dir / "target" / "ci")]


def check(project_dir: Path, compile_: bool, target: str) -> Outcome:
    started = time.perf_counter()
    proc = subprocess.run(build_argv(project_dir, compile_, target),
                          capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-15:])
    return Outcome(project_dir.name, proc.returncode == 0, elapsed, tail)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("only", nargs="*")
    ap.add_argument("--compile", action="store_true")
    ap.add_argument("--target", default="ci")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    args = ap.parse_args()

    if not ANALYTICS.is_dir():
        print(f"{ANALYTICS} does not exist", file=sys.stderr)
        return 2
    dirs = list(projects(ANALYTICS, set(args.only)))
    if not dirs:
        print("no dbt projects found")
        return 1
    print(f"checking {len(dirs)} project(s) with {args.jobs} worker(s)")
    results = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(check, d, args.compile, args.target): d for d in dirs}
        for fut in cf.as_completed(futures):
            res = fut.result()
            results.append(res)
            print(f"{'ok ' if res.ok else 'ERR'} {res.project} ({res.seconds:.1f}s)")

    failed = [r for r in sorted(results) if not r.ok]
    for r in failed:
        print(f"\n--- {r.project} ---\n{r.tail}")
    print(f"\n{len(results) - len(failed)}/{len(results)} projects ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
