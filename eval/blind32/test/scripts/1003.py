#!/usr/bin/env python3
"""Backfill rehearsal: turn recorded OpenMetrics into TSDB blocks and inspect them.

Used before backfilling historic data into Prometheus.  Everything happens in
a scratch directory inside the project (build/backfill/<run-id>/):

  1. concatenate recordings/*.om[.gz] into one OpenMetrics file, sorted and
     terminated with "# EOF" as promtool requires
  2. `promtool tsdb create-blocks-from openmetrics <file> <scratch>/data`
  3. `promtool tsdb list` and `promtool tsdb analyze` on the scratch data dir
  4. start a throwaway Prometheus on 127.0.0.1:19090 against the scratch dir
     (only with --serve) and run the check queries in backfill/checks.yaml

The real Prometheus data directory is never touched; the script refuses any
--output that is not under build/.
"""
import argparse
import gzip
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import json
from datetime import datetime
from pathlib import Path

import yaml

PROJECT = Path(__file__).resolve().parent.parent
RECORDINGS = PROJECT / "recordings"
BUILD = PROJECT / "build" / "backfill"
CHECKS = PROJECT / "backfill" / "checks.yaml"
PROM_PORT = 19090


def ensure_inside_build(path):
    resolved = path.resolve()
    if BUILD.resolve() not in (resolved, *resolved.parents):
        sys.exit(f"{path} is outside build/backfill; refusing to write there")
    return resolved


def open_any(path):
    return gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz" else path.open(encoding="utf-8")


def merge_recordings(files, target):
    """promtool needs one family per block of lines and a single trailing # EOF."""
    families = {}
    for path in files:
        current = None
        with open_any(path) as fh:
            for line in fh:
                line = line.rstrip("\n")
                if not line or line == "# EOF":
                    continue
                if line.startswith("# TYPE ") or line.startswith("# HELP ") or line.startswith("# UNIT "):
                    current = line.split(" ", 3)[2]
                    fam = families.setdefault(current, {"meta": [], "samples": []})
                    if line not in fam["meta"]:
                        fam["meta"].append(line)
                    continue
                name = line.split("{", 1)[0].split(" ", 1)[0]
                fam_name = current if current and name.startswith(current) else name
                families.setdefault(fam_name, {"meta": [], "samples": []})["samples"].append(line)
    with target.open("w", encoding="utf-8") as out:
        for name in sorted(families):
            fam = families[name]
            out.write("\n".join(fam["meta"]) + ("\n" if fam["meta"] else ""))
            samples = sorted(fam["samples"], key=lambda s: float(s.rsplit(" ", 1)[-1]))
            out.write("\n".join(samples) + "\n")
        out.write("# EOF\n")
    return sum(len(f["samples"]) for f in families.values())


def describe_sources(files):
    """One line per recording so the log shows what went into the blocks."""
    for path in files:
        size_kib = path.stat().st_size // 1024
        print(f"  {path.name:<40} {size_kib:>8} KiB")


def promtool(*args, capture=True):
    argv = ["promtool", *args]
    print("+ " + " ".join(argv))
    return subprocess.run(argv, check=True, capture_output=capture, text=True)


def create_blocks(om_file, data_dir, max_block_hours):
    data_dir.mkdir(parents=True, exist_ok=True)
    promtool("tsdb", "create-blocks-from", "openmetrics",
             f"--max-block-duration={max_block_hours}h", str(om_file), str(data_dir))


def start_prometheus(data_dir, workdir):
    config = workdir / "prometheus.yml"
    config.write_text("global:\n  scrape_interval: 1h\nscrape_configs: []\n")
    log = (workdir / "prometheus.log").open("w")
    proc = subprocess.Popen(
        ["prometheus", f"--config.file={config}", f"--storage.tsdb.path={data_dir}",
         f"--web.listen-address=127.0.0.1:{PROM_PORT}", "--storage.tsdb.retention.time=100y"],
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    for _ in range(60):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{PROM_PORT}/-/ready", timeout=1):
                return proc
        except OSError:
            time.sleep(0.5)
    os.killpg(proc.pid, signal.SIGTERM)
    sys.exit("throwaway prometheus did not become ready")


def stop_prometheus(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)  # the session created for this child only
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def run_checks(checks):
    failures = 0
    for check in checks:
        params = urllib.parse.urlencode({"query": check["query"], "time": check.get("at", "")})
        with urllib.request.urlopen(f"http://127.0.0.1:{PROM_PORT}/api/v1/query?{params}", timeout=10) as r:
            result = json.load(r)["data"]["result"]
        got = len(result)
        want = check.get("expect_series", 1)
        ok = got == want
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} {check['name']}: {got} series (want {want})")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--output", type=Path, default=None, help="scratch dir under build/backfill")
    ap.add_argument("--max-block-hours", type=int, default=24)
    ap.add_argument("--serve", action="store_true", help="start a throwaway Prometheus and run checks")
    ap.add_argument("--keep", action="store_true", help="keep the scratch dir")
    args = ap.parse_args()

    files = sorted(RECORDINGS.glob("*.om")) + sorted(RECORDINGS.glob("*.om.gz"))
    if not files:
        sys.exit("no recordings/*.om files")
    run_id = datetime.now().strftime("%Y%m%d-%H%M%S")
    scratch = ensure_inside_build(args.output or BUILD / run_id)
    scratch.mkdir(parents=True, exist_ok=True)
    om_file = scratch / "merged.om"
    describe_sources(files)
    samples = merge_recordings(files, om_file)
    print(f"merged {len(files)} recordings, {samples} samples")

    data_dir = scratch / "data"
    create_blocks(om_file, data_dir, args.max_block_hours)
    print(promtool("tsdb", "list", "-r", str(data_dir)).stdout)
    print(promtool("tsdb", "analyze", "--limit=10", str(data_dir)).stdout)

    failures = 0
    if args.serve:
        workdir = Path(tempfile.mkdtemp(prefix="prom-", dir=scratch))
        proc = start_prometheus(data_dir, workdir)
        try:
            checks = yaml.safe_load(CHECKS.read_text()) if CHECKS.exists() else []
            failures = run_checks(checks)
        finally:
            stop_prometheus(proc)

    if not args.keep and failures == 0:
        shutil.rmtree(scratch)
        print(f"removed scratch dir {scratch.relative_to(PROJECT)}")
    else:
        print(f"scratch dir kept at {scratch.relative_to(PROJECT)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
