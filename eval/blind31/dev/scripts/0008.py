#!/usr/bin/env python3
"""Run the OpenFOAM regression cases in cases/ and compare residuals.

Each case directory has a case.yaml that lists the solver, the mesh steps and
the number of MPI ranks. The runner:

  * cleans the case (time directories, processor*/, postProcessing/, logs),
  * runs blockMesh / snappyHexMesh / decomposePar as configured,
  * runs the solver (under mpirun when ranks > 1) with a wall-clock limit,
  * reconstructs, extracts final residuals and compares them with
    cases/<name>/expected.json.

Only directories inside cases/ are ever cleaned.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "cases"
LOGS = ROOT / "logs" / "foam"

RESIDUAL_RE = re.compile(r"Solving for (\w+), Initial residual = ([0-9.eE+-]+)")
TIME_DIR_RE = re.compile(r"^\d+(\.\d+)?(e[+-]?\d+)?$")
KEEP = {"0", "0.orig", "constant", "system", "case.yaml", "expected.json", "README.md"}

# The site image keeps the OpenFOAM environment in a fixed place; these are
# constants, not user input, so running them through the shell is fine.
FOAM_ENV = "/opt/openfoam11/etc/bashrc"
FOAM_PROBE = f". {FOAM_ENV} >/dev/null 2>&1 && env -0"


def foam_environment() -> dict[str, str]:
    """Source the OpenFOAM bashrc once and capture the resulting environment."""
    if not Path(FOAM_ENV).exists():
        return dict(os.environ)
    raw = subprocess.run(FOAM_PROBE, shell=True, executable="/bin/bash",
                         capture_output=True, check=True).stdout
    env = {}
    for item in raw.split(b"\0"):
        if b"=" in item:
            key, _, value = item.partition(b"=")
            env[key.decode()] = value.decode(errors="replace")
    return env


def inside_cases(path: Path) -> bool:
    resolved = path.resolve()
    return CASES.resolve() in resolved.parents


def clean_case(case: Path) -> list[str]:
    removed = []
    for entry in case.iterdir():
        if entry.name in KEEP:
            continue
        doomed = (
            entry.name.startswith("processor")
            or entry.name in {"postProcessing", "dynamicCode", "VTK"}
            or entry.name.startswith("log.")
            or (entry.is_dir() and TIME_DIR_RE.match(entry.name))
        )
        if not doomed:
            continue
        if not inside_cases(entry):
            raise RuntimeError(f"refusing to delete {entry}: not under {CASES}")
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()
        removed.append(entry.name)
    poly = case / "constant" / "polyMesh"
    if poly.exists() and (case / "system" / "blockMeshDict").exists():
        shutil.rmtree(poly)
        removed.append("constant/polyMesh")
    return removed


class Step:
    def __init__(self, case: Path, env: dict[str, str], timeout: int):
        self.case = case
        self.env = env
        self.timeout = timeout

    def run(self, name: str, argv: list[str]) -> Path:
        log_path = self.case / f"log.{name}"
        with log_path.open("w") as log:
            proc = subprocess.Popen(argv, cwd=self.case, env=self.env, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            try:
                rc = proc.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                # kill the whole group we started (mpirun spawns the ranks)
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                raise RuntimeError(f"{name} exceeded {self.timeout}s")
        if rc != 0:
            raise RuntimeError(f"{name} exited {rc}; see {log_path.relative_to(ROOT)}")
        return log_path


def final_residuals(log_path: Path) -> dict[str, float]:
    last: dict[str, float] = {}
    for line in log_path.read_text(errors="replace").splitlines():
        m = RESIDUAL_RE.search(line)
        if m:
            last[m.group(1)] = float(m.group(2))
    return last


def compare(residuals: dict[str, float], expected: dict[str, float], rtol: float) -> list[str]:
    problems = []
    for field, want in expected.items():
        got = residuals.get(field)
        if got is None:
            problems.append(f"{field}: missing")
        elif got > want * (1 + rtol):
            problems.append(f"{field}: {got:.3e} > {want:.3e}")
    return problems


def run_case(case: Path, env: dict[str, str], timeout: int, rtol: float) -> bool:
    spec = yaml.safe_load((case / "case.yaml").read_text())
    removed = clean_case(case)
    print(f"== {case.name}: cleaned {len(removed)} entries")
    if (case / "0.orig").exists():
        shutil.copytree(case / "0.orig", case / "0", dirs_exist_ok=True)
    step = Step(case, env, timeout)
    for mesh_step in spec.get("mesh", ["blockMesh"]):
        parts = mesh_step.split()
        step.run(parts[0], parts)
    ranks = int(spec.get("ranks", 1))
    solver = spec["solver"]
    if ranks > 1:
        step.run("decomposePar", ["decomposePar", "-force"])
        solver_log = step.run(solver, ["mpirun", "-np", str(ranks), solver, "-parallel"])
        step.run("reconstructPar", ["reconstructPar", "-latestTime"])
    else:
        solver_log = step.run(solver, [solver])
    residuals = final_residuals(solver_log)
    LOGS.mkdir(parents=True, exist_ok=True)
    shutil.copy2(solver_log, LOGS / f"{case.name}.{solver}.log")
    expected_path = case / "expected.json"
    if not expected_path.exists():
        print(f"   no expected.json; residuals: {json.dumps(residuals)}")
        return True
    problems = compare(residuals, json.loads(expected_path.read_text()), rtol)
    for p in problems:
        print(f"   FAIL {p}")
    return not problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("cases", nargs="*", help="case names (default: all with case.yaml)")
    ap.add_argument("--timeout", type=int, default=1200)
    ap.add_argument("--rtol", type=float, default=0.25)
    ap.add_argument("--clean-only", action="store_true")
    args = ap.parse_args(argv)

    selected = [CASES / n for n in args.cases] if args.cases else sorted(
        p.parent for p in CASES.glob("*/case.yaml"))
    env = foam_environment()
    failed = []
    for case in selected:
        if not (case / "case.yaml").exists():
            print(f"skip {case}: no case.yaml")
            continue
        if args.clean_only:
            print(f"{case.name}: removed {', '.join(clean_case(case)) or 'nothing'}")
            continue
        started = time.monotonic()
        try:
            ok = run_case(case, env, args.timeout, args.rtol)
        except RuntimeError as exc:
            print(f"   ERROR {exc}")
            ok = False
        print(f"   {'ok' if ok else 'FAILED'} in {time.monotonic() - started:.0f}s")
        if not ok:
            failed.append(case.name)
    if failed:
        print(f"failed cases: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
