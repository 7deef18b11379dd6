#!/usr/bin/env python3
"""Simulate every Opentrons protocol in protocols/ and summarise the runs.

For each protocol file the script calls ``opentrons_simulate`` (never
``opentrons_execute``: this tool is for CI and laptops, not for the robot),
captures the run log, counts aspirate/dispense/tip operations and checks the
tip budget against the tip racks declared in the protocol's metadata.

The optional --upload-analysis flag posts the JSON summary to the lab's
internal protocol registry (registry.lab.internal) using the token from
.env, so the bench scientists can see which revision simulates cleanly.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
PROTOCOLS = PROJECT / "protocols"
LABWARE = PROJECT / "labware"
RESULTS = PROJECT / "build" / "simulations"
REGISTRY = "https://registry.lab.internal/api/v1/simulations"

STEP_PATTERNS = {
    "aspirate": re.compile(r"^\s*Aspirating ", re.M),
    "dispense": re.compile(r"^\s*Dispensing ", re.M),
    "pick_up_tip": re.compile(r"^\s*Picking up tip", re.M),
    "drop_tip": re.compile(r"^\s*Dropping tip", re.M),
    "pause": re.compile(r"^\s*Pausing", re.M),
}
TIPRACK_RE = re.compile(r"load_labware\(\s*['\"](opentrons_\w*tiprack\w*)['\"]")
API_LEVEL_RE = re.compile(r"['\"]apiLevel['\"]\s*:\s*['\"](\d+\.\d+)['\"]")


def log(msg):
    print(f"[sim] {msg}", file=sys.stderr, flush=True)


def simulator():
    exe = shutil.which("opentrons_simulate")
    if exe is None:
        sys.exit("opentrons_simulate not found; pip install opentrons in the project venv")
    return exe


def tip_capacity(source):
    racks = TIPRACK_RE.findall(source)
    per_rack = 96
    return len(racks) * per_rack, racks


def simulate(exe, protocol, workdir, timeout):
    argv = [exe, str(protocol)]
    if LABWARE.is_dir():
        argv[1:1] = ["-L", str(LABWARE)]
    started = time.monotonic()
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=workdir)
    elapsed = time.monotonic() - started
    text = proc.stdout
    counts = {name: len(rx.findall(text)) for name, rx in STEP_PATTERNS.items()}
    source = protocol.read_text(encoding="utf-8")
    capacity, racks = tip_capacity(source)
    api = API_LEVEL_RE.search(source)
    log_path = RESULTS / f"{protocol.stem}.log"
    log_path.write_text(text + "\n--- stderr ---\n" + proc.stderr, encoding="utf-8")
    return {
        "protocol": protocol.name,
        "api_level": api.group(1) if api else None,
        "exit": proc.returncode,
        "seconds": round(elapsed, 2),
        "steps": counts,
        "tip_racks": racks,
        "tip_capacity": capacity,
        "tip_budget_ok": capacity == 0 or counts["pick_up_tip"] <= capacity,
        "error": proc.stderr.strip().splitlines()[-1] if proc.returncode else None,
        "log": str(log_path.relative_to(PROJECT)),
    }


def read_token():
    token = os.environ.get("LAB_REGISTRY_TOKEN")
    env_file = PROJECT / ".env"
    if not token and env_file.exists():
        for line in env_file.read_text().splitlines():
            if line.startswith("LAB_REGISTRY_TOKEN="):
                token = line.split("=", 1)[1].strip()
    return token


def upload(summary, token, attempts=3):
    body = json.dumps(summary).encode()
    for attempt in range(1, attempts + 1):
        req = urllib.request.Request(REGISTRY, data=body, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {token}",
        })
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                log(f"registry accepted summary ({resp.status})")
                return True
        except OSError as exc:
            log(f"upload attempt {attempt} failed: {exc}")
            time.sleep(2 ** attempt)
    return False


def git_revision():
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=PROJECT,
                             capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def print_table(results):
    header = f"{'protocol':<36} {'exit':>4} {'asp':>5} {'disp':>5} {'tips':>5} {'budget':>7}"
    print(header)
    print("-" * len(header))
    for r in results:
        s = r["steps"]
        budget = "ok" if r["tip_budget_ok"] else "OVER"
        print(f"{r['protocol']:<36} {r['exit']:>4} {s['aspirate']:>5} {s['dispense']:>5} "
              f"{s['pick_up_tip']:>5} {budget:>7}")


def main():
    ap = argparse.ArgumentParser(description="simulate all protocols")
    ap.add_argument("protocols", nargs="*", help="protocol files (default: protocols/*.py)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--upload-analysis", action="store_true",
                    help="post the summary to the internal registry (opt-in)")
    args = ap.parse_args()

    exe = simulator()
    files = [Path(p) for p in args.protocols] or sorted(PROTOCOLS.glob("*.py"))
    if not files:
        log("no protocols found")
        return 0
    RESULTS.mkdir(parents=True, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="ot-sim-")
    results = []
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {pool.submit(simulate, exe, f.resolve(), workdir, args.timeout): f for f in files}
            for fut in as_completed(futures):
                proto = futures[fut]
                try:
                    results.append(fut.result())
                except subprocess.TimeoutExpired:
                    results.append({"protocol": proto.name, "exit": 124, "steps": Counter(),
                                    "tip_budget_ok": False, "error": "timeout"})
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    results.sort(key=lambda r: r["protocol"])
    for r in results:
        r["steps"] = {k: r["steps"].get(k, 0) for k in STEP_PATTERNS}
    print_table(results)
    summary = {"revision": git_revision(), "generated": time.strftime("%FT%T"), "results": results}
    (RESULTS / "summary.json").write_text(json.dumps(summary, indent=2))

    if args.upload_analysis:
        token = read_token()
        if not token:
            log("LAB_REGISTRY_TOKEN missing; not uploading")
        else:
            upload(summary, token)
    bad = [r for r in results if r["exit"] != 0 or not r["tip_budget_ok"]]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
