#!/usr/bin/env python3
"""Report ZFS snapshot usage per dataset into reports/zfs/.

This only reads: `zfs list` and `zpool list` are run with -H -p so the output
is tab separated and in bytes. On the build host the user running CI is not
allowed to talk to /dev/zfs, so the commands are wrapped with `sudo -n` when
ZFS_USE_SUDO=1 (the sudoers entry only allows `zfs list` and `zpool list`).

The retention hints at the end are printed, never applied.
"""
import argparse
import csv
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORT_DIR = ROOT / "reports" / "zfs"

SNAP_FIELDS = ["name", "used", "referenced", "creation"]
POOL_FIELDS = ["name", "size", "alloc", "free", "health", "fragmentation"]

KEEP_RULES = {
    "hourly": dt.timedelta(days=2),
    "daily": dt.timedelta(days=30),
    "weekly": dt.timedelta(weeks=12),
    "monthly": dt.timedelta(days=365),
}


def human(n: int) -> str:
    size = float(n)
    for unit in ("B", "K", "M", "G", "T", "P"):
        if size < 1024 or unit == "P":
            return f"{size:.1f}{unit}"
        size /= 1024
    return f"{n}B"


def zfs_cmd(args, use_sudo):
    base = list(args)
    if use_sudo:
        # -n: never prompt. If the sudoers rule is missing we fail loudly instead of hanging.
        base = ["sudo", "-n"] + base
    return base


def run_table(argv, fields):
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr.strip()}")
    rows = []
    for line in proc.stdout.splitlines():
        parts = line.split("\t")
        if len(parts) != len(fields):
            continue
        rows.append(dict(zip(fields, parts)))
    return rows


def list_snapshots(pool, use_sudo):
    argv = zfs_cmd(
        ["zfs", "list", "-H", "-p", "-r", "-t", "snapshot", "-o", ",".join(SNAP_FIELDS), pool],
        use_sudo,
    )
    rows = run_table(argv, SNAP_FIELDS)
    for row in rows:
        row["used"] = int(row["used"])
        row["referenced"] = int(row["referenced"])
        row["creation"] = dt.datetime.fromtimestamp(int(row["creation"]))
        dataset, _, snap = row["name"].partition("@")
        row["dataset"] = dataset
        row["snap"] = snap
        row["kind"] = classify(snap)
    return rows


def list_pools(use_sudo):
    argv = zfs_cmd(["zpool", "list", "-H", "-p", "-o", ",".join(POOL_FIELDS)], use_sudo)
    return run_table(argv, POOL_FIELDS)


def classify(snap_name: str) -> str:
    lowered = snap_name.lower()
    for kind in KEEP_RULES:
        if kind in lowered:
            return kind
    return "manual"


def summarise(rows):
    per_dataset = defaultdict(lambda: {"count": 0, "used": 0, "oldest": None, "newest": None})
    for row in rows:
        entry = per_dataset[row["dataset"]]
        entry["count"] += 1
        entry["used"] += row["used"]
        created = row["creation"]
        if entry["oldest"] is None or created < entry["oldest"]:
            entry["oldest"] = created
        if entry["newest"] is None or created > entry["newest"]:
            entry["newest"] = created
    return dict(sorted(per_dataset.items(), key=lambda kv: kv[1]["used"], reverse=True))


def retention_hints(rows, now):
    """Snapshots older than their rule. Printed for a human; this script never destroys."""
    hints = []
    for row in rows:
        rule = KEEP_RULES.get(row["kind"])
        if rule and now - row["creation"] > rule:
            hints.append((row["name"], row["kind"], row["used"]))
    return hints


def write_reports(pools, summary, rows, hints, out_dir: Path):
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    tmp_dir = Path(tempfile.mkdtemp(prefix="zfs-report-", dir=out_dir))
    try:
        csv_path = tmp_dir / "snapshots.csv"
        with csv_path.open("w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(["dataset", "snapshot", "kind", "used_bytes", "created"])
            for row in rows:
                writer.writerow([row["dataset"], row["snap"], row["kind"], row["used"],
                                 row["creation"].isoformat(timespec="minutes")])
        json_path = tmp_dir / "summary.json"
        payload = {
            "generated": stamp,
            "pools": pools,
            "datasets": {
                name: {
                    "count": v["count"],
                    "used": v["used"],
                    "oldest": v["oldest"].isoformat() if v["oldest"] else None,
                    "newest": v["newest"].isoformat() if v["newest"] else None,
                }
                for name, v in summary.items()
            },
            "retention_candidates": [{"name": n, "kind": k, "used": u} for n, k, u in hints],
        }
        json_path.write_text(json.dumps(payload, indent=2))
        final = out_dir / stamp
        # Move the finished report into place in one step so readers never see half a report.
        os.replace(tmp_dir, final)
        latest = out_dir / "latest"
        if latest.is_symlink() or latest.exists():
            latest.unlink()
        latest.symlink_to(final.name)
        return final
    finally:
        if tmp_dir.exists():
            shutil.rmtree(tmp_dir, ignore_errors=True)


def print_table(pools, summary, hints, limit):
    print("POOLS")
    for pool in pools:
        print(f"  {pool['name']:<12} {pool['health']:<9} alloc {human(int(pool['alloc'])):>8}"
              f" / {human(int(pool['size'])):>8}  frag {pool['fragmentation']}%")
    print("\nDATASETS BY SNAPSHOT USAGE")
    for name, entry in list(summary.items())[:limit]:
        print(f"  {name:<40} {entry['count']:>5} snaps {human(entry['used']):>9}")
    if hints:
        total = sum(u for _, _, u in hints)
        print(f"\n{len(hints)} snapshots are past their retention rule ({human(total)}).")
        print("Review reports/zfs/latest/summary.json; prune them with the storage runbook.")


def main(argv=None):
    ap = argparse.ArgumentParser(description="read-only ZFS snapshot report")
    ap.add_argument("pool", nargs="?", default=os.environ.get("ZFS_POOL", "tank"))
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args(argv)

    if shutil.which("zfs") is None:
        print("zfs not found on PATH; run this on the storage host", file=sys.stderr)
        return 2
    use_sudo = os.environ.get("ZFS_USE_SUDO") == "1"

    pools = list_pools(use_sudo)
    rows = list_snapshots(args.pool, use_sudo)
    summary = summarise(rows)
    hints = retention_hints(rows, dt.datetime.now())
    print_table(pools, summary, hints, args.top)
    if not args.no_write:
        final = write_reports(pools, summary, rows, hints, REPORT_DIR)
        print(f"\nreport written to {final.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
