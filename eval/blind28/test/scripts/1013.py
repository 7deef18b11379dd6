#!/usr/bin/env python3
# Owner: network automation guild (#netauto)
#
#
# Start the service first:  docker compose up -d batfish   (port 9996 on localhost)
#
"""bf_checks.py - run the Batfish policy checks on the lab configs before they are pushed.

Pipeline:
  1. copy configs/<device>.cfg (the intended configs in git) into a temporary
     Batfish snapshot layout (configs/ + hosts/ + batfish/layer1_topology.json)
  2. upload the snapshot to the Batfish service on localhost:9996
     (started with `docker compose up batfish`; nothing leaves the machine)
  3. run the questions in checks/*.yml and compare answers with expectations
  4. write out/batfish/<timestamp>/<check>.csv and a summary.json

Each check file:
    name: no-undefined-refs
    question: undefinedReferences
    params: {}
    expect: empty          # or: rows <= 3, or: column X all == Y

The temporary snapshot folder is removed afterwards; with --keep it stays in
out/batfish/ for inspection.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import yaml
from pybatfish.client.session import Session

WORKTREE = Path(__file__).resolve().parent.parent
CONFIGS = WORKTREE / "configs"
CHECKS = WORKTREE / "checks"
OUT = WORKTREE / "out" / "batfish"
NETWORK = "lab-fabric"


@dataclass
class Check:
    name: str
    question: str
    params: dict
    expect: str


@dataclass
class Outcome:
    check: Check
    rows: int
    passed: bool
    note: str
    csv: Path | None = None


def load_checks(selected: set[str] | None) -> list[Check]:
    checks = []
    for path in sorted(CHECKS.glob("*.yml")):
        raw = yaml.safe_load(path.read_text()) or {}
        check = Check(raw["name"], raw["question"], raw.get("params", {}) or {}, str(raw.get("expect", "empty")))
        if selected and check.name not in selected:
            continue
        checks.append(check)
    if not checks:
        raise SystemExit("no checks selected")
    return checks


def build_snapshot(target: Path) -> int:
    (target / "configs").mkdir(parents=True)
    count = 0
    for cfg in sorted(CONFIGS.glob("*.cfg")):
        shutil.copy2(cfg, target / "configs" / cfg.name)
        count += 1
    topology = WORKTREE / "lab" / "layer1_topology.json"
    if topology.exists():
        (target / "batfish").mkdir()
        shutil.copy2(topology, target / "batfish" / "layer1_topology.json")
    hosts = WORKTREE / "lab" / "hosts"
    if hosts.is_dir():
        shutil.copytree(hosts, target / "hosts")
    return count


def evaluate(expect: str, frame) -> tuple[bool, str]:
    rows = len(frame.index)
    if expect == "empty":
        return rows == 0, f"{rows} row(s), expected none"
    m = re.fullmatch(r"rows\s*(<=|==|>=)\s*(\d+)", expect)
    if m:
        op, n = m.group(1), int(m.group(2))
        ok = {"<=": rows <= n, "==": rows == n, ">=": rows >= n}[op]
        return ok, f"{rows} row(s), expected {op} {n}"
    m = re.fullmatch(r"column\s+(\w+)\s+all\s*==\s*(.+)", expect)
    if m:
        column, value = m.group(1), m.group(2).strip()
        if column not in frame.columns:
            return False, f"column {column} missing"
        bad = frame[frame[column].astype(str) != value]
        return bad.empty, f"{len(bad)} row(s) where {column} != {value}"
    return False, f"unknown expectation '{expect}'"


def run_checks(bf: Session, checks: list[Check], out_dir: Path) -> list[Outcome]:
    outcomes = []
    for check in checks:
        question = getattr(bf.q, check.question, None)
        if question is None:
            outcomes.append(Outcome(check, 0, False, f"unknown question {check.question}"))
            continue
        started = time.monotonic()
        frame = question(**check.params).answer().frame()
        passed, note = evaluate(check.expect, frame)
        csv = out_dir / f"{check.name}.csv"
        frame.to_csv(csv, index=False)
        outcomes.append(Outcome(check, len(frame.index), passed, f"{note} ({time.monotonic() - started:.1f}s)", csv))
    return outcomes


def write_summary(out_dir: Path, outcomes: list[Outcome], devices: int) -> Path:
    summary = {
        "devices": devices,
        "passed": sum(o.passed for o in outcomes),
        "failed": sum(not o.passed for o in outcomes),
        "checks": [
            {"name": o.check.name, "question": o.check.question, "rows": o.rows, "passed": o.passed, "note": o.note}
            for o in outcomes
        ],
    }
    path = out_dir / "summary.json"
    path.write_text(json.dumps(summary, indent=2))
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Batfish checks for the lab configs")
    ap.add_argument("--host", default="localhost", help="Batfish service host (local container)")
    ap.add_argument("--check", action="append", help="run only this check (repeatable)")
    ap.add_argument("--keep", action="store_true", help="keep the generated snapshot folder")
    args = ap.parse_args(argv)
    if args.host not in ("localhost", "127.0.0.1"):
        print("Batfish must run locally (docker compose up batfish)", file=sys.stderr)
        return 2

    checks = load_checks(set(args.check) if args.check else None)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out_dir = OUT / stamp
    out_dir.mkdir(parents=True)
    snap_parent = Path(tempfile.mkdtemp(prefix="bf-snap-"))
    snapshot = snap_parent / "snapshot"
    try:
        devices = build_snapshot(snapshot)
        print(f"snapshot with {devices} device config(s)")
        bf = Session(host=args.host)
        bf.set_network(NETWORK)
        bf.init_snapshot(str(snapshot), name=f"intended-{stamp}", overwrite=True)
        outcomes = run_checks(bf, checks, out_dir)
    finally:
        if args.keep:
            shutil.move(str(snapshot), str(out_dir / "snapshot"))
        shutil.rmtree(snap_parent, ignore_errors=True)

    width = max(len(o.check.name) for o in outcomes)
    for o in outcomes:
        print(f"{'PASS' if o.passed else 'FAIL'}  {o.check.name:<{width}}  {o.note}")
    summary = write_summary(out_dir, outcomes, devices)
    print(f"\nresults in {summary.parent.relative_to(WORKTREE)}")
    return 0 if all(o.passed for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
