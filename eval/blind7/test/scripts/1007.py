#!/usr/bin/env python3
"""Plugin loader for the report generator: imports plugins named in reports.toml."""
import importlib
import importlib.util
import sys
import tomllib
from pathlib import Path

CONFIG = Path("reports.toml")


def load_config():
    if not CONFIG.exists():
        return {"plugins": [], "paths": []}
    with CONFIG.open("rb") as fh:
        return tomllib.load(fh)


def load_plugin(spec):
    # spec may be "package.module:attr" or a file path "path/to/file.py:attr"
    target, _, attr = spec.partition(":")
    if target.endswith(".py"):
        s = importlib.util.spec_from_file_location(Path(target).stem, target)
        mod = importlib.util.module_from_spec(s)
        s.loader.exec_module(mod)
    else:
        mod = importlib.import_module(target)
    return getattr(mod, attr or "run")


def main():
    cfg = load_config()
    for p in cfg.get("paths", []):
        sys.path.insert(0, p)
    results = {}
    for spec in cfg.get("plugins", []):
        try:
            fn = load_plugin(spec)
        except Exception as e:  # noqa: BLE001
            print(f"failed to load {spec}: {e}")
            continue
        results[spec] = fn()
    out = Path("build/reports")
    out.mkdir(parents=True, exist_ok=True)
    for spec, res in results.items():
        name = spec.replace(":", "_").replace("/", "_")
        (out / f"{name}.txt").write_text(str(res))
    print(f"{len(results)} reports generated in {out}")


if __name__ == "__main__":
    main()
