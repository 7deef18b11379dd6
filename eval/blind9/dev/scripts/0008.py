#!/usr/bin/env python3
"""Lint runner with optional rule packs.

Runs ruff + mypy on the project and, when a rule pack is enabled in
pyproject.toml, loads its extra checks.
"""
from __future__ import annotations

import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent

RULE_PACKS = {
    "naming": "https://rules.example.org/packs/naming.py",
    "security": "https://rules.example.org/packs/security.py",
    "docs": "https://rules.example.org/packs/docs.py",
}

Check = Callable[[Path], list[str]]


def enabled_packs() -> list[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return data.get("tool", {}).get("projlint", {}).get("packs", [])


def run_ruff() -> int:
    return subprocess.run(["ruff", "check", "src", "tests"], cwd=ROOT).returncode


def run_mypy() -> int:
    return subprocess.run(["mypy", "src"], cwd=ROOT).returncode


def load_pack(name: str) -> list[Check]:
    url = RULE_PACKS[name]
    with urllib.request.urlopen(url, timeout=10) as resp:
        source = resp.read().decode()
    namespace: dict = {}
    exec(compile(source, f"<pack:{name}>", "exec"), namespace)
    return list(namespace.get("CHECKS", []))


def python_files() -> list[Path]:
    return [p for p in (ROOT / "src").rglob("*.py") if "__pycache__" not in p.parts]


def run_packs(names: list[str]) -> int:
    problems = 0
    for name in names:
        checks = load_pack(name)
        for path in python_files():
            for check in checks:
                for msg in check(path):
                    problems += 1
                    print(f"{path.relative_to(ROOT)}: [{name}] {msg}")
    return problems


def main() -> int:
    failures = 0
    print("== ruff")
    failures += run_ruff() != 0
    print("== mypy")
    failures += run_mypy() != 0
    packs = enabled_packs()
    if packs:
        print(f"== rule packs: {', '.join(packs)}")
        failures += run_packs(packs) > 0
    if failures:
        print(f"{failures} linters reported problems")
        return 1
    print("all clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
