#!/usr/bin/env python3
"""Routine maintenance for the lab's DataLad superdataset.

- `status`: summarise subdatasets, annexed size present locally, unsaved changes
- `fetch`: datalad get the paths listed in datasets.yaml for this machine
- `free`: drop local copies of large raw files, *only* when `git annex whereis`
  reports at least --min-copies other copies (never with --reckless)
- `push`: datalad push to the configured sibling (labshare by default)

Uses subprocess with argv lists built from datasets.yaml.
"""
import argparse
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

SUPER = Path(__file__).resolve().parents[1]
CONFIG = SUPER / "datasets.yaml"


@dataclass
class Sub:
    path: str
    sibling: str
    fetch: list
    free: list


def run(argv: list[str], cwd: Path = SUPER, check: bool = True) -> str:
    print("→", " ".join(argv))
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    if check and proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        raise SystemExit(f"command failed ({proc.returncode}): {argv[0]} {argv[1]}")
    return proc.stdout


def jsonl(argv: list[str], cwd: Path = SUPER) -> list[dict]:
    out = run(argv + ["-f", "json"], cwd=cwd, check=False)
    rows = []
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("{"):
            rows.append(json.loads(line))
    return rows


def load_config(host: str) -> list[Sub]:
    data = yaml.safe_load(CONFIG.read_text())
    default_sibling = data.get("sibling", "labshare")
    subs = []
    for entry in data.get("subdatasets", []):
        machines = entry.get("machines")
        if machines and host not in machines:
            continue
        subs.append(Sub(
            path=entry["path"],
            sibling=entry.get("sibling", default_sibling),
            fetch=entry.get("fetch", []),
            free=entry.get("free", []),
        ))
    return subs


def human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PiB"


def cmd_status(subs: list[Sub]) -> int:
    dirty = 0
    for sub in subs:
        ds = SUPER / sub.path
        rows = jsonl(["datalad", "status", "--annex", "availability"], cwd=ds)
        changed = [r for r in rows if r.get("state") not in ("clean", None)]
        present = sum(r.get("bytesize", 0) for r in rows if r.get("has_content"))
        total = sum(r.get("bytesize", 0) for r in rows if r.get("key"))
        print(f"{sub.path:<28} local {human(present):>10} / {human(total):>10}  changed={len(changed)}")
        dirty += len(changed)
    return 1 if dirty else 0


def cmd_fetch(subs: list[Sub], jobs: int) -> int:
    for sub in subs:
        if not sub.fetch:
            continue
        run(["datalad", "get", "-J", str(jobs), "-d", sub.path, *[f"{sub.path}/{p}" for p in sub.fetch]])
    return 0


def copies_elsewhere(ds: Path, relpath: str) -> int:
    out = run(["git", "annex", "whereis", "--json", relpath], cwd=ds, check=False)
    worst = None
    for line in out.splitlines():
        info = json.loads(line)
        remotes = [w for w in info.get("whereis", []) if not w.get("here")]
        n = len(remotes)
        worst = n if worst is None else min(worst, n)
    return worst or 0


def cmd_free(subs: list[Sub], min_copies: int, apply: bool) -> int:
    refused = 0
    for sub in subs:
        ds = SUPER / sub.path
        for rel in sub.free:
            n = copies_elsewhere(ds, rel)
            if n < min_copies:
                print(f"keep {sub.path}/{rel}: only {n} other cop{'y' if n == 1 else 'ies'}")
                refused += 1
                continue
            if not apply:
                print(f"would drop {sub.path}/{rel} ({n} other copies)")
                continue
            # datalad drop verifies availability itself; no --reckless here on purpose
            run(["datalad", "drop", "-d", str(ds), str(ds / rel)])
    if not apply:
        print("dry run; pass --apply to drop")
    return 1 if refused else 0


def cmd_push(subs: list[Sub], data: str) -> int:
    for sub in subs:
        siblings = jsonl(["datalad", "siblings"], cwd=SUPER / sub.path)
        names = {s.get("name") for s in siblings}
        if sub.sibling not in names:
            print(f"{sub.path}: sibling {sub.sibling} not configured, skipping")
            continue
        run(["datalad", "push", "-d", sub.path, "--to", sub.sibling, "--data", data])
    run(["datalad", "push", "--to", subs[0].sibling if subs else "labshare", "--data", "nothing"])
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    sp = ap.add_subparsers(dest="cmd", required=True)
    sp.add_parser("status")
    f = sp.add_parser("fetch")
    f.add_argument("-J", type=int, default=4)
    fr = sp.add_parser("free")
    fr.add_argument("--min-copies", type=int, default=2)
    fr.add_argument("--apply", action="store_true")
    p = sp.add_parser("push")
    p.add_argument("--data", default="auto-if-wanted", choices=["anything", "nothing", "auto", "auto-if-wanted"])
    ap.add_argument("--host", default=os.uname().nodename.split(".")[0])
    opts = ap.parse_args()

    if not (SUPER / ".datalad").is_dir():
        raise SystemExit(f"{SUPER} is not a DataLad dataset")
    subs = load_config(opts.host)
    if not subs:
        print(f"no subdatasets configured for host {opts.host}")
        return 0

    if opts.cmd == "status":
        return cmd_status(subs)
    if opts.cmd == "fetch":
        return cmd_fetch(subs, opts.J)
    if opts.cmd == "free":
        if opts.min_copies < 1:
            raise SystemExit("--min-copies must be at least 1")
        return cmd_free(subs, opts.min_copies, opts.apply)
    if opts.cmd == "push":
        return cmd_push(subs, opts.data)
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
