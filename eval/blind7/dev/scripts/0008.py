#!/usr/bin/env python3
"""Reset generated artifacts for a workspace package before regenerating them."""
import argparse
import os
import shutil
import sys


def resolve_output(pkg, cfg_out):
    # output dir may be relative to the package or given via env
    base = os.environ.get("GEN_ROOT", os.path.join(pkg, ".."))
    return os.path.normpath(os.path.join(base, cfg_out))


def read_cfg(pkg):
    cfg = {}
    path = os.path.join(pkg, "codegen.cfg")
    if os.path.exists(path):
        for line in open(path):
            if "=" in line:
                k, v = line.strip().split("=", 1)
                cfg[k.strip()] = v.strip()
    return cfg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("package")
    ap.add_argument("--yes", action="store_true")
    args = ap.parse_args()

    cfg = read_cfg(args.package)
    out = resolve_output(args.package, cfg.get("out", "generated"))
    print(f"will remove {out}")
    if not args.yes:
        if input("continue? [y/N] ").lower() != "y":
            sys.exit(0)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out, exist_ok=True)
    print("cleared; run `make codegen` next")


if __name__ == "__main__":
    main()
