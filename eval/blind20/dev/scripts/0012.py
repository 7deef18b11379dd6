#!/usr/bin/env python3
"""Drive the variant-calling Snakemake workflow on a workstation or the cluster.

    python3 workflow/run.py --cores 16                 # local
    python3 workflow/run.py --profile slurm --jobs 40   # via workflow/profiles/slurm
    python3 workflow/run.py --clean-incomplete          # remove partial outputs then rerun
    python3 workflow/run.py --spack                     # use the spack env in workflow/spack.yaml

Writes logs to logs/run-<timestamp>/ and a JSON summary next to them. Keeps the
conda/singularity caches inside .snakemake/ so nothing lands in $HOME.
"""
import argparse
import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SNAKEFILE = REPO / "workflow" / "Snakefile"
CONFIG = REPO / "config" / "config.yaml"
PROFILES = REPO / "workflow" / "profiles"
SPACK_ENV = REPO / "workflow"
LOG_ROOT = REPO / "logs"
CACHE = REPO / ".snakemake"

RESULT_DIRS = ("results", "resources/tmp")


def timestamp():
    return datetime.datetime.now().strftime("%Y%m%dT%H%M%S")


def base_env():
    env = dict(os.environ)
    env["SNAKEMAKE_CONDA_PREFIX"] = str(CACHE / "conda")
    env["APPTAINER_CACHEDIR"] = str(CACHE / "apptainer")
    env["XDG_CACHE_HOME"] = str(CACHE / "xdg")
    env.setdefault("OMP_NUM_THREADS", "1")
    return env


def spack_env(env):
    spack = shutil.which("spack")
    if not spack:
        raise SystemExit("--spack given but spack is not on PATH")
    out = subprocess.run(
        [spack, "env", "activate", "--sh", str(SPACK_ENV)],
        capture_output=True, text=True, check=True,
    ).stdout
    # parse `export NAME=value;` lines instead of sourcing them
    for match in re.finditer(r"^export ([A-Za-z_][A-Za-z0-9_]*)=(.*?);?$", out, re.M):
        name, value = match.group(1), match.group(2).strip("'\"")
        env[name] = value
    return env


def ensure_spack_env():
    spack = shutil.which("spack")
    lock = SPACK_ENV / "spack.lock"
    if lock.exists():
        return
    print("concretizing spack environment (first run)")
    subprocess.run([spack, "-e", str(SPACK_ENV), "concretize", "-f"], check=True)
    subprocess.run([spack, "-e", str(SPACK_ENV), "install", "--fail-fast"], check=True)


def snakemake_argv(args, log_dir):
    argv = [
        "snakemake",
        "--snakefile", str(SNAKEFILE),
        "--configfile", str(CONFIG),
        "--directory", str(REPO),
        "--rerun-incomplete",
        "--printshellcmds",
        "--keep-going",
        "--stats", str(log_dir / "stats.json"),
    ]
    if args.profile:
        profile = PROFILES / args.profile
        if not profile.is_dir():
            raise SystemExit(f"unknown profile {args.profile}; see {PROFILES.relative_to(REPO)}")
        argv += ["--profile", str(profile), "--jobs", str(args.jobs)]
    else:
        argv += ["--cores", str(args.cores)]
    if args.use_conda:
        argv.append("--use-conda")
    if args.dry_run:
        argv.append("--dry-run")
    if args.targets:
        argv += args.targets
    return argv


def clean_incomplete():
    res = subprocess.run(
        ["snakemake", "--snakefile", str(SNAKEFILE), "--list-incomplete", "--quiet"],
        cwd=REPO, capture_output=True, text=True,
    )
    removed = 0
    for line in res.stdout.splitlines():
        path = (REPO / line.strip()).resolve()
        if not line.strip() or REPO not in path.parents:
            continue
        if not any(str(path).startswith(str(REPO / d)) for d in RESULT_DIRS):
            print(f"skipping {line}: outside result dirs")
            continue
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
        removed += 1
    print(f"removed {removed} incomplete outputs")


def run(argv, env, log_dir):
    log_file = log_dir / "snakemake.log"
    print("+", " ".join(argv))
    with log_file.open("w") as fh:
        proc = subprocess.Popen(argv, cwd=REPO, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)

        def stop(signum, _frame):
            print(f"\nforwarding signal {signum} to snakemake (it cancels its own jobs)")
            try:
                os.killpg(proc.pid, signal.SIGINT)
            except ProcessLookupError:
                pass

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        for line in proc.stdout:
            sys.stdout.write(line)
            fh.write(line)
        return proc.wait()


def summary(log_dir, rc, started):
    stats_file = log_dir / "stats.json"
    stats = json.loads(stats_file.read_text()) if stats_file.exists() else {}
    data = {
        "returncode": rc,
        "started": started,
        "finished": timestamp(),
        "rules": sorted(stats.get("rules", {}).keys()),
        "total_runtime": stats.get("total_runtime"),
    }
    (log_dir / "summary.json").write_text(json.dumps(data, indent=2))
    latest = LOG_ROOT / "latest"
    if latest.is_symlink() or latest.exists():
        latest.unlink()
    latest.symlink_to(log_dir.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("targets", nargs="*")
    ap.add_argument("--cores", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--jobs", type=int, default=20)
    ap.add_argument("--profile")
    ap.add_argument("--use-conda", action="store_true")
    ap.add_argument("--spack", action="store_true")
    ap.add_argument("--dry-run", "-n", action="store_true")
    ap.add_argument("--clean-incomplete", action="store_true")
    args = ap.parse_args()

    CACHE.mkdir(exist_ok=True)
    started = timestamp()
    log_dir = LOG_ROOT / f"run-{started}"
    log_dir.mkdir(parents=True, exist_ok=True)

    env = base_env()
    if args.spack:
        ensure_spack_env()
        env = spack_env(env)
    if args.clean_incomplete:
        clean_incomplete()

    rc = run(snakemake_argv(args, log_dir), env, log_dir)
    summary(log_dir, rc, started)
    print(f"logs: {log_dir.relative_to(REPO)} (rc={rc})")
    return rc


if __name__ == "__main__":
    sys.exit(main())
