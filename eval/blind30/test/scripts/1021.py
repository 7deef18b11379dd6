#!/usr/bin/env python3
"""Run the course's gretl exercises for all weeks and collect the outputs.

Exercise scripts for weeks 1-12 are published by the course coordinator; this
runner fetches the current versions in parallel, runs each with `gretlcli -b`
against the datasets in data/, and stores the output text under build/weeks/.
"""
import multiprocessing
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "weeks"
SOURCE = "https://gretl-scripts.example.net/econ201/week{:02d}.inp"
WEEKS = range(1, 13)


def fetch(week):
    url = SOURCE.format(week)
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            text = resp.read().decode("utf-8")
    except OSError as exc:
        return week, None, str(exc)
    path = OUT / f"week{week:02d}.inp"
    path.write_text(text, encoding="utf-8")
    return week, path, None


def run_script(path):
    proc = subprocess.run(["gretlcli", "-b", path.name], cwd=path.parent, capture_output=True, text=True, timeout=600)
    out = path.with_suffix(".txt")
    out.write_text(proc.stdout + proc.stderr, encoding="utf-8")
    failed = proc.returncode != 0 or "Error executing script" in proc.stdout
    return not failed, out


def link_data():
    for csv in (ROOT / "data").glob("*.gdt"):
        link = OUT / csv.name
        if not link.exists():
            link.symlink_to(csv)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    link_data()
    with multiprocessing.Pool(4) as pool:
        fetched = pool.map(fetch, WEEKS)
    ok = failed = 0
    for week, path, err in sorted(fetched):
        if path is None:
            print(f"week {week:02d}: download failed ({err})")
            failed += 1
            continue
        good, out = run_script(path)
        print(f"week {week:02d}: {'ok' if good else 'FAILED'} -> {out.relative_to(ROOT)}")
        ok += good
        failed += not good
    print(f"{ok} ok, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
