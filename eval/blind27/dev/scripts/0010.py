#!/usr/bin/env python3
"""LAMMPS parameter sweep for the Lennard-Jones melt benchmarks.

Generates one input deck per (temperature, density) point from the template
in inputs/in.lj.template, runs `lmp` for each with a process pool, parses the
thermo output from the log and writes build/sweep/results.csv.

Ctrl-C terminates only the lmp processes this script started (tracked in
STARTED) and leaves partial logs for inspection.
"""
from __future__ import annotations

import argparse
import csv
import itertools
import json
import os
import re
import shutil
import signal
import string
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "inputs" / "in.lj.template"
SWEEP = ROOT / "build" / "sweep"
STARTED: dict[int, subprocess.Popen] = {}
LOCK = threading.Lock()
THERMO_HEADER = re.compile(r"^\s*Step\s+Temp\s+")
LOOP_LINE = re.compile(r"^Loop time of ([\d.eE+-]+) on (\d+) procs")


def lmp_executable(name: str | None) -> str:
    candidates = [name] if name else ["lmp", "lmp_serial", "lmp_mpi"]
    for cand in candidates:
        if cand and shutil.which(cand):
            return shutil.which(cand)
    raise SystemExit(f"no LAMMPS executable among {candidates}")


def frange(spec: str) -> list[float]:
    if ":" in spec:
        start, stop, step = (float(x) for x in spec.split(":"))
        out, x = [], start
        while x <= stop + 1e-9:
            out.append(round(x, 6))
            x += step
        return out
    return [float(x) for x in spec.split(",")]


def render_deck(temp: float, density: float, steps: int, seed: int) -> str:
    tpl = string.Template(TEMPLATE.read_text())
    return tpl.substitute(TEMP=temp, DENSITY=density, STEPS=steps, SEED=seed)


def parse_log(log: Path) -> dict:
    rows, header, loop_time = [], None, None
    in_thermo = False
    for line in log.read_text(errors="replace").splitlines():
        if THERMO_HEADER.match(line):
            header = line.split()
            in_thermo = True
            continue
        m = LOOP_LINE.match(line)
        if m:
            loop_time = float(m.group(1))
            in_thermo = False
            continue
        if in_thermo:
            parts = line.split()
            if header and len(parts) == len(header):
                try:
                    rows.append(dict(zip(header, map(float, parts))))
                except ValueError:
                    in_thermo = False
    if not rows:
        return {"ok": False}
    tail = rows[len(rows) // 2:]
    avg = {k: sum(r[k] for r in tail) / len(tail) for k in header if k != "Step"}
    return {"ok": True, "loop_time_s": loop_time, **{f"avg_{k}": round(v, 5) for k, v in avg.items()}}


def run_point(lmp: str, temp: float, density: float, steps: int, seed: int, threads: int) -> dict:
    tag = f"T{temp:g}_rho{density:g}"
    wd = SWEEP / tag
    if wd.exists():
        shutil.rmtree(wd)
    wd.mkdir(parents=True)
    deck = wd / "in.lj"
    deck.write_text(render_deck(temp, density, steps, seed))
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    argv = [lmp, "-in", deck.name, "-log", "log.lammps", "-screen", "none", "-var", "tag", tag]
    started = time.monotonic()
    proc = subprocess.Popen(argv, cwd=wd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    with LOCK:
        STARTED[proc.pid] = proc
    _, err = proc.communicate()
    with LOCK:
        STARTED.pop(proc.pid, None)
    result = {"tag": tag, "temp": temp, "density": density, "rc": proc.returncode,
              "wall_s": round(time.monotonic() - started, 1)}
    if proc.returncode == 0:
        result.update(parse_log(wd / "log.lammps"))
    else:
        (wd / "stderr.txt").write_text(err or "")
    return result


def terminate_started(signum, _frame):
    with LOCK:
        procs = list(STARTED.values())
    print(f"\nsignal {signum}: terminating {len(procs)} lmp process(es) from this sweep", file=sys.stderr)
    for p in procs:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 10
    for p in procs:
        try:
            p.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.kill()
    os._exit(130)


def write_results(rows: list[dict]) -> Path:
    keys = sorted({k for r in rows for k in r}, key=lambda k: (k not in ("tag", "temp", "density"), k))
    out = SWEEP / "results.csv"
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=keys)
        w.writeheader()
        w.writerows(sorted(rows, key=lambda r: (r["temp"], r["density"])))
    (SWEEP / "results.json").write_text(json.dumps(rows, indent=1))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description="LAMMPS LJ sweep")
    ap.add_argument("--temps", default="0.8:1.6:0.2")
    ap.add_argument("--densities", default="0.7,0.8,0.844")
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=87287)
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 4) // 4))
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--lmp", default=None)
    ap.add_argument("--fresh", action="store_true", help="delete build/sweep first")
    args = ap.parse_args()

    lmp = lmp_executable(args.lmp)
    if args.fresh and SWEEP.exists():
        shutil.rmtree(SWEEP)
    SWEEP.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGINT, terminate_started)
    signal.signal(signal.SIGTERM, terminate_started)

    points = list(itertools.product(frange(args.temps), frange(args.densities)))
    print(f"{len(points)} points, {args.workers} workers x {args.threads} threads, {lmp}")
    rows = []
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futs = [pool.submit(run_point, lmp, t, d, args.steps, args.seed + i, args.threads)
                for i, (t, d) in enumerate(points)]
        for fut in as_completed(futs):
            r = fut.result()
            rows.append(r)
            status = "ok" if r["rc"] == 0 else f"rc={r['rc']}"
            print(f"  {r['tag']:<18} {status:<6} {r['wall_s']:>7.1f}s  "
                  f"PotEng={r.get('avg_PotEng', 'n/a')}")
    out = write_results(rows)
    failed = [r["tag"] for r in rows if r["rc"] != 0]
    print(f"results: {out.relative_to(ROOT)}; {len(failed)} failed {failed if failed else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
