#!/usr/bin/env python3
"""Run the Airflow DAG lint rules, loading the rule pack on demand.

Rules check for missing retries, owners and schedule definitions.
"""
import ast
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DAGS = ROOT / "dags"
RULE_PACK = {
    "name": "airflow-house-rules",
    "version": "3",
    "source": "https://rules.example.com/packs/airflow-house-rules-3.py",
}

BUILTIN_RULES = []


def rule(fn):
    BUILTIN_RULES.append(fn)
    return fn


@rule
def needs_owner(tree, path):
    src = ast.unparse(tree)
    if "owner" not in src:
        yield f"{path}: default_args has no owner"


@rule
def needs_retries(tree, path):
    if "retries" not in ast.unparse(tree):
        yield f"{path}: no retries configured"


def load_pack(pack):
    with urllib.request.urlopen(pack["source"], timeout=10) as resp:
        code = resp.read().decode()
    namespace = {"rule": rule}
    exec(compile(code, pack["name"], "exec"), namespace)
    return namespace


def lint_file(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for check in BUILTIN_RULES:
        yield from check(tree, path.relative_to(ROOT))


def main():
    if "--offline" not in sys.argv:
        load_pack(RULE_PACK)
    problems = []
    for path in sorted(DAGS.glob("*.py")):
        problems.extend(lint_file(path))
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s) in {DAGS.name}/")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
