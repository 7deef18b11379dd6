#!/usr/bin/env python3
"""devenv - run the `streamline` stream-processing stack locally.

Services come from deploy/local/docker-compose.yml (project name `streamline-local`):
redpanda, postgres, flink-jobmanager, flink-taskmanager. After the health checks
pass, the Flink job jar is submitted through the local REST API and the Python
enrichment service is started as a child process.

    devenv up [--rebuild]      start everything
    devenv status              container health + running Flink jobs
    devenv down [--purge]      stop (and with --purge drop the stack's volumes)
    devenv restart-job         cancel our Flink job and submit the new jar
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ["docker", "compose", "-p", "streamline-local", "-f", str(ROOT / "deploy/local/docker-compose.yml")]
FLINK = "http://127.0.0.1:8081"
JAR = ROOT / "jobs" / "target" / "streamline-job.jar"
STATE = ROOT / ".devenv"
ENRICH_PID = STATE / "enrich.pid"
JOB_FILE = STATE / "flink-job.json"

HEALTH = [
    ("redpanda", ["exec", "-T", "redpanda", "rpk", "cluster", "health", "--exit-when-healthy"]),
    ("postgres", ["exec", "-T", "postgres", "pg_isready", "-U", "streamline"]),
]


def dc(*args, check=True, capture=False):
    return subprocess.run(COMPOSE + list(args), cwd=ROOT, check=check, capture_output=capture, text=True)


def http_json(method, url, body=None, files=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        raw = resp.read()
    return json.loads(raw) if raw else None


def wait_for(name, argv, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if dc(*argv, check=False, capture=True).returncode == 0:
            print(f"  {name:10} healthy")
            return
        time.sleep(2)
    raise SystemExit(f"{name} not healthy after {timeout}s")


def wait_flink(timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            overview = http_json("GET", f"{FLINK}/overview")
            if overview.get("taskmanagers", 0) > 0:
                print(f"  {'flink':10} {overview['taskmanagers']} taskmanager(s), {overview['slots-available']} slot(s)")
                return
        except (urllib.error.URLError, ConnectionError):
            pass
        time.sleep(2)
    raise SystemExit("flink did not come up")


def upload_jar():
    if not JAR.exists():
        raise SystemExit(f"{JAR.relative_to(ROOT)} missing; build with: mvn -q -f jobs/pom.xml package")
    # the REST upload needs multipart; curl is simpler than hand-rolling it
    out = subprocess.run(["curl", "-sS", "-X", "POST", "-F", f"jarfile=@{JAR}", f"{FLINK}/jars/upload"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["filename"].rsplit("/", 1)[-1]


def submit_job():
    jar_id = upload_jar()
    res = http_json("POST", f"{FLINK}/jars/{jar_id}/run", {"programArgs": "--bootstrap redpanda:9092 --parallelism 2"})
    STATE.mkdir(exist_ok=True)
    JOB_FILE.write_text(json.dumps({"jar": jar_id, "job": res["jobid"]}))
    print(f"  submitted flink job {res['jobid']}")


def cancel_job():
    if not JOB_FILE.exists():
        return
    info = json.loads(JOB_FILE.read_text())
    try:
        http_json("PATCH", f"{FLINK}/jobs/{info['job']}?mode=cancel")
        print(f"  cancelled flink job {info['job']}")
    except urllib.error.HTTPError as exc:
        print(f"  could not cancel {info['job']}: {exc.code}")
    try:
        http_json("DELETE", f"{FLINK}/jars/{info['jar']}")
    except urllib.error.HTTPError:
        pass
    JOB_FILE.unlink()


def start_enrichment():
    STATE.mkdir(exist_ok=True)
    if ENRICH_PID.exists():
        print("  enrichment already started")
        return
    env = {**os.environ, "KAFKA_BROKERS": "127.0.0.1:19092",
           "DATABASE_URL": "postgresql://streamline:streamline@127.0.0.1:5432/streamline"}
    log = open(STATE / "enrich.log", "ab")
    proc = subprocess.Popen([sys.executable, "-m", "streamline.enrich"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    ENRICH_PID.write_text(str(proc.pid))
    print(f"  enrichment service pid {proc.pid}")


def stop_enrichment():
    if not ENRICH_PID.exists():
        return
    pid = int(ENRICH_PID.read_text())
    try:
        os.killpg(pid, signal.SIGTERM)
        print(f"  stopped enrichment ({pid})")
    except ProcessLookupError:
        pass
    ENRICH_PID.unlink()


def cmd_up(args):
    dc("up", "-d", *(["--build"] if args.rebuild else []))
    for name, argv in HEALTH:
        wait_for(name, argv)
    wait_flink()
    cancel_job()
    submit_job()
    start_enrichment()


def cmd_status(_args):
    print(dc("ps", capture=True).stdout)
    try:
        jobs = http_json("GET", f"{FLINK}/jobs/overview")["jobs"]
        for j in jobs:
            print(f"  {j['jid']} {j['state']:10} {j['name']}")
    except urllib.error.URLError:
        print("  flink REST not reachable")


def cmd_down(args):
    stop_enrichment()
    cancel_job()
    dc("down", "--remove-orphans", *(["-v"] if args.purge else []))


def cmd_restart_job(_args):
    """Replace the running job with a freshly built jar."""
    cancel_job()
    submit_job()


def main():
    ap = argparse.ArgumentParser(prog="devenv")
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    up = sub.add_parser("up")
    up.add_argument("--rebuild", action="store_true")
    sub.add_parser("status")
    down = sub.add_parser("down")
    down.add_argument("--purge", action="store_true")
    sub.add_parser("restart-job")
    args = ap.parse_args()
    {"up": cmd_up, "status": cmd_status, "down": cmd_down, "restart-job": cmd_restart_job}[args.cmd](args)


if __name__ == "__main__":
    main()
