#!/usr/bin/env python3
"""Submit the parameter sweep in sweeps/<name>.yaml to Slurm and track the jobs.

    python tools/sweep.py submit lr-search          # writes job scripts, sbatch each
    python tools/sweep.py status lr-search          # squeue/sacct summary
    python tools/sweep.py cancel lr-search          # scancel only the job ids we submitted
    python tools/sweep.py collect lr-search         # rsync results back into results/<name>/

Job ids are recorded in runs/<name>/jobs.json so `cancel` never touches other jobs
of the user. Results are pulled from the cluster scratch dir of *this* project.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from itertools import product
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
RUNS = ROOT / "runs"
RESULTS = ROOT / "results"
SCRATCH = os.environ.get("SWEEP_SCRATCH", f"/scratch/{os.environ.get('USER', 'me')}/tidal-model")

TEMPLATE = """#!/bin/bash
#SBATCH --job-name={job_name}
#SBATCH --partition={partition}
#SBATCH --time={time}
#SBATCH --cpus-per-task={cpus}
#SBATCH --mem={mem}
#SBATCH --gres={gres}
#SBATCH --output={log_dir}/%x-%j.out
set -euo pipefail
module load {modules}
source {venv}/bin/activate
cd {workdir}
python -m tidal.train {args} --out {scratch}/{job_name}
"""


def load_sweep(name):
    path = ROOT / "sweeps" / f"{name}.yaml"
    if not path.exists():
        sys.exit(f"no sweep file {path}")
    cfg = yaml.safe_load(path.read_text())
    cfg.setdefault("slurm", {})
    cfg.setdefault("grid", {})
    return cfg


def expand_grid(grid):
    keys = sorted(grid)
    for values in product(*(grid[k] for k in keys)):
        yield dict(zip(keys, values))


def job_name(sweep, params):
    parts = [sweep] + [f"{k}{v}" for k, v in sorted(params.items())]
    return "-".join(str(p).replace(".", "p") for p in parts)[:120]


def render(sweep, params, slurm, run_dir):
    args = " ".join(f"--{k.replace('_', '-')} {shlex.quote(str(v))}" for k, v in sorted(params.items()))
    return TEMPLATE.format(
        job_name=job_name(sweep, params),
        partition=slurm.get("partition", "gpu"),
        time=slurm.get("time", "04:00:00"),
        cpus=slurm.get("cpus", 8),
        mem=slurm.get("mem", "32G"),
        gres=slurm.get("gres", "gpu:1"),
        log_dir=run_dir / "logs",
        modules=" ".join(slurm.get("modules", ["python/3.11", "cuda/12.2"])),
        venv=ROOT / ".venv",
        workdir=ROOT,
        args=args,
        scratch=SCRATCH,
    )


def jobs_file(name):
    return RUNS / name / "jobs.json"


def load_jobs(name):
    f = jobs_file(name)
    return json.loads(f.read_text()) if f.exists() else {}


def save_jobs(name, jobs):
    f = jobs_file(name)
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(json.dumps(jobs, indent=2) + "\n")


def cmd_submit(args):
    cfg = load_sweep(args.name)
    run_dir = RUNS / args.name
    (run_dir / "scripts").mkdir(parents=True, exist_ok=True)
    (run_dir / "logs").mkdir(parents=True, exist_ok=True)
    jobs = load_jobs(args.name)
    for params in expand_grid(cfg["grid"]):
        name = job_name(args.name, params)
        if name in jobs and not args.resubmit:
            print(f"skip {name} (job {jobs[name]['id']})")
            continue
        script = run_dir / "scripts" / f"{name}.sbatch"
        script.write_text(render(args.name, params, cfg["slurm"], run_dir))
        if args.dry_run:
            print(f"would sbatch {script.relative_to(ROOT)}")
            continue
        out = subprocess.run(["sbatch", "--parsable", str(script)], capture_output=True, text=True, check=True)
        job_id = out.stdout.strip().split(";")[0]
        jobs[name] = {"id": job_id, "params": params, "submitted": time.time()}
        save_jobs(args.name, jobs)
        print(f"submitted {name} as {job_id}")


def cmd_status(args):
    jobs = load_jobs(args.name)
    if not jobs:
        print("no jobs recorded")
        return
    ids = ",".join(j["id"] for j in jobs.values())
    out = subprocess.run(["sacct", "-j", ids, "-X", "--noheader", "--parsable2",
                          "--format=JobID,JobName,State,Elapsed"], capture_output=True, text=True, check=True)
    counts = {}
    for line in out.stdout.splitlines():
        job_id, name, state, elapsed = line.split("|")
        counts[state] = counts.get(state, 0) + 1
        if args.verbose:
            print(f"{job_id:>10} {state:12} {elapsed:>10} {name}")
    print(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))


def cmd_cancel(args):
    jobs = load_jobs(args.name)
    ids = [j["id"] for j in jobs.values()]
    if not ids:
        print("nothing to cancel")
        return
    # cancel exactly the ids this tool submitted, never `scancel -u`
    subprocess.run(["scancel", *ids], check=False)
    print(f"cancelled {len(ids)} job(s): {' '.join(ids)}")


def cmd_collect(args):
    dest = RESULTS / args.name
    dest.mkdir(parents=True, exist_ok=True)
    src = f"{args.host}:{SCRATCH}/" if args.host else f"{SCRATCH}/"
    argv = ["rsync", "-a", "--info=progress2", "--include", f"{args.name}-*/***", "--exclude", "*", src, f"{dest}/"]
    print("+", " ".join(shlex.quote(a) for a in argv))
    subprocess.run(argv, check=True)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="sweep")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("submit")
    s.add_argument("name")
    s.add_argument("--dry-run", action="store_true")
    s.add_argument("--resubmit", action="store_true")
    s.set_defaults(func=cmd_submit)
    st = sub.add_parser("status")
    st.add_argument("name")
    st.add_argument("-v", "--verbose", action="store_true")
    st.set_defaults(func=cmd_status)
    c = sub.add_parser("cancel")
    c.add_argument("name")
    c.set_defaults(func=cmd_cancel)
    co = sub.add_parser("collect")
    co.add_argument("name")
    co.add_argument("--host", default=os.environ.get("SWEEP_LOGIN_HOST", "login.hpc.internal"))
    co.set_defaults(func=cmd_collect)
    args = ap.parse_args(argv)
    args.func(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
