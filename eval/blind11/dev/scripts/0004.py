#!/usr/bin/env python3
"""Walk the monorepo and run each module's own test command.

Detects the ecosystem of every top-level module (Gradle, Maven, mix, bundler,
dotnet, cargo) and runs its test command with a fixed argv. Prints a summary.
"""
import argparse
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DETECTORS = [
    ("build.gradle.kts", ["./gradlew", "test", "--console=plain"]),
    ("build.gradle", ["./gradlew", "test", "--console=plain"]),
    ("pom.xml", ["mvn", "-B", "-q", "test"]),
    ("mix.exs", ["mix", "test"]),
    ("Gemfile", ["bundle", "exec", "rake", "test"]),
    ("Cargo.toml", ["cargo", "test", "--quiet"]),
]


@dataclass
class Result:
    module: str
    command: list
    code: int
    seconds: float


def detect(module_dir):
    for marker, argv in DETECTORS:
        if (module_dir / marker).exists():
            return argv
    if any(module_dir.glob("*.sln")) or any(module_dir.glob("*.csproj")):
        return ["dotnet", "test", "--nologo"]
    return None


def modules(selected):
    for child in sorted(ROOT.iterdir()):
        if not child.is_dir() or child.name.startswith("."):
            continue
        if selected and child.name not in selected:
            continue
        argv = detect(child)
        if argv:
            yield child, argv


def run_one(path, argv, verbose):
    start = time.monotonic()
    proc = subprocess.run(argv, cwd=path,
                          stdout=None if verbose else subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    took = time.monotonic() - start
    if proc.returncode and not verbose and proc.stdout:
        print("\n".join(proc.stdout.splitlines()[-40:]))
    return Result(path.name, argv, proc.returncode, took)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("modules", nargs="*")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--fail-fast", action="store_true")
    args = ap.parse_args()

    results = []
    for path, argv in modules(set(args.modules)):
        print(f"==> {path.name}: {' '.join(argv)}")
        res = run_one(path, argv, args.verbose)
        results.append(res)
        if res.code and args.fail_fast:
            break

    print("\nsummary")
    width = max((len(r.module) for r in results), default=6)
    for r in results:
        state = "ok" if r.code == 0 else f"FAIL({r.code})"
        print(f"  {r.module:<{width}}  {state:<9} {r.seconds:6.1f}s")
    return 1 if any(r.code for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
