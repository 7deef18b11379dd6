#!/usr/bin/env python3
"""kiln profiling harness.

Runs the pipeline scenarios listed in ``perf/scenarios.toml`` as child processes,
samples each child with ``py-spy record`` (and optionally ``perf stat``), and
writes flamegraphs plus a JSON summary under ``out/profiles/<run-id>/``.

The harness only ever profiles processes it started itself: py-spy is pointed at
the PID returned by ``subprocess.Popen`` and perf wraps the command line directly.
Children are placed in their own session so that an interrupted run can stop the
whole scenario (pipeline plus its worker pool) without touching anything else.

Example::

    python perf/harness.py                    # all scenarios
    python perf/harness.py ingest-small --rate 200
    python perf/harness.py --perf-stat --keep-raw
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("kiln.harness")
REPO = Path(__file__).resolve().parents[1]
SCENARIO_FILE = REPO / "perf" / "scenarios.toml"
OUT_ROOT = REPO / "out" / "profiles"


@dataclass
class Scenario:
    name: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    timeout: int = 300
    warmup_s: float = 0.0


@dataclass
class Outcome:
    scenario: str
    exit_code: int | None
    wall_s: float
    flamegraph: str | None
    perf_stat: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def load_scenarios(path: Path) -> dict[str, Scenario]:
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    scenarios: dict[str, Scenario] = {}
    for name, spec in raw.get("scenario", {}).items():
        cmd = spec["command"]
        argv = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        if argv and argv[0] == "python":
            argv[0] = sys.executable
        scenarios[name] = Scenario(
            name=name,
            argv=argv,
            env={k: str(v) for k, v in spec.get("env", {}).items()},
            timeout=int(spec.get("timeout", 300)),
            warmup_s=float(spec.get("warmup", 0)),
        )
    return scenarios


def tool_available(name: str) -> bool:
    found = shutil.which(name) is not None
    if not found:
        LOG.warning("%s not found on PATH", name)
    return found


def perf_wrap(argv: list[str], stat_file: Path) -> list[str]:
    events = "task-clock,context-switches,page-faults,cycles,instructions"
    return ["perf", "stat", "-x", ",", "-e", events, "-o", str(stat_file), "--", *argv]


def parse_perf_csv(stat_file: Path) -> dict[str, float]:
    values: dict[str, float] = {}
    if not stat_file.exists():
        return values
    for line in stat_file.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        parts = line.split(",")
        if len(parts) < 3:
            continue
        try:
            values[parts[2]] = float(parts[0])
        except ValueError:
            continue
    return values


class ScenarioRun:
    """One scenario: the child process plus the sampler attached to it."""

    def __init__(self, scenario: Scenario, out_dir: Path, rate: int, use_perf: bool):
        self.scenario = scenario
        self.out_dir = out_dir
        self.rate = rate
        self.use_perf = use_perf
        self.child: subprocess.Popen | None = None
        self.sampler: subprocess.Popen | None = None

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(self.scenario.env)
        env.setdefault("PYTHONUNBUFFERED", "1")
        return env

    def start(self) -> None:
        argv = list(self.scenario.argv)
        if self.use_perf:
            argv = perf_wrap(argv, self.out_dir / f"{self.scenario.name}.perfstat.csv")
        log_file = (self.out_dir / f"{self.scenario.name}.log").open("w")
        LOG.info("starting %s: %s", self.scenario.name, shlex.join(argv))
        self.child = subprocess.Popen(argv, cwd=REPO, env=self._env(), stdout=log_file,
                                      stderr=subprocess.STDOUT, start_new_session=True)
        if self.scenario.warmup_s:
            time.sleep(self.scenario.warmup_s)
        svg = self.out_dir / f"{self.scenario.name}.svg"
        self.sampler = subprocess.Popen(
            ["py-spy", "record", "--pid", str(self.child.pid), "--rate", str(self.rate),
             "--subprocesses", "--format", "flamegraph", "--output", str(svg)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )

    def wait(self) -> Outcome:
        assert self.child is not None and self.sampler is not None
        started = time.monotonic()
        notes: list[str] = []
        try:
            code = self.child.wait(timeout=self.scenario.timeout)
        except subprocess.TimeoutExpired:
            notes.append(f"timed out after {self.scenario.timeout}s")
            self.stop()
            code = self.child.returncode
        try:
            _, err = self.sampler.communicate(timeout=60)
            if self.sampler.returncode not in (0, None) and err:
                notes.append("py-spy: " + err.strip().splitlines()[-1])
        except subprocess.TimeoutExpired:
            self.sampler.kill()
            notes.append("py-spy did not finish writing")
        svg = self.out_dir / f"{self.scenario.name}.svg"
        return Outcome(
            scenario=self.scenario.name,
            exit_code=code,
            wall_s=round(time.monotonic() - started + self.scenario.warmup_s, 3),
            flamegraph=str(svg.relative_to(REPO)) if svg.exists() else None,
            perf_stat=parse_perf_csv(self.out_dir / f"{self.scenario.name}.perfstat.csv"),
            notes=notes,
        )

    def stop(self) -> None:
        """Stop the scenario's own session (the pipeline and its workers)."""
        for proc in (self.child, self.sampler):
            if proc is None or proc.poll() is not None:
                continue
            try:
                if proc is self.child:
                    os.killpg(proc.pid, signal.SIGTERM)
                else:
                    proc.send_signal(signal.SIGINT)
            except ProcessLookupError:
                pass
        if self.child is not None:
            try:
                self.child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.child.pid, signal.SIGKILL)


