#!/usr/bin/env python3
"""Load an exporter plugin by file path and run it over data/processed/.

Plugins are passed around as single .py files, e.g. ~/Downloads/export_xlsx.py.
"""
import importlib.util
import sys
from pathlib import Path


def load_plugin(path):
    spec = importlib.util.spec_from_file_location("exporter_plugin", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv):
    if not argv:
        print("usage: run_exporter.py <plugin.py>")
        return 2
    plugin = load_plugin(Path(argv[0]).expanduser())
    files = sorted(Path("data/processed").glob("*.parquet"))
    for f in files:
        plugin.export(f)
    print(f"exported {len(files)} file(s) with {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
