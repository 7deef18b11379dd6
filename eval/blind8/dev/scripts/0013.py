#!/usr/bin/env python3
"""Build wheels for every package in the monorepo into ./dist, cleaning first."""
import argparse
import logging
import pathlib
import shutil
import subprocess
import sys
import tempfile

log = logging.getLogger("buildall")
ROOT = pathlib.Path(__file__).resolve().parent


def packages(root):
    return sorted(p.parent for p in root.glob("packages/*/pyproject.toml"))


def safe_rmtree(path):
    path = path.resolve()
    if ROOT not in path.parents:
        raise RuntimeError(f"refusing to delete {path}: outside project")
    shutil.rmtree(path, ignore_errors=True)


def build(pkg, outdir):
    with tempfile.TemporaryDirectory(prefix="wheel-") as tmp:
        cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", tmp, str(pkg)]
        log.info("building %s", pkg.name)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            log.error(proc.stderr[-2000:])
            raise RuntimeError(f"build failed for {pkg.name}")
        for whl in pathlib.Path(tmp).glob("*.whl"):
            shutil.move(str(whl), outdir / whl.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="dist")
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    out = ROOT / args.out
    safe_rmtree(out)
    for d in ROOT.glob("packages/*/build"):
        safe_rmtree(d)
    out.mkdir()
    failures = 0
    for pkg in packages(ROOT):
        if args.only and pkg.name not in args.only:
            continue
        try:
            build(pkg, out)
        except RuntimeError as exc:
            log.error("%s", exc)
            failures += 1
    wheels = sorted(p.name for p in out.glob("*.whl"))
    for w in wheels:
        print(w)
    log.info("%d wheels, %d failures", len(wheels), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
