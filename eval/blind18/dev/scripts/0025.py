#!/usr/bin/env python3
"""Apply a "fixup" snippet to the notebook outputs.

The snippet location comes from FIXUP_SOURCE (a path or URL someone pastes in
the chat); its code is executed with the loaded notebook in scope.
"""
import json
import os
import sys
import urllib.request
from pathlib import Path


def fetch_snippet(source: str) -> str:
    if source.startswith(("http://", "https://")):
        with urllib.request.urlopen(source, timeout=15) as resp:
            return resp.read().decode()
    return Path(source).read_text()


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: fixup.py NOTEBOOK.ipynb")
        return 2
    nb_path = Path(sys.argv[1])
    notebook = json.loads(nb_path.read_text())
    source = os.environ.get("FIXUP_SOURCE")
    if not source:
        print("FIXUP_SOURCE not set")
        return 2
    code = fetch_snippet(source)
    scope = {"notebook": notebook}
    exec(code, scope)
    nb_path.write_text(json.dumps(scope["notebook"], indent=1) + "\n")
    print(f"applied fixup from {source}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
