#!/usr/bin/env python3
"""Apply the feature transforms listed in the experiment sheet.

Each transform in transforms.json is a snippet of Python source taken from the
shared sheet; it is compiled and applied to every row.
"""
import json
import sys
from pathlib import Path

import pandas as pd


def compile_transforms(path):
    specs = json.loads(Path(path).read_text())
    funcs = []
    for spec in specs:
        ns = {}
        exec(spec["source"], {"pd": pd}, ns)
        funcs.append((spec["name"], ns[spec["entry"]]))
    return funcs


def main():
    if len(sys.argv) != 4:
        print("usage: apply_transforms.py transforms.json in.parquet out.parquet")
        return 2
    transforms = compile_transforms(sys.argv[1])
    df = pd.read_parquet(sys.argv[2])
    for name, fn in transforms:
        df[name] = df.apply(fn, axis=1)
        print(f"applied {name}")
    df.to_parquet(sys.argv[3])
    return 0


if __name__ == "__main__":
    sys.exit(main())
