#!/usr/bin/env python3
"""Post-process GROMACS production runs into analysis-ready trajectories.

Steps per run directory listed in analysis.toml:
  1. make molecules whole across PBC (trjconv -pbc whole)
  2. centre on the protein and wrap compactly
  3. fit to the reference backbone
  4. compute RMSD / RMSF / radius of gyration with gmx tools
Outputs land in build/<run>/; intermediates go to a temp dir that is removed
at the end unless --keep-tmp is given.
"""
from __future__ import annotations

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("traj-post")
PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_CONFIG = PROJECT / "analysis.toml"
BUILD = PROJECT / "build"

# gmx tools read group selections from stdin; these are index group names
SELECTIONS = {
    "whole": "System\n",
    "center": "Protein\nSystem\n",
    "fit": "Backbone\nSystem\n",
    "rms": "Backbone\nBackbone\n",
    "rmsf": "C-alpha\n",
    "gyrate": "Protein\n",
}


class StepFailed(RuntimeError):
    pass


def gmx_binary(cfg: dict) -> str:
    exe = cfg.get("gmx", {}).get("binary") or os.environ.get("GMX_BIN") or "gmx"
    found = shutil.which(exe)
    if not found:
        raise SystemExit(f"gromacs binary {exe!r} not on PATH; load the module first")
    return found


def run_gmx(gmx: str, args: list[str], selection: str, cwd: Path, log_file: Path) -> None:
    argv = [gmx, "-quiet", *args]
    LOG.debug("running %s", " ".join(argv))
    started = time.monotonic()
    with log_file.open("a") as fh:
        fh.write(f"\n$ {' '.join(argv)}\n")
        fh.flush()
        proc = subprocess.run(argv, input=selection, text=True, cwd=cwd,
                              stdout=fh, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        raise StepFailed(f"{args[0]} exited {proc.returncode}; see {log_file}")
    LOG.info("  %-8s %.1fs", args[0], time.monotonic() - started)


def load_config(path: Path) -> dict:
    with path.open("rb") as fh:
        cfg = tomllib.load(fh)
    runs = cfg.get("runs", [])
    if not runs:
        raise SystemExit(f"{path}: no [[runs]] tables")
    for run in runs:
        for key in ("name", "dir", "tpr", "xtc"):
            if key not in run:
                raise SystemExit(f"{path}: run missing {key!r}: {run}")
    return cfg


def resolve_inside(base: Path, rel: str) -> Path:
    p = (base / rel).resolve()
    if PROJECT not in p.parents and p != PROJECT:
        raise SystemExit(f"refusing path outside the project: {p}")
    return p


def process_run(gmx: str, run: dict, tmp: Path, skip: int, force: bool) -> dict:
    run_dir = resolve_inside(PROJECT, run["dir"])
    out_dir = BUILD / run["name"]
    tpr = run_dir / run["tpr"]
    xtc = run_dir / run["xtc"]
    for f in (tpr, xtc):
        if not f.exists():
            raise StepFailed(f"missing input {f}")
    if out_dir.exists() and force:
        LOG.info("removing previous outputs in %s", out_dir)
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    log_file = out_dir / "gmx.log"
    work = tmp / run["name"]
    work.mkdir()

    whole = work / "whole.xtc"
    centred = work / "centred.xtc"
    fitted = out_dir / "fitted.xtc"
    run_gmx(gmx, ["trjconv", "-s", str(tpr), "-f", str(xtc), "-o", str(whole),
                  "-pbc", "whole", "-skip", str(skip)], SELECTIONS["whole"], work, log_file)
    run_gmx(gmx, ["trjconv", "-s", str(tpr), "-f", str(whole), "-o", str(centred),
                  "-center", "-pbc", "mol", "-ur", "compact"], SELECTIONS["center"], work, log_file)
    run_gmx(gmx, ["trjconv", "-s", str(tpr), "-f", str(centred), "-o", str(fitted),
                  "-fit", "rot+trans"], SELECTIONS["fit"], work, log_file)
    run_gmx(gmx, ["rms", "-s", str(tpr), "-f", str(fitted), "-o", str(out_dir / "rmsd.xvg"),
                  "-tu", "ns"], SELECTIONS["rms"], work, log_file)
    run_gmx(gmx, ["rmsf", "-s", str(tpr), "-f", str(fitted), "-o", str(out_dir / "rmsf.xvg"),
                  "-res"], SELECTIONS["rmsf"], work, log_file)
    run_gmx(gmx, ["gyrate", "-s", str(tpr), "-f", str(fitted), "-o", str(out_dir / "gyrate.xvg")],
            SELECTIONS["gyrate"], work, log_file)
    return {"run": run["name"], "rmsd_last": last_value(out_dir / "rmsd.xvg"),
            "rg_last": last_value(out_dir / "gyrate.xvg")}


def last_value(xvg: Path) -> float | None:
    value = None
    with xvg.open() as fh:
        for line in fh:
            if line.startswith(("#", "@")) or not line.strip():
                continue
            parts = line.split()
            if len(parts) >= 2:
                value = float(parts[1])
    return value


def write_summary(rows: list[dict]) -> Path:
    path = BUILD / "summary.tsv"
    with path.open("w") as fh:
        fh.write("run\trmsd_last_nm\trg_last_nm\n")
        for r in rows:
            fh.write(f"{r['run']}\t{fmt(r['rmsd_last'])}\t{fmt(r['rg_last'])}\n")
    return path


def fmt(v: float | None) -> str:
    return "nan" if v is None else f"{v:.4f}"


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--only", action="append", default=[], help="run name (repeatable)")
    ap.add_argument("--skip", type=int, default=1, help="keep every Nth frame")
    ap.add_argument("--force", action="store_true", help="wipe build/<run> first")
    ap.add_argument("--keep-tmp", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s", datefmt="%H:%M:%S")
    cfg = load_config(args.config)
    gmx = gmx_binary(cfg)
    runs = [r for r in cfg["runs"] if not args.only or r["name"] in args.only]
    if not runs:
        LOG.error("no runs match %s", args.only)
        return 2
    BUILD.mkdir(exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="traj-post-", dir=BUILD))
    rows, failed = [], []
    try:
        for run in runs:
            LOG.info("run %s", run["name"])
            try:
                rows.append(process_run(gmx, run, tmp, args.skip, args.force))
            except StepFailed as exc:
                LOG.error("run %s failed: %s", run["name"], exc)
                failed.append(run["name"])
    except KeyboardInterrupt:
        LOG.warning("interrupted; partial results kept in build/")
        return 130
    finally:
        if args.keep_tmp:
            LOG.info("temp files kept in %s", tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    if rows:
        LOG.info("summary written to %s", write_summary(rows))
    if failed:
        LOG.error("%d run(s) failed: %s", len(failed), ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
