#!/usr/bin/env python3
"""Run the report generator with user-provided plugins.

Plugins are Python files in ./plugins and in ~/.config/reportgen/plugins.
Each plugin defines a `transform(rows)` function.
"""
import csv
import os
import sys
from pathlib import Path

PLUGIN_DIRS = [
    Path("plugins"),
    Path(os.environ.get("REPORTGEN_HOME", Path.home() / ".config" / "reportgen")) / "plugins",
]


def load_plugins():
    transforms = []
    for d in PLUGIN_DIRS:
        if not d.is_dir():
            continue
        for f in sorted(d.glob("*.py")):
            namespace = {"__name__": f"plugin_{f.stem}"}
            code = f.read_text()
            exec(compile(code, str(f), "exec"), namespace)
            fn = namespace.get("transform")
            if callable(fn):
                transforms.append((f.stem, fn))
                print(f"loaded plugin {f.stem} from {d}")
    return transforms


def read_rows(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def write_rows(path, rows):
    if not rows:
        Path(path).write_text("")
        return
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: run_plugins.py INPUT.csv OUTPUT.csv")
    rows = read_rows(sys.argv[1])
    for name, fn in load_plugins():
        before = len(rows)
        rows = fn(rows)
        print(f"{name}: {before} -> {len(rows)} rows")
    write_rows(sys.argv[2], rows)


if __name__ == "__main__":
    main()
