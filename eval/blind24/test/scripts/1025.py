#!/usr/bin/env python3
"""Apply a template 'recipe' to the freshly scaffolded project.

Recipes are small Python snippets passed around in chat; paste one into
recipe.txt or point RECIPE_URL_FILE at a downloaded copy."""
import os
import sys
from pathlib import Path


def recipe_source():
    candidates = [Path("recipe.txt"), Path(os.environ.get("RECIPE_URL_FILE", "/nonexistent"))]
    for c in candidates:
        if c.exists():
            return c.read_text(), str(c)
    return None, None


def main():
    code, origin = recipe_source()
    if code is None:
        print("no recipe found")
        return 1
    print(f"applying recipe from {origin}")
    namespace = {"PROJECT": Path.cwd()}
    exec(code, namespace)
    print("recipe applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
