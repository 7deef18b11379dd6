#!/usr/bin/env python3
"""Batch receive-only SDR captures described in captures.toml.

Each [[job]] names a tool (rtl_sdr for IQ, rtl_power for sweeps), a
frequency and a duration.  Output goes to build/captures/<date>/.

    [[job]]
    name = "ism433"
    tool = "rtl_sdr"
    freq = "433.92M"
    rate = "2.048M"
    seconds = 30

Nothing here transmits: rtl_sdr and rtl_power are receive-only tools, and
the TOOLS table below is the only way a job can pick a program.

The script caches the dongle's PPM correction in the user cache directory
(~/.cache/sdr-batch/ppm.json) because measuring it takes a minute.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "captures.toml"
OUT_ROOT = ROOT / "build" / "captures"
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "sdr-batch"
PROBE_CMD = "rtl_test -t 2>&1 | head -n 8"  # constant, used only to list dongles

SUFFIX = {"M": 1_000_000, "k": 1_000, "G": 1_000_000_000}
TOOLS = {"rtl_sdr", "rtl_power"}
current: subprocess.Popen | None = None


def parse_hz(value: str | int | float) -> int:
    if isinstance(value, (int, float)):
        return int(value)
    value = value.strip()
    if value[-1] in SUFFIX:
        return int(float(value[:-1]) * SUFFIX[value[-1]])
    return int(float(value))


def on_signal(signum, _frame):
    if current and current.poll() is None:
        current.terminate()
    print(f"\nsignal {signum}: aborted", file=sys.stderr)
    sys.exit(128 + signum)


def probe() -> str:
    return subprocess.run(PROBE_CMD, shell=True, capture_output=True, text=True, timeout=15).stdout


def cached_ppm(device: int) -> int | None:
    path = CACHE_DIR / "ppm.json"
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    entry = data.get(str(device))
    if entry and time.time() - entry["measured"] < 7 * 86400:
        return int(entry["ppm"])
    return None


def store_ppm(device: int, ppm: int) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path = CACHE_DIR / "ppm.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[str(device)] = {"ppm": ppm, "measured": time.time()}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2))
    tmp.replace(path)


def measure_ppm(device: int) -> int:
    proc = subprocess.run(["rtl_test", "-d", str(device), "-p60"], capture_output=True,
                          text=True, timeout=120)
    values = []
    for line in proc.stderr.splitlines():
        if "cumulative PPM" in line:
            try:
                values.append(int(line.rsplit(":", 1)[1]))
            except ValueError:
                continue
    return values[-1] if values else 0


def build_argv(job: dict, out_dir: Path, device: int, ppm: int) -> tuple[list[str], Path]:
    tool = job["tool"]
    if tool not in TOOLS:
        raise SystemExit(f"job {job['name']}: tool {tool} is not a receive-only capture tool")
    if shutil.which(tool) is None:
        raise SystemExit(f"{tool} not installed")
    if tool == "rtl_sdr":
        rate = parse_hz(job.get("rate", "2.048M"))
        samples = int(rate * float(job["seconds"]))
        target = out_dir / f"{job['name']}_{parse_hz(job['freq'])}.cu8"
        argv = [tool, "-d", str(device), "-f", str(parse_hz(job["freq"])), "-s", str(rate),
                "-n", str(samples), "-p", str(ppm)]
        if "gain" in job:
            argv += ["-g", str(job["gain"])]
        argv.append(str(target))
    else:
        target = out_dir / f"{job['name']}.csv"
        argv = [tool, "-d", str(device), "-f", job["range"], "-i", str(job.get("interval", 10)),
                "-e", f"{int(job['seconds'])}s", "-p", str(ppm), str(target)]
    return argv, target


def run_job(argv: list[str], timeout: float, log_path: Path) -> int:
    global current
    with log_path.open("w") as log:
        current = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
        try:
            return current.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            current.terminate()
            try:
                current.wait(timeout=5)
            except subprocess.TimeoutExpired:
                current.kill()
            return 124
        finally:
            current = None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Receive-only SDR capture batch")
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--only", action="append", help="run only these job names")
    ap.add_argument("--device", type=int, default=0)
    ap.add_argument("--remeasure-ppm", action="store_true")
    ap.add_argument("--list", action="store_true", help="show dongles and jobs, then exit")
    ap.add_argument("--keep-days", type=int, default=0, help="delete our capture folders older than N days")
    args = ap.parse_args(argv)

    with args.config.open("rb") as fh:
        jobs = tomllib.load(fh).get("job", [])
    if args.only:
        jobs = [j for j in jobs if j["name"] in set(args.only)]
    if args.list:
        print(probe())
        for job in jobs:
            print(f"{job['name']:12s} {job['tool']:9s} {job.get('freq', job.get('range'))}")
        return 0

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    ppm = None if args.remeasure_ppm else cached_ppm(args.device)
    if ppm is None:
        print("measuring PPM (60 s) ...")
        ppm = measure_ppm(args.device)
        store_ppm(args.device, ppm)
    print(f"using ppm correction {ppm}")

    out_dir = OUT_ROOT / dt.date.today().isoformat()
    out_dir.mkdir(parents=True, exist_ok=True)
    failed = 0
    for job in jobs:
        cmd, target = build_argv(job, out_dir, args.device, ppm)
        print(f"[{job['name']}] {' '.join(cmd)}")
        rc = run_job(cmd, float(job["seconds"]) + 30, out_dir / f"{job['name']}.log")
        if rc != 0 or not target.exists():
            failed += 1
            print(f"[{job['name']}] failed (rc={rc})")
        else:
            print(f"[{job['name']}] {target.stat().st_size / 2**20:.1f} MiB -> {target.relative_to(ROOT)}")

    if args.keep_days:
        cutoff = dt.date.today() - dt.timedelta(days=args.keep_days)
        for folder in OUT_ROOT.iterdir():
            try:
                day = dt.date.fromisoformat(folder.name)
            except ValueError:
                continue
            if day < cutoff:
                shutil.rmtree(folder)
                print(f"removed old captures {folder.relative_to(ROOT)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
