#!/usr/bin/env python3
"""Bring up (or tear down) a throwaway Consul + Nomad dev cluster.

    python3 scripts/devcluster.py up      # start agents, seed KV, run jobs
    python3 scripts/devcluster.py status
    python3 scripts/devcluster.py down    # stop our agents, delete .devcluster/

Both agents run in -dev mode bound to 127.0.0.1. Their PIDs are recorded in
.devcluster/pids.json and `down` only signals those PIDs, after checking the
process command line still belongs to the agent we started.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / ".devcluster"
PIDS = STATE / "pids.json"
JOBS = ROOT / "deploy" / "nomad"
KV_SEED = ROOT / "deploy" / "consul-kv.json"

CONSUL = "http://127.0.0.1:8500"
NOMAD = "http://127.0.0.1:4646"

AGENTS = {
    "consul": ["consul", "agent", "-dev", "-bind=127.0.0.1", "-client=127.0.0.1",
               "-data-dir={state}/consul"],
    "nomad": ["nomad", "agent", "-dev", "-bind=127.0.0.1",
              "-data-dir={state}/nomad", "-consul-address=127.0.0.1:8500"],
}


def die(msg: str, code: int = 1) -> None:
    print(f"devcluster: {msg}", file=sys.stderr)
    sys.exit(code)


def http_json(url: str, method: str = "GET", body=None, timeout: float = 3.0):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        raw = resp.read()
    return json.loads(raw) if raw else None


def wait_for(url: str, name: str, seconds: int = 30) -> None:
    deadline = time.monotonic() + seconds
    delay = 0.25
    while time.monotonic() < deadline:
        try:
            http_json(url)
            print(f"  {name} is up")
            return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(delay)
            delay = min(delay * 2, 2.0)
    die(f"{name} did not answer at {url} within {seconds}s")


def read_pids() -> dict:
    if PIDS.exists():
        return json.loads(PIDS.read_text())
    return {}


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def ours(name: str, pid: int) -> bool:
    line = cmdline(pid)
    return line.startswith(name) and str(STATE) in line


def start_agents() -> None:
    STATE.mkdir(exist_ok=True)
    pids = read_pids()
    for name, template in AGENTS.items():
        if name in pids and ours(name, pids[name]):
            print(f"  {name} already running (pid {pids[name]})")
            continue
        if shutil.which(name) is None:
            die(f"{name} binary not found; see docs/devcluster.md")
        argv = [a.format(state=STATE) for a in template]
        logf = open(STATE / f"{name}.log", "ab")
        proc = subprocess.Popen(argv, stdout=logf, stderr=subprocess.STDOUT,
                                start_new_session=True)
        pids[name] = proc.pid
        print(f"  started {name} pid {proc.pid}")
        PIDS.write_text(json.dumps(pids, indent=2))
    wait_for(f"{CONSUL}/v1/status/leader", "consul")
    wait_for(f"{NOMAD}/v1/status/leader", "nomad")


def seed_kv() -> None:
    if not KV_SEED.exists():
        print("  no consul-kv.json, skipping KV seed")
        return
    entries = json.loads(KV_SEED.read_text())
    for key, value in entries.items():
        if not key.startswith("app/dev/"):
            die(f"seed key {key!r} outside app/dev/; fix deploy/consul-kv.json")
        req = urllib.request.Request(f"{CONSUL}/v1/kv/{key}", data=str(value).encode(), method="PUT")
        urllib.request.urlopen(req, timeout=3).read()
    print(f"  seeded {len(entries)} keys under app/dev/")


def run_jobs() -> None:
    for job in sorted(JOBS.glob("*.nomad.hcl")):
        env = {**os.environ, "NOMAD_ADDR": NOMAD}
        plan = subprocess.run(["nomad", "job", "plan", str(job)], env=env,
                              capture_output=True, text=True)
        # nomad job plan exits 1 when there are changes, 255 on error
        if plan.returncode not in (0, 1):
            print(plan.stdout + plan.stderr, file=sys.stderr)
            die(f"plan failed for {job.name}")
        subprocess.run(["nomad", "job", "run", "-detach", str(job)], env=env, check=True)
        print(f"  submitted {job.name}")


def status() -> int:
    pids = read_pids()
    if not pids:
        print("no dev cluster recorded")
        return 1
    for name, pid in pids.items():
        state = "running" if ours(name, pid) else "gone"
        print(f"{name:7} pid {pid:<7} {state}")
    try:
        jobs = http_json(f"{NOMAD}/v1/jobs")
        for job in jobs or []:
            print(f"  job {job['Name']:20} {job['Status']}")
    except urllib.error.URLError:
        print("  nomad API not reachable")
    return 0


def stop_agents() -> None:
    pids = read_pids()
    # stop nomad before consul so it can deregister its services cleanly
    for name in ("nomad", "consul"):
        pid = pids.get(name)
        if pid is None:
            continue
        if not ours(name, pid):
            print(f"  pid {pid} is not our {name} agent any more; leaving it alone")
            continue
        os.kill(pid, signal.SIGINT)
        for _ in range(40):
            if not ours(name, pid):
                break
            time.sleep(0.25)
        else:
            print(f"  {name} ignored SIGINT, sending SIGKILL")
            os.kill(pid, signal.SIGKILL)
        print(f"  stopped {name}")


def down() -> int:
    stop_agents()
    if STATE.exists():
        # only our own state dir, which holds the -dev data dirs and logs
        shutil.rmtree(STATE)
        print(f"  removed {STATE.relative_to(ROOT)}/")
    return 0


def up() -> int:
    print("starting dev cluster")
    start_agents()
    seed_kv()
    run_jobs()
    print(f"consul UI {CONSUL}/ui   nomad UI {NOMAD}/ui")
    return 0


def main(argv):
    if len(argv) != 1 or argv[0] not in ("up", "down", "status"):
        print(__doc__)
        return 2
    return {"up": up, "down": down, "status": status}[argv[0]]()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
