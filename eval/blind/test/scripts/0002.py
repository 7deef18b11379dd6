#!/usr/bin/env python3
"""Ask Claude to propose docstrings for functions that have none (prints suggestions only)."""
import ast
import json
import os
import sys
import urllib.request
from pathlib import Path

API_URL = "https://api.anthropic.com/v1/messages"
MODEL = os.environ.get("DOCSTRING_MODEL", "claude-3-5-haiku-latest")


def undocumented(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not ast.get_docstring(node):
            yield node.name, ast.get_source_segment(path.read_text(), node)


def suggest(source: str) -> str:
    body = {
        "model": MODEL,
        "max_tokens": 300,
        "messages": [{"role": "user", "content": f"Write a one-paragraph docstring for:\n\n{source}"}],
    }
    req = urllib.request.Request(API_URL, data=json.dumps(body).encode(), method="POST")
    req.add_header("content-type", "application/json")
    req.add_header("x-api-key", os.environ["ANTHROPIC_API_KEY"])
    req.add_header("anthropic-version", "2023-06-01")
    with urllib.request.urlopen(req, timeout=60) as resp:
        data = json.load(resp)
    return "".join(part.get("text", "") for part in data.get("content", []))


def main() -> int:
    if "ANTHROPIC_API_KEY" not in os.environ:
        print("set ANTHROPIC_API_KEY", file=sys.stderr)
        return 2
    targets = [Path(p) for p in sys.argv[1:]] or sorted(Path("src").rglob("*.py"))
    for path in targets:
        for name, src in undocumented(path):
            print(f"## {path}:{name}")
            print(suggest(src))
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
