#!/usr/bin/env python3
"""Parameter study for the heat-sink model (gmsh geometry + FEniCSx solve).

study.yaml describes the sweep:

    geometry: geo/heatsink.geo          # gmsh .geo with SetNumber-able parameters
    solver: sims/heatsink_solve.py      # FEniCSx script, reads build/study/<run>/mesh.msh
    ranks: 4
    timeout_s: 900
    parameters:
      fin_count: [8, 10, 12]
      fin_height_mm: [20, 30]

For each combination a run directory build/study/<run-id>/ is created, the
mesh is generated with `gmsh -setnumber`, and the solver is started with
`mpirun -np <ranks> python <solver> <run-dir>`. Results (the solver writes
result.json) are collected into reports/heatsink-study.csv.

Old run directories are deleted at the start of a study unless --resume is
given; only directories under build/study/ are ever removed. A run that
exceeds its timeout has its own process group terminated.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
STUDY_DIR = REPO / "build" / "study"
REPORT = REPO / "reports" / "heatsink-study.csv"


def load_study(path: Path) -> dict:
    spec = yaml.safe_load(path.read_text())
    for key in ("geometry", "solver", "parameters"):
        if key not in spec:
            raise SystemExit(f"{path}: missing '{key}'")
    for key in ("geometry", "solver"):
        target = (REPO / spec[key]).resolve()
        if REPO not in target.parents or not target.exists():
            raise SystemExit(f"{key} {spec[key]} must be an existing file inside the repository")
        spec[key] = target
    spec.setdefault("ranks", 2)
    spec.setdefault("timeout_s", 600)
    return spec


def combinations(parameters: dict[str, list]) -> list[dict]:
    names = sorted(parameters)
    return [dict(zip(names, values)) for values in itertools.product(*(parameters[n] for n in names))]


def run_id(params: dict) -> str:
    text = json.dumps(params, sort_keys=True)
    label = "_".join(f"{k}-{v}" for k, v in sorted(params.items()))
    return f"{label}_{hashlib.sha1(text.encode()).hexdigest()[:6]}"


def reset_study_dir() -> None:
    resolved = STUDY_DIR.resolve()
    if resolved.parent != (REPO / "build").resolve():
        raise SystemExit(f"refusing to clean {resolved}")
    if resolved.exists():
        shutil.rmtree(resolved)
    resolved.mkdir(parents=True)


def mesh(spec: dict, params: dict, run_dir: Path) -> None:
    argv = ["gmsh", str(spec["geometry"]), "-3", "-format", "msh22", "-o", str(run_dir / "mesh.msh")]
    for name, value in params.items():
        argv += ["-setnumber", name, str(value)]
    with (run_dir / "gmsh.log").open("w") as log:
        subprocess.run(argv, check=True, stdout=log, stderr=subprocess.STDOUT, timeout=600)


def solve(spec: dict, run_dir: Path) -> int:
    argv = ["mpirun", "-np", str(spec["ranks"]), sys.executable, str(spec["solver"]), str(run_dir)]
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1")
    with (run_dir / "solver.log").open("w") as log:
        proc = subprocess.Popen(argv, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            return proc.wait(timeout=spec["timeout_s"])
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            return -signal.SIGTERM


def collect(run_dir: Path) -> dict:
    result_file = run_dir / "result.json"
    if not result_file.exists():
        return {}
    data = json.loads(result_file.read_text())
    return {k: data.get(k) for k in ("max_temperature_c", "thermal_resistance_k_per_w", "mass_g", "dofs")}


def write_report(rows: list[dict]) -> None:
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    fields = sorted({k for r in rows for k in r})
    tmp = REPORT.with_suffix(".csv.tmp")
    with tmp.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    tmp.replace(REPORT)


def best_runs(rows: list[dict], limit: int = 3) -> list[dict]:
    """Lowest peak temperature among successful runs, ties broken by mass."""
    done = [r for r in rows if r.get("status") in ("ok", "cached") and r.get("max_temperature_c") is not None]
    return sorted(done, key=lambda r: (r["max_temperature_c"], r.get("mass_g") or 0))[:limit]


def print_best(rows: list[dict]) -> None:
    best = best_runs(rows)
    if not best:
        return
    print("best designs:")
    for r in best:
        params = {k: v for k, v in r.items() if k not in ("run", "status", "seconds", "max_temperature_c",
                                                           "thermal_resistance_k_per_w", "mass_g", "dofs")}
        print(f"  {r['max_temperature_c']:.1f} °C, {r.get('mass_g')} g  {params}")


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--study", type=Path, default=REPO / "study.yaml")
    parser.add_argument("--resume", action="store_true", help="skip runs that already have result.json")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    spec = load_study(args.study)
    runs = combinations(spec["parameters"])
    print(f"{len(runs)} runs, {spec['ranks']} ranks each, timeout {spec['timeout_s']}s")
    if args.dry_run:
        for params in runs:
            print("  " + run_id(params))
        return 0
    if not args.resume:
        reset_study_dir()

    rows = []
    for i, params in enumerate(runs, 1):
        rid = run_id(params)
        run_dir = STUDY_DIR / rid
        run_dir.mkdir(parents=True, exist_ok=True)
        (run_dir / "params.json").write_text(json.dumps(params, indent=2))
        started = time.monotonic()
        status = "ok"
        if args.resume and (run_dir / "result.json").exists():
            status = "cached"
        else:
            try:
                mesh(spec, params, run_dir)
                rc = solve(spec, run_dir)
                if rc != 0:
                    status = "timeout" if rc < 0 else f"solver-exit-{rc}"
            except subprocess.CalledProcessError:
                status = "mesh-failed"
        row = {"run": rid, "status": status, "seconds": round(time.monotonic() - started, 1), **params, **collect(run_dir)}
        rows.append(row)
        print(f"[{i}/{len(runs)}] {rid}: {status} ({row['seconds']}s) Tmax={row.get('max_temperature_c')}")
    write_report(rows)
    print_best(rows)
    failed = [r for r in rows if r["status"] not in ("ok", "cached")]
    print(f"report: {REPORT.relative_to(REPO)}; {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
