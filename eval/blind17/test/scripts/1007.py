#!/usr/bin/env python3
"""Aggregate the results of the `climate-downscale` Slurm array and requeue failures.

The array job writes one NetCDF + one metrics.json per task into
$SCRATCH/downscale/<run>/task-<i>/. This script, run on the login node:

  status    sacct summary for the run's job ids (stored in runs/<run>/jobs.txt)
  collect   rsync metrics.json files (not the NetCDF) into results/<run>/
  summary   merge metrics into results/<run>/summary.csv and print the worst tasks
  requeue   resubmit only the failed array indices with the original sbatch file
  scrub     delete this run's NetCDF files from scratch after they were archived
"""
import argparse
import csv
import json
import os
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
RUNS = PROJECT / "runs"
RESULTS = PROJECT / "results"
SCRATCH = Path(os.environ.get("SCRATCH", f"/scratch/{os.environ.get('USER', 'user')}")) / "downscale"
FAILED_STATES = {"FAILED", "TIMEOUT", "OUT_OF_MEMORY", "NODE_FAIL", "CANCELLED"}


def job_ids(run):
    f = RUNS / run / "jobs.txt"
    if not f.exists():
        raise SystemExit(f"no jobs recorded for {run} ({f.relative_to(PROJECT)})")
    return [line.split()[0] for line in f.read_text().splitlines() if line.strip()]


def sacct(ids):
    argv = ["sacct", "-j", ",".join(ids), "--noheader", "--parsable2",
            "--format=JobID,State,ExitCode,Elapsed,MaxRSS"]
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        job, state, exit_code, elapsed, rss = line.split("|")
        if "." in job:  # skip .batch / .extern steps
            continue
        rows.append({"job": job, "state": state.split()[0], "exit": exit_code, "elapsed": elapsed, "rss": rss})
    return rows


def cmd_status(args):
    rows = sacct(job_ids(args.run))
    counts = {}
    for r in rows:
        counts[r["state"]] = counts.get(r["state"], 0) + 1
    for state, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"{state:14} {n}")


def cmd_collect(args):
    src = SCRATCH / args.run
    dest = RESULTS / args.run
    dest.mkdir(parents=True, exist_ok=True)
    argv = ["rsync", "-a", "--prune-empty-dirs", "--include=task-*/", "--include=metrics.json",
            "--exclude=*", f"{src}/", f"{dest}/"]
    print("+", shlex.join(argv))
    subprocess.run(argv, check=True)


def load_metrics(run):
    rows = []
    for f in sorted((RESULTS / run).glob("task-*/metrics.json")):
        data = json.loads(f.read_text())
        data["task"] = int(f.parent.name.split("-")[1])
        rows.append(data)
    return rows


def cmd_summary(args):
    rows = load_metrics(args.run)
    if not rows:
        raise SystemExit("no metrics collected yet (run `collect` first)")
    keys = sorted({k for r in rows for k in r if k != "task"})
    out = RESULTS / args.run / "summary.csv"
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["task", *keys])
        w.writeheader()
        for r in sorted(rows, key=lambda r: r["task"]):
            w.writerow(r)
    rmse = [r["rmse"] for r in rows if "rmse" in r]
    if rmse:
        print(f"tasks: {len(rows)}  rmse mean {statistics.mean(rmse):.4f}  median {statistics.median(rmse):.4f}")
        worst = sorted(rows, key=lambda r: r.get("rmse", 0), reverse=True)[: args.top]
        for r in worst:
            print(f"  task {r['task']:4}  rmse {r.get('rmse', float('nan')):.4f}  bias {r.get('bias', float('nan')):+.4f}")
    print(f"wrote {out.relative_to(PROJECT)}")


def failed_indices(run):
    idx = []
    for r in sacct(job_ids(run)):
        if r["state"] in FAILED_STATES and "_" in r["job"]:
            tail = r["job"].split("_", 1)[1]
            if tail.isdigit():
                idx.append(int(tail))
    return sorted(set(idx))


def compress(indices):
    """[1,2,3,7,9,10] -> '1-3,7,9-10' for --array."""
    parts, start, prev = [], None, None
    for i in indices:
        if start is None:
            start = prev = i
        elif i == prev + 1:
            prev = i
        else:
            parts.append(f"{start}-{prev}" if start != prev else str(start))
            start = prev = i
    if start is not None:
        parts.append(f"{start}-{prev}" if start != prev else str(start))
    return ",".join(parts)


def cmd_requeue(args):
    indices = failed_indices(args.run)
    if not indices:
        print("no failed tasks")
        return
    sbatch_file = RUNS / args.run / "job.sbatch"
    spec = compress(indices)
    argv = ["sbatch", "--parsable", f"--array={spec}", str(sbatch_file)]
    if args.dry_run:
        print("would run:", " ".join(argv))
        return
    jid = subprocess.run(argv, capture_output=True, text=True, check=True).stdout.strip().split(";")[0]
    with (RUNS / args.run / "jobs.txt").open("a") as fh:
        fh.write(f"{jid} requeue {spec}\n")
    print(f"requeued {len(indices)} task(s) as {jid}: {spec}")


def cmd_scrub(args):
    run_dir = SCRATCH / args.run
    if not run_dir.is_dir():
        print("nothing on scratch for this run")
        return
    archived = RESULTS / args.run / "ARCHIVED"
    if not archived.exists():
        raise SystemExit("results/<run>/ARCHIVED marker missing; archive the NetCDF files first")
    removed = 0
    for nc in run_dir.glob("task-*/*.nc"):
        nc.unlink()
        removed += 1
    print(f"removed {removed} NetCDF file(s) under {run_dir}")


def disk_usage(run):
    """Bytes used by this run on scratch, split by file type."""
    totals = {}
    for f in (SCRATCH / run).rglob("*"):
        if f.is_file():
            totals[f.suffix or "(none)"] = totals.get(f.suffix or "(none)", 0) + f.stat().st_size
    for ext, size in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"  {ext:8} {size / 1e9:8.2f} GB")
    return totals


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "du":
        disk_usage(sys.argv[2])
        return 0
    ap = argparse.ArgumentParser(prog="downscale-results")
    ap.add_argument("command", choices=["status", "collect", "summary", "requeue", "scrub"])
    ap.add_argument("run")
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("--dry-run", action="store_true", help="print the sbatch call only")
    args = ap.parse_args()
    {"status": cmd_status, "collect": cmd_collect, "summary": cmd_summary,
     "requeue": cmd_requeue, "scrub": cmd_scrub}[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
