#!/usr/bin/env python3
"""Production MD with OpenMM for the kinase campaign.

  python sims/run_md.py systems/abl1_wt --ns 50 --platform CUDA
  python sims/run_md.py systems/abl1_wt --resume

Loads system.xml / state.xml prepared by sims/prepare.py, runs Langevin
dynamics in chunks, writes DCD + CSV reporters into runs/<name>/ and a
checkpoint after each chunk. SIGTERM/SIGINT (e.g. the workstation's
shutdown) trigger a final checkpoint before exiting. The chunk scratch dir
under runs/<name>/.scratch is removed when the run finishes.
"""
from __future__ import annotations

import argparse
import json
import logging
import shutil
import signal
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import openmm as mm
import openmm.app as app
import openmm.unit as unit

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
RUNS = PROJECT / "runs"
log = logging.getLogger("run_md")


@dataclass
class Settings:
    temperature_k: float = 300.0
    friction_ps: float = 1.0
    timestep_fs: float = 4.0
    report_ps: float = 10.0
    chunk_ns: float = 1.0
    platform: str = "CUDA"
    precision: str = "mixed"


class StopRequested(Exception):
    pass


_stop = False


def _request_stop(signum, _frame):
    global _stop
    log.warning("signal %s received; will checkpoint and stop after this step block", signum)
    _stop = True


def load_system(sysdir: Path):
    for name in ("system.xml", "state.xml", "topology.pdb"):
        if not (sysdir / name).exists():
            raise SystemExit(f"{sysdir}: missing {name}; run sims/prepare.py first")
    with open(sysdir / "system.xml") as fh:
        system = mm.XmlSerializer.deserialize(fh.read())
    pdb = app.PDBFile(str(sysdir / "topology.pdb"))
    return system, pdb.topology, sysdir / "state.xml"


def make_simulation(system, topology, cfg: Settings):
    integrator = mm.LangevinMiddleIntegrator(
        cfg.temperature_k * unit.kelvin,
        cfg.friction_ps / unit.picosecond,
        cfg.timestep_fs * unit.femtoseconds,
    )
    try:
        platform = mm.Platform.getPlatformByName(cfg.platform)
        props = {"Precision": cfg.precision} if cfg.platform in ("CUDA", "OpenCL") else {}
    except Exception:  # platform not available on this machine
        log.warning("platform %s unavailable, falling back to CPU", cfg.platform)
        platform, props = mm.Platform.getPlatformByName("CPU"), {}
    system.addForce(mm.MonteCarloBarostat(1 * unit.bar, cfg.temperature_k * unit.kelvin))
    return app.Simulation(topology, system, integrator, platform, props)


def attach_reporters(sim, out: Path, cfg: Settings, append: bool):
    every = int(cfg.report_ps * 1000 / cfg.timestep_fs)
    sim.reporters.append(app.DCDReporter(str(out / "traj.dcd"), every, append=append))
    sim.reporters.append(
        app.StateDataReporter(
            str(out / "thermo.csv"), every, step=True, time=True, potentialEnergy=True,
            temperature=True, volume=True, density=True, speed=True, append=append,
        )
    )
    sim.reporters.append(app.CheckpointReporter(str(out / "checkpoint.chk"), every * 10))


def write_meta(out: Path, cfg: Settings, args, done_ns: float, wall_s: float):
    meta = {
        "system": str(Path(args.system).relative_to(PROJECT)),
        "settings": asdict(cfg),
        "completed_ns": round(done_ns, 3),
        "target_ns": args.ns,
        "wall_hours": round(wall_s / 3600, 3),
        "openmm": mm.__version__,
        "updated": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    tmp = out / "meta.json.tmp"
    tmp.write_text(json.dumps(meta, indent=2))
    tmp.replace(out / "meta.json")


def completed_ns(out: Path) -> float:
    meta = out / "meta.json"
    if meta.exists():
        return float(json.loads(meta.read_text()).get("completed_ns", 0.0))
    return 0.0


def run(args) -> int:
    cfg = Settings(platform=args.platform, timestep_fs=args.timestep)
    sysdir = Path(args.system).resolve()
    if PROJECT not in sysdir.parents:
        raise SystemExit("system directory must be inside the project")
    out = RUNS / sysdir.name
    scratch = out / ".scratch"
    if out.exists() and not args.resume:
        if not args.overwrite:
            raise SystemExit(f"{out.relative_to(PROJECT)} exists; use --resume or --overwrite")
        log.info("overwriting previous run in %s", out.relative_to(PROJECT))
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    scratch.mkdir(exist_ok=True)

    system, topology, state_xml = load_system(sysdir)
    sim = make_simulation(system, topology, cfg)
    done = 0.0
    if args.resume and (out / "checkpoint.chk").exists():
        sim.loadCheckpoint(str(out / "checkpoint.chk"))
        done = completed_ns(out)
        log.info("resumed at %.2f ns", done)
    else:
        sim.loadState(str(state_xml))
    attach_reporters(sim, out, cfg, append=args.resume)

    steps_per_chunk = int(cfg.chunk_ns * 1e6 / cfg.timestep_fs)
    started = time.monotonic()
    try:
        while done < args.ns:
            if _stop:
                raise StopRequested
            t0 = time.monotonic()
            sim.step(steps_per_chunk)
            done += cfg.chunk_ns
            sim.saveCheckpoint(str(out / "checkpoint.chk"))
            sim.saveState(str(scratch / "last_state.xml"))
            rate = cfg.chunk_ns / ((time.monotonic() - t0) / 86400)
            log.info("%.1f / %.1f ns  (%.1f ns/day)", done, args.ns, rate)
            write_meta(out, cfg, args, done, time.monotonic() - started)
    except StopRequested:
        sim.saveCheckpoint(str(out / "checkpoint.chk"))
        write_meta(out, cfg, args, done, time.monotonic() - started)
        log.info("stopped cleanly at %.2f ns; resume with --resume", done)
        return 3
    final = out / "final_state.xml"
    shutil.copyfile(scratch / "last_state.xml", final)
    shutil.rmtree(scratch, ignore_errors=True)
    log.info("finished %.1f ns; final state %s", done, final.relative_to(PROJECT))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description="OpenMM production runner")
    ap.add_argument("system", help="prepared system directory (inside the project)")
    ap.add_argument("--ns", type=float, default=50.0)
    ap.add_argument("--timestep", type=float, default=4.0, help="fs (HMR topologies)")
    ap.add_argument("--platform", default="CUDA", choices=["CUDA", "OpenCL", "CPU", "Reference"])
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--overwrite", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    args = ap.parse_args()
    logging.basicConfig(level=(logging.DEBUG if args.verbose else logging.INFO),
                        format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    signal.signal(signal.SIGTERM, _request_stop)
    signal.signal(signal.SIGINT, _request_stop)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
