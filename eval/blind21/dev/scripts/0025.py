#!/usr/bin/env python3
"""Run pyinfra "recipes" shared by the platform team.

Recipes are Python snippets dropped into $RECIPE_DIR (default /tmp/recipes)
by whoever prepared the machine; each is executed with the pyinfra host
object in scope.
"""
import os
import sys
from pathlib import Path

RECIPE_DIR = Path(os.environ.get("RECIPE_DIR", "/tmp/recipes"))


def run_recipe(path: Path, context: dict) -> None:
    code = compile(path.read_text(), str(path), "exec")
    exec(code, dict(context))


def main(argv) -> int:
    names = argv or sorted(p.stem for p in RECIPE_DIR.glob("*.py"))
    context = {"inventory": os.environ.get("PYINFRA_INVENTORY", "inventories/dev.py")}
    for name in names:
        path = RECIPE_DIR / f"{name}.py"
        if not path.exists():
            print(f"no recipe {name}", file=sys.stderr)
            continue
        print(f"running recipe {name}")
        run_recipe(path, context)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
