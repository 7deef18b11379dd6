#!/usr/bin/env python3
"""Time-boxed git-annex fsck for the field recordings dataset.

A full fsck of several TB does not fit in one night, so this runs
`git annex fsck --incremental --time-limit` and resumes where the previous
run stopped (git-annex keeps the incremental state itself). Results are
parsed from --json output into reports/fsck.json and a short summary. The
script never drops, moves or re-downloads content; it only reports which
keys failed verification and where other copies exist.
"""
import argparse
import datetime as dt
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

DATASET = Path(__file__).resolve().parents[1]
REPORTS = DATASET / "reports"
HISTORY = REPORTS / "fsck-history.jsonl"


def git_annex(*args, check=True):
    proc = subprocess.run(["git", "annex", *args], cwd=DATASET, capture_output=True, text=True)
    if check and proc.returncode not in (0, 1):
        raise SystemExit(f"git annex {args[0]} failed: {proc.stderr.strip()[-300:]}")
    return proc


def ensure_dataset():
    proc = subprocess.run(["git", "config", "annex.uuid"], cwd=DATASET, capture_output=True, text=True)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise SystemExit(f"{DATASET} is not a git-annex repository")


def run_fsck(paths, time_limit, fast, start_over):
    args = ["fsck", "--json", "--json-error-messages", "--incremental-schedule=30d", f"--time-limit={time_limit}"]
    if start_over:
        args.append("--incremental")
    else:
        args.append("--more")
    if fast:
        args.append("--fast")
    args += ["--", *paths]
    proc = git_annex(*args, check=False)
    records = []
    for line in proc.stdout.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    stopped_early = "time limit" in proc.stderr.lower()
    return records, stopped_early


def other_copies(key):
    proc = git_annex("whereis", "--json", "--key", key, check=False)
    for line in proc.stdout.splitlines():
        try:
            info = json.loads(line)
        except json.JSONDecodeError:
            continue
        return [w.get("description", "?") for w in info.get("whereis", []) if not w.get("here")]
    return []


def summarise(records):
    counts = Counter("ok" if r.get("success") else "failed" for r in records)
    failures = []
    for r in records:
        if r.get("success"):
            continue
        key = r.get("key", "")
        failures.append({
            "file": r.get("file"),
            "key": key,
            "messages": r.get("error-messages") or r.get("note", ""),
            "other_copies": other_copies(key) if key else [],
        })
    return counts, failures


def append_history(entry):
    REPORTS.mkdir(parents=True, exist_ok=True)
    with HISTORY.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")


def previous_runs(limit=10):
    if not HISTORY.exists():
        return []
    lines = HISTORY.read_text(encoding="utf-8").splitlines()[-limit:]
    return [json.loads(l) for l in lines if l.strip()]


def print_report(counts, failures, stopped_early):
    print(f"checked {sum(counts.values())} file(s): {counts.get('ok', 0)} ok, {counts.get('failed', 0)} failed")
    if stopped_early:
        print("time limit reached; the next run continues where this one stopped")
    for f in failures[:40]:
        copies = ", ".join(f["other_copies"]) or "NO OTHER COPY"
        print(f"  ✗ {f['file']}  (other copies: {copies})")
    if any(not f["other_copies"] for f in failures):
        print("\nsome damaged files have no other copy; restore them from the field backup drive")
    else:
        print("\nrepair with: git annex get --from <remote> <file> after moving the bad copy aside")


def write_markdown(counts, failures, stopped_early):
    """Markdown version for the lab wiki page."""
    lines = [
        "# Annex integrity check",
        "",
        f"- run: {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}",
        f"- files checked: {sum(counts.values())}",
        f"- failures: {counts.get('failed', 0)}",
        f"- complete cycle: {'no' if stopped_early else 'yes'}",
        "",
    ]
    if failures:
        lines += ["| file | other copies |", "|---|---|"]
        for f in failures:
            lines.append(f"| {f['file']} | {', '.join(f['other_copies']) or '**none**'} |")
    (REPORTS / "fsck.md").write_text("\n".join(lines) + "\n")


def print_trend():
    runs = previous_runs()
    if len(runs) < 2:
        return
    print("\nrecent runs:")
    for r in runs:
        print(f"  {r['at'][:16]}  checked={r['checked']:>6}  failed={r['failed']:>3}  {'(partial)' if r['partial'] else ''}")


def main():
    parser = argparse.ArgumentParser(description="incremental git-annex fsck")
    parser.add_argument("paths", nargs="*", default=["recordings"])
    parser.add_argument("--time-limit", default="2h", help="e.g. 30m, 2h, 6h")
    parser.add_argument("--fast", action="store_true", help="skip checksum verification")
    parser.add_argument("--start-over", action="store_true", help="begin a new incremental cycle")
    parser.add_argument("--strict", action="store_true", help="exit 1 on any failure")
    args = parser.parse_args()

    ensure_dataset()
    for p in args.paths:
        if not (DATASET / p).exists():
            raise SystemExit(f"path {p} not found in dataset")

    started = dt.datetime.now(dt.timezone.utc)
    records, stopped_early = run_fsck(args.paths, args.time_limit, args.fast, args.start_over)
    counts, failures = summarise(records)

    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / "fsck.json").write_text(json.dumps({
        "started": started.isoformat(),
        "paths": args.paths,
        "fast": args.fast,
        "counts": counts,
        "failures": failures,
        "partial": stopped_early,
    }, indent=2))
    append_history({
        "at": started.isoformat(),
        "checked": sum(counts.values()),
        "failed": counts.get("failed", 0),
        "partial": stopped_early,
    })
    print_report(counts, failures, stopped_early)
    write_markdown(counts, failures, stopped_early)
    print_trend()
    if failures and args.strict:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
