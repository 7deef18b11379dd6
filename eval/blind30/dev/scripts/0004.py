#!/usr/bin/env python3
"""Run the Stata do-files of the analysis pipeline in batch mode and collect logs.

The list of do-files, their order and the Stata flavour come from analysis/pipeline.toml:

    stata = "stata-mp"
    timeout_minutes = 90
    [[step]]
    name = "clean"
    do = "analysis/clean_panel.do"
    args = ["2015", "2023"]

Stata's -b mode writes <name>.log into the working directory, so every step runs in its
own scratch folder under build/stata/ and the log is copied to logs/stata/ afterwards.
A step that exceeds its timeout is terminated (only the Stata process this script started).
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BUILD = REPO / "build" / "stata"
LOGS = REPO / "logs" / "stata"
ERROR_RE = re.compile(r"^r\((\d+)\);\s*$", re.MULTILINE)
CHILDREN: list[subprocess.Popen] = []


@dataclass
class Step:
    name: str
    do: str
    args: list
    timeout: int

    @property
    def do_path(self) -> Path:
        return (REPO / self.do).resolve()


def load_steps(cfg_path: Path, only: set[str]) -> tuple[str, list[Step]]:
    with cfg_path.open("rb") as fh:
        cfg = tomllib.load(fh)
    default_timeout = int(cfg.get("timeout_minutes", 60)) * 60
    steps = []
    for raw in cfg.get("step", []):
        if only and raw["name"] not in only:
            continue
        step = Step(raw["name"], raw["do"], [str(a) for a in raw.get("args", [])],
                    int(raw.get("timeout_minutes", 0)) * 60 or default_timeout)
        if REPO not in step.do_path.parents:
            raise SystemExit(f"step {step.name}: do-file must live inside the repository")
        if not step.do_path.exists():
            raise SystemExit(f"step {step.name}: {step.do} not found")
        steps.append(step)
    return cfg.get("stata", "stata-mp"), steps


def terminate_children(*_):
    for proc in CHILDREN:
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    sys.exit(130)


def run_step(stata: str, step: Step, dry_run: bool) -> tuple[int, Path]:
    workdir = BUILD / step.name
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    argv = [stata, "-b", "do", str(step.do_path), *step.args]
    print(f"[{step.name}] {' '.join(argv)}")
    log_src = workdir / (step.do_path.stem + ".log")
    if dry_run:
        return 0, log_src
    env = dict(os.environ, PROJECT_ROOT=str(REPO))
    proc = subprocess.Popen(argv, cwd=workdir, env=env, start_new_session=True)
    CHILDREN.append(proc)
    started = time.monotonic()
    while proc.poll() is None:
        if time.monotonic() - started > step.timeout:
            print(f"[{step.name}] timeout after {step.timeout}s, terminating")
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
            return 124, log_src
        time.sleep(2)
    return proc.returncode, log_src


def inspect_log(log_path: Path) -> list[str]:
    """Stata exits 0 in batch mode even on error; the log tells the truth."""
    if not log_path.exists():
        return ["no log written"]
    text = log_path.read_text(errors="replace")
    problems = [f"error r({code})" for code in ERROR_RE.findall(text)]
    if "end of do-file" not in text:
        problems.append("log does not reach 'end of do-file'")
    return problems


def archive_log(step: Step, log_path: Path, stamp: str) -> Path | None:
    if not log_path.exists():
        return None
    LOGS.mkdir(parents=True, exist_ok=True)
    dest = LOGS / f"{stamp}-{step.name}.log"
    tmp = dest.with_suffix(".log.part")
    shutil.copyfile(log_path, tmp)
    tmp.replace(dest)
    latest = LOGS / f"latest-{step.name}.log"
    if latest.is_symlink() or latest.exists():
        latest.unlink()
    latest.symlink_to(dest.name)
    return dest


def write_summary(summary, stamp: str) -> Path:
    """Machine-readable run summary next to the logs (read by the Makefile's check target)."""
    import json

    LOGS.mkdir(parents=True, exist_ok=True)
    payload = {
        "run": stamp,
        "steps": [
            {
                "name": name,
                "ok": ok,
                "seconds": round(secs, 1),
                "problems": problems,
                "log": str(saved.relative_to(REPO)) if saved else None,
            }
            for name, ok, secs, problems, saved in summary
        ],
    }
    out = LOGS / f"{stamp}-summary.json"
    out.write_text(json.dumps(payload, indent=2) + "\n")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=Path, default=REPO / "analysis" / "pipeline.toml")
    ap.add_argument("--only", action="append", default=[], help="run only these steps")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-build", action="store_true", help="keep build/stata afterwards")
    ap.add_argument("--continue-on-error", action="store_true")
    args = ap.parse_args()

    signal.signal(signal.SIGINT, terminate_children)
    signal.signal(signal.SIGTERM, terminate_children)

    stata, steps = load_steps(args.config, set(args.only))
    if not shutil.which(stata) and not args.dry_run:
        print(f"{stata} not on PATH; load the Stata module first", file=sys.stderr)
        return 127
    stamp = time.strftime("%Y%m%d-%H%M%S")
    summary = []
    for step in steps:
        t0 = time.monotonic()
        rc, log_path = run_step(stata, step, args.dry_run)
        problems = [] if args.dry_run else inspect_log(log_path)
        saved = None if args.dry_run else archive_log(step, log_path, stamp)
        ok = rc == 0 and not problems
        summary.append((step.name, ok, time.monotonic() - t0, problems, saved))
        if not ok and not args.continue_on_error:
            break

    print("\nstep                 status   seconds  log")
    for name, ok, secs, problems, saved in summary:
        status = "ok" if ok else "FAILED"
        rel = saved.relative_to(REPO) if saved else "-"
        print(f"{name:<20} {status:<8} {secs:7.1f}  {rel}")
        for p in problems:
            print(f"    - {p}")
    if not args.dry_run:
        print(f"summary: {write_summary(summary, stamp).relative_to(REPO)}")
    if not args.keep_build and BUILD.exists():
        shutil.rmtree(BUILD)
    return 0 if all(ok for _, ok, *_ in summary) and len(summary) == len(steps) else 1


if __name__ == "__main__":
    sys.exit(main())
