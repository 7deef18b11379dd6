#!/usr/bin/env python3
"""Dispatch the parameterized `reindex` Nomad batch job for a set of tenants
and follow the dispatched children until they finish.

    python3 tools/reindex.py tenants.txt            # dispatch against local nomad
    python3 tools/reindex.py tenants.txt --max 4    # at most 4 running at once
    python3 tools/reindex.py --cancel               # stop the children WE dispatched

Dispatched job IDs are recorded in var/reindex-dispatched.json. --cancel only
stops those IDs (never the parent job, never -purge). Uses the HTTP API of
the Nomad agent at NOMAD_ADDR (default http://127.0.0.1:4646); NOMAD_TOKEN,
if set, goes in the X-Nomad-Token header to that agent.
"""
import argparse
import base64
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
STATE_FILE = HERE / "var" / "reindex-dispatched.json"
PARENT_JOB = "ledger-reindex"
NOMAD = os.environ.get("NOMAD_ADDR", "http://127.0.0.1:4646").rstrip("/")
ALLOWED_HOST_SUFFIXES = (".internal",)


def check_address():
    host = urllib.parse.urlparse(NOMAD).hostname or ""
    if host not in ("127.0.0.1", "localhost") and not host.endswith(ALLOWED_HOST_SUFFIXES):
        sys.exit(f"NOMAD_ADDR host {host!r} is neither local nor internal")


def api(method, path, payload=None, retries=4):
    headers = {"Content-Type": "application/json"}
    token = os.environ.get("NOMAD_TOKEN")
    if token:
        headers["X-Nomad-Token"] = token
    data = json.dumps(payload).encode() if payload is not None else None
    pause = 0.5
    for attempt in range(retries + 1):
        request = urllib.request.Request(f"{NOMAD}/v1/{path}", data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                body = response.read()
                return json.loads(body) if body else None
        except urllib.error.HTTPError as err:
            if err.code >= 500 and attempt < retries:
                time.sleep(pause)
                pause *= 2
                continue
            raise SystemExit(f"nomad {method} {path}: HTTP {err.code} {err.read()[:200]!r}")
        except urllib.error.URLError as err:
            if attempt < retries:
                time.sleep(pause)
                pause *= 2
                continue
            raise SystemExit(f"cannot reach nomad at {NOMAD}: {err.reason}")


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"dispatched": {}}


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    tmp.replace(STATE_FILE)


def read_tenants(path):
    tenants = []
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if not line.replace("-", "").replace("_", "").isalnum():
            sys.exit(f"suspicious tenant id {line!r}; only letters, digits, - and _")
        tenants.append(line)
    return tenants


def dispatch(tenant):
    payload = {"Meta": {"tenant": tenant},
               "Payload": base64.b64encode(json.dumps({"tenant": tenant}).encode()).decode()}
    result = api("POST", f"job/{PARENT_JOB}/dispatch", payload)
    return result["DispatchedJobID"]


def child_status(job_id):
    summary = api("GET", f"job/{urllib.parse.quote(job_id, safe='')}/summary")
    counts = {"running": 0, "complete": 0, "failed": 0, "pending": 0}
    for group in (summary or {}).get("Summary", {}).values():
        counts["running"] += group.get("Running", 0) + group.get("Starting", 0)
        counts["complete"] += group.get("Complete", 0)
        counts["failed"] += group.get("Failed", 0) + group.get("Lost", 0)
        counts["pending"] += group.get("Queued", 0)
    if counts["failed"]:
        return "failed"
    if counts["running"] or counts["pending"]:
        return "running"
    if counts["complete"]:
        return "complete"
    return "pending"


def run(tenants, max_parallel, poll):
    state = load_state()
    pending = [t for t in tenants if t not in state["dispatched"]]
    active = {t: j for t, j in state["dispatched"].items() if j.get("status") in (None, "running", "pending")}
    print(f"{len(pending)} to dispatch, {len(active)} already in flight")
    while pending or active:
        while pending and len(active) < max_parallel:
            tenant = pending.pop(0)
            job_id = dispatch(tenant)
            state["dispatched"][tenant] = {"id": job_id, "status": "pending", "at": time.time()}
            active[tenant] = state["dispatched"][tenant]
            print(f"  dispatched {tenant:20} -> {job_id}")
            save_state(state)
        time.sleep(poll)
        for tenant in list(active):
            entry = active[tenant]
            status = child_status(entry["id"])
            if status != entry.get("status"):
                entry["status"] = status
                print(f"  {tenant:20} {status}")
            if status in ("complete", "failed"):
                del active[tenant]
        save_state(state)
    failed = [t for t, e in state["dispatched"].items() if e.get("status") == "failed"]
    print(f"done: {len(state['dispatched']) - len(failed)} complete, {len(failed)} failed")
    return 1 if failed else 0


def cancel():
    state = load_state()
    stopped = 0
    for tenant, entry in state["dispatched"].items():
        job_id = entry["id"]
        if not job_id.startswith(f"{PARENT_JOB}/dispatch-"):
            print(f"  skipping {job_id}: not a dispatch child of {PARENT_JOB}")
            continue
        if entry.get("status") in ("complete", "failed", "stopped"):
            continue
        api("DELETE", f"job/{urllib.parse.quote(job_id, safe='')}")  # stop, no purge
        entry["status"] = "stopped"
        stopped += 1
        print(f"  stopped {tenant} ({job_id})")
    save_state(state)
    print(f"stopped {stopped} dispatched job(s)")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tenants", nargs="?")
    ap.add_argument("--max", type=int, default=2)
    ap.add_argument("--poll", type=float, default=5.0)
    ap.add_argument("--cancel", action="store_true")
    ap.add_argument("--reset-state", action="store_true", help="forget previous dispatches")
    args = ap.parse_args()
    check_address()
    if args.cancel:
        return cancel()
    if not args.tenants:
        ap.error("tenants file required")
    if args.reset_state and STATE_FILE.exists():
        STATE_FILE.unlink()
    api("GET", f"job/{PARENT_JOB}")  # fails early if the parent job is not registered
    return run(read_tenants(args.tenants), max(1, args.max), args.poll)


if __name__ == "__main__":
    sys.exit(main())
