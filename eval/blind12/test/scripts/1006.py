#!/usr/bin/env python3
"""Generate typed dataclasses from the OpenAPI components in api/openapi.json.

Output: src/ferry/api_models.py. Only `components.schemas` of type object are
rendered; enums become Literal types. Run after every spec change.
"""
import json
import keyword
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SPEC = REPO / "api" / "openapi.json"
OUTPUT = REPO / "src" / "ferry" / "api_models.py"

PRIMITIVES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def py_type(schema: dict) -> str:
    if "$ref" in schema:
        return f'"{ref_name(schema["$ref"])}"'
    if "enum" in schema:
        return "Literal[" + ", ".join(repr(v) for v in schema["enum"]) + "]"
    kind = schema.get("type")
    if kind == "array":
        return f"list[{py_type(schema.get('items', {}))}]"
    if kind == "object":
        extra = schema.get("additionalProperties")
        return f"dict[str, {py_type(extra)}]" if isinstance(extra, dict) else "dict[str, Any]"
    base = PRIMITIVES.get(kind, "Any")
    if schema.get("format") == "date-time":
        base = "str  # ISO-8601"
    return base


def field_name(name: str) -> str:
    snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")
    return f"{snake}_" if keyword.iskeyword(snake) else snake


def render_model(name: str, schema: dict) -> list[str]:
    required = set(schema.get("required", []))
    props = schema.get("properties", {})
    lines = ["@dataclass", f"class {name}:"]
    if schema.get("description"):
        lines.append(f'    """{schema["description"].strip()}"""')
    if not props:
        lines.append("    pass")
        return lines
    ordered = sorted(props.items(), key=lambda kv: kv[0] not in required)
    for prop, sub in ordered:
        annotation = py_type(sub)
        comment = ""
        if "  #" in annotation:
            annotation, comment = annotation.split("  #", 1)
            comment = f"  #{comment}"
        if prop in required:
            lines.append(f"    {field_name(prop)}: {annotation}{comment}")
        else:
            lines.append(f"    {field_name(prop)}: Optional[{annotation}] = None{comment}")
    return lines


def render(spec: dict) -> str:
    schemas = spec.get("components", {}).get("schemas", {})
    out = [
        f"# Generated from {SPEC.relative_to(REPO)} by tools/gen_api_models.py - do not edit.",
        "from __future__ import annotations",
        "",
        "from dataclasses import dataclass",
        "from typing import Any, Literal, Optional",
        "",
    ]
    count = 0
    for name in sorted(schemas):
        schema = schemas[name]
        if schema.get("type") != "object":
            continue
        out += ["", *render_model(name, schema), ""]
        count += 1
    out.append(f"__all__ = {sorted(n for n in schemas if schemas[n].get('type') == 'object')!r}")
    print(f"rendered {count} model(s)")
    return "\n".join(out) + "\n"


def main() -> int:
    spec = json.loads(SPEC.read_text())
    version = spec.get("info", {}).get("version", "?")
    code = render(spec)
    if OUTPUT.exists() and OUTPUT.read_text() == code:
        print(f"{OUTPUT.relative_to(REPO)} already matches spec {version}")
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(code)
    print(f"wrote {OUTPUT.relative_to(REPO)} for spec {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
