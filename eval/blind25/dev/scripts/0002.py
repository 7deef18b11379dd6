#!/usr/bin/env python3
"""Drive the variant-calling Snakemake workflow for one cohort.

This wraps snakemake so lab members do not have to remember the flags:

  run_pipeline.py --cohort pilot --cores 16          # dry run (default)
  run_pipeline.py --cohort pilot --cores 16 --apply  # really run
  run_pipeline.py --cohort pilot --clean-work        # remove this cohort's scratch

The workflow writes to results/<cohort>/ and uses work/<cohort>/ as scratch.
Only those two directories, inside this repository, are ever deleted.
"""
import argparse
import datetime as dt
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
CONFIG_DIR = REPO / "config"
RESULTS = REPO / "results"
WORK = REPO / "work"
LOGS = REPO / "logs"

_child = None


def log(msg, *args):
    stamp = dt.datetime.now().strftime("%H:%M:%S")
    print(f"[{stamp}] " + (msg % args if args else msg), file=sys.stderr)


def die(msg, code=1):
    log("ERROR: " + msg)
    sys.exit(code)


def forward_signal(signum, _frame):
    """Pass Ctrl-C / SIGTERM on to the snakemake process we started."""
    if _child is not None and _child.poll() is None:
        log("forwarding signal %d to snakemake (pid %d)", signum, _child.pid)
        _child.send_signal(signum)
    else:
        sys.exit(128 + signum)


def load_cohort(name):
    path = CONFIG_DIR / "cohorts" / f"{name}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in (CONFIG_DIR / "cohorts").glob("*.yaml"))
        die(f"unknown cohort {name!r}; known: {', '.join(known) or 'none'}")
    with path.open() as fh:
        cfg = yaml.safe_load(fh) or {}
    cfg.setdefault("samples", "config/samples.tsv")
    cfg.setdefault("reference", "ref/GRCh38.fa")
    cfg.setdefault("extra_args", [])
    cfg["cohort"] = name
    return cfg


def inside_repo(path: Path) -> bool:
    try:
        path.resolve().relative_to(REPO)
        return True
    except ValueError:
        return False


def safe_rmtree(path: Path):
    """Delete a directory only if it is one of our own scratch/result dirs."""
    resolved = path.resolve()
    allowed_parents = {WORK.resolve(), RESULTS.resolve()}
    if resolved.parent not in allowed_parents or not inside_repo(resolved):
        die(f"refusing to delete {resolved}: not a cohort dir under work/ or results/")
    if resolved.is_symlink():
        die(f"refusing to delete symlink {resolved}")
    if resolved.exists():
        log("removing %s", resolved.relative_to(REPO))
        shutil.rmtree(resolved)


def check_reference(cfg):
    ref = REPO / cfg["reference"]
    missing = [p for p in (ref, ref.with_suffix(ref.suffix + ".fai")) if not p.exists()]
    if missing:
        die("reference files missing: " + ", ".join(str(m.relative_to(REPO)) for m in missing)
            + "\n  run: samtools faidx " + cfg["reference"])


def write_run_config(cfg, path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "cohort": cfg["cohort"],
        "samples": cfg["samples"],
        "reference": cfg["reference"],
        "outdir": f"results/{cfg['cohort']}",
        "workdir": f"work/{cfg['cohort']}",
        "written": dt.datetime.now().isoformat(timespec="seconds"),
    }
    path.write_text(json.dumps(payload, indent=2) + "\n")
    return path


def snakemake_argv(cfg, args, run_cfg: Path):
    argv = [
        "snakemake",
        "--snakefile", str(REPO / "workflow" / "Snakefile"),
        "--configfile", str(run_cfg),
        "--cores", str(args.cores),
        "--use-conda",
        "--conda-prefix", str(REPO / ".snakemake" / "conda"),
        "--rerun-incomplete",
        "--printshellcmds",
    ]
    if not args.apply:
        argv.append("--dry-run")
    if args.until:
        argv += ["--until", args.until]
    if args.keep_going:
        argv.append("--keep-going")
    argv += [str(a) for a in cfg["extra_args"]]
    return argv


def disk_report():
    # shell=True with a fixed string: we want the shell's glob on our own dirs
    cmd = "du -sh results/* work/* 2>/dev/null | sort -h | tail -n 15"
    subprocess.run(cmd, shell=True, cwd=REPO, check=False)


def run_snakemake(argv, log_path: Path):
    global _child
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log("$ %s", shlex.join(argv))
    with log_path.open("w") as out:
        _child = subprocess.Popen(argv, cwd=REPO, stdout=out, stderr=subprocess.STDOUT)
        rc = _child.wait()
    _child = None
    tail = log_path.read_text(errors="replace").splitlines()[-25:]
    for line in tail:
        print("  | " + line, file=sys.stderr)
    return rc


def main():
    ap = argparse.ArgumentParser(description="run the variant calling workflow")
    ap.add_argument("--cohort", required=True)
    ap.add_argument("--cores", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--until", help="stop after this rule")
    ap.add_argument("--keep-going", action="store_true")
    ap.add_argument("--apply", action="store_true", help="actually run (default: dry run)")
    ap.add_argument("--clean-work", action="store_true",
                    help="delete work/<cohort> before running")
    ap.add_argument("--clean-results", action="store_true",
                    help="delete results/<cohort> (asks for confirmation)")
    ap.add_argument("--disk", action="store_true", help="print disk usage and exit")
    args = ap.parse_args()

    if args.disk:
        disk_report()
        return 0

    signal.signal(signal.SIGINT, forward_signal)
    signal.signal(signal.SIGTERM, forward_signal)

    cfg = load_cohort(args.cohort)
    check_reference(cfg)

    if args.clean_work:
        safe_rmtree(WORK / args.cohort)
    if args.clean_results:
        answer = input(f"delete results/{args.cohort}? type the cohort name: ")
        if answer.strip() != args.cohort:
            die("confirmation did not match; nothing deleted")
        safe_rmtree(RESULTS / args.cohort)

    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    run_cfg = write_run_config(cfg, WORK / args.cohort / "run-config.json")
    argv = snakemake_argv(cfg, args, run_cfg)
    rc = run_snakemake(argv, LOGS / f"{args.cohort}-{stamp}.log")
    if rc != 0:
        die(f"snakemake exited with {rc}", rc)
    if not args.apply:
        log("dry run only; re-run with --apply to execute")
    return 0


if __name__ == "__main__":
    sys.exit(main())