def write_summary(out_dir: Path, outcomes: list[Outcome]) -> Path:
    summary = out_dir / "summary.json"
    summary.write_text(json.dumps([o.__dict__ for o in outcomes], indent=2) + "\n")
    return summary


def prune_runs(keep: int) -> None:
    if not OUT_ROOT.is_dir():
        return
    runs = sorted((p for p in OUT_ROOT.iterdir() if p.is_dir()), key=lambda p: p.name)
    for stale in runs[:-keep]:
        LOG.info("removing old profile run %s", stale.name)
        shutil.rmtree(stale)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="profile kiln pipeline scenarios")
    parser.add_argument("names", nargs="*", help="scenario names (default: all)")
    parser.add_argument("--rate", type=int, default=100, help="py-spy samples per second")
    parser.add_argument("--perf-stat", action="store_true", help="wrap children in perf stat")
    parser.add_argument("--keep-runs", type=int, default=10)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)-7s %(message)s")

    if not tool_available("py-spy"):
        return 2
    use_perf = args.perf_stat and tool_available("perf")
    scenarios = load_scenarios(SCENARIO_FILE)
    selected = args.names or sorted(scenarios)
    missing = [n for n in selected if n not in scenarios]
    if missing:
        LOG.error("unknown scenario(s): %s", ", ".join(missing))
        return 2

    run_id = time.strftime("%Y%m%d-%H%M%S")
    out_dir = OUT_ROOT / run_id
    out_dir.mkdir(parents=True)
    current: list[ScenarioRun] = []

    def interrupted(signum, _frame):
        LOG.warning("signal %s received, stopping current scenario", signum)
        for run in current:
            run.stop()
        raise SystemExit(130)

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)

    outcomes: list[Outcome] = []
    for name in selected:
        run = ScenarioRun(scenarios[name], out_dir, args.rate, use_perf)
        current[:] = [run]
        run.start()
        outcome = run.wait()
        outcomes.append(outcome)
        LOG.info("%s: exit=%s wall=%.1fs flamegraph=%s", name, outcome.exit_code,
                 outcome.wall_s, outcome.flamegraph)
    summary = write_summary(out_dir, outcomes)
    LOG.info("summary at %s", summary.relative_to(REPO))
    prune_runs(args.keep_runs)
    return 0 if all(o.exit_code == 0 for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
