#!/usr/bin/env python3
"""Build the Rust extension with maturin in release mode and smoke-test the wheel."""
import argparse
import glob
import logging
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import venv

log = logging.getLogger("build-ext")
ROOT = pathlib.Path(__file__).resolve().parents[1]


def clean(dirs):
    for d in dirs:
        p = (ROOT / d).resolve()
        if not str(p).startswith(str(ROOT) + os.sep):
            raise SystemExit(f"refusing to remove {p}")
        if p.exists():
            log.info("rm -rf %s", p.relative_to(ROOT))
            shutil.rmtree(p)


def build(release):
    cmd = ["maturin", "build", "--out", str(ROOT / "dist")]
    if release:
        cmd.append("--release")
    subprocess.run(cmd, cwd=ROOT, check=True)
    wheels = glob.glob(str(ROOT / "dist" / "*.whl"))
    if not wheels:
        raise SystemExit("no wheel produced")
    return wheels[0]


def smoke(wheel):
    with tempfile.TemporaryDirectory(prefix="smoke-") as tmp:
        venv.create(tmp, with_pip=True)
        py = os.path.join(tmp, "bin", "python")
        subprocess.run([py, "-m", "pip", "install", "-q", wheel], check=True)
        out = subprocess.run([py, "-c", "import fastcodec; print(fastcodec.__version__)"],
                             capture_output=True, text=True, check=True)
        log.info("smoke test ok: fastcodec %s", out.stdout.strip())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--debug", action="store_true")
    ap.add_argument("--no-smoke", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    clean(["dist", "target/wheels", "build"])
    try:
        wheel = build(not args.debug)
        if not args.no_smoke:
            smoke(wheel)
    except subprocess.CalledProcessError as exc:
        log.error("step failed: %s", exc)
        return 1
    log.info("built %s", os.path.basename(wheel))
    return 0


if __name__ == "__main__":
    sys.exit(main())
