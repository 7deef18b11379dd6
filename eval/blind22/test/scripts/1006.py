#!/usr/bin/env python3
"""Service-discovery fixtures in the local etcd for the orbit gateway tests.

The gateway discovers upstreams from keys under /orbit/test/upstreams/, each
attached to a lease so that crashed test processes' entries expire. This tool:

    register   put the upstreams from fixtures/upstreams.yaml with a lease
    keepalive  keep the lease alive until Ctrl-C, then revoke it
    list       show the keys under the prefix
    purge      delete the test prefix (local etcd only, asks unless --yes)

Every mutating call goes through `guarded()`, which checks the endpoint is on
loopback and the key starts with the test prefix.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import yaml

HOME_OF_REPO = Path(__file__).resolve().parents[1]
FIXTURE = HOME_OF_REPO / "fixtures" / "upstreams.yaml"
PREFIX = "/orbit/test/upstreams/"
ENDPOINT = os.environ.get("ORBIT_ETCD", "http://127.0.0.1:2379")
LEASE_FILE = HOME_OF_REPO / ".cache" / "etcd-lease"


def etcdctl(*args, stdin=None, as_json=False):
    argv = ["etcdctl", f"--endpoints={ENDPOINT}", *args]
    if as_json:
        argv += ["-w", "json"]
    res = subprocess.run(argv, input=stdin, capture_output=True, text=True,
                         env={**os.environ, "ETCDCTL_API": "3"}, timeout=20)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or f"etcdctl {args[0]} failed")
    return json.loads(res.stdout) if as_json else res.stdout


def guarded(key):
    host = urlsplit(ENDPOINT).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"{ENDPOINT} is not the local etcd")
    if not key.startswith(PREFIX):
        raise SystemExit(f"refusing to write {key}: outside {PREFIX}")
    return key


def load_upstreams():
    doc = yaml.safe_load(FIXTURE.read_text())
    ups = []
    for name, spec in (doc.get("upstreams") or {}).items():
        for i, addr in enumerate(spec.get("addresses", [])):
            ups.append((f"{PREFIX}{name}/{i}", json.dumps({
                "address": addr,
                "weight": spec.get("weight", 1),
                "zone": spec.get("zone", "local"),
            })))
    return ups


def grant(ttl):
    out = etcdctl("lease", "grant", str(ttl), as_json=True)
    lease = format(int(out["ID"]), "x")
    LEASE_FILE.parent.mkdir(parents=True, exist_ok=True)
    LEASE_FILE.write_text(lease)
    return lease


def current_lease():
    return LEASE_FILE.read_text().strip() if LEASE_FILE.exists() else None


def revoke(lease):
    try:
        etcdctl("lease", "revoke", lease)
        print(f"revoked lease {lease}")
    except RuntimeError as exc:
        print(f"revoke {lease}: {exc}")
    LEASE_FILE.unlink(missing_ok=True)


def cmd_register(ttl):
    lease = current_lease() or grant(ttl)
    count = 0
    for key, value in load_upstreams():
        etcdctl("put", guarded(key), f"--lease={lease}", stdin=value)
        count += 1
    print(f"registered {count} upstream(s) on lease {lease} (ttl {ttl}s)")


def cmd_keepalive():
    lease = current_lease()
    if not lease:
        raise SystemExit("no lease; run register first")
    proc = subprocess.Popen(["etcdctl", f"--endpoints={ENDPOINT}", "lease", "keep-alive", lease],
                            env={**os.environ, "ETCDCTL_API": "3"},
                            stdout=subprocess.DEVNULL)
    stop = {"flag": False}

    def on_signal(signum, _frame):
        stop["flag"] = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    print(f"keeping lease {lease} alive; Ctrl-C to stop and revoke")
    while not stop["flag"] and proc.poll() is None:
        time.sleep(0.5)
    proc.terminate()
    proc.wait(5)
    revoke(lease)


def cmd_list():
    out = etcdctl("get", PREFIX, "--prefix", as_json=True)
    import base64
    for kv in out.get("kvs", []):
        key = base64.b64decode(kv["key"]).decode()
        value = json.loads(base64.b64decode(kv["value"]).decode())
        lease = format(int(kv.get("lease", 0)), "x") if kv.get("lease") else "-"
        print(f"{key:<48} {value['address']:<24} lease={lease}")


def cmd_purge(yes):
    guarded(PREFIX)
    if not yes:
        answer = input(f"delete everything under {PREFIX} on {ENDPOINT}? [y/N] ")
        if answer.strip().lower() != "y":
            print("aborted")
            return
    deleted = etcdctl("del", PREFIX, "--prefix").strip() or "0"
    print(f"deleted {deleted} key(s)")
    lease = current_lease()
    if lease:
        revoke(lease)


def cmd_check():
    """Compare the fixture file with what the gateway would discover."""
    import base64
    wanted = dict(load_upstreams())
    out = etcdctl("get", PREFIX, "--prefix", as_json=True)
    have = {
        base64.b64decode(kv["key"]).decode(): base64.b64decode(kv["value"]).decode()
        for kv in out.get("kvs", [])
    }
    missing = sorted(set(wanted) - set(have))
    extra = sorted(set(have) - set(wanted))
    changed = sorted(k for k in wanted if k in have and json.loads(have[k]) != json.loads(wanted[k]))
    for label, keys in (("missing", missing), ("unexpected", extra), ("changed", changed)):
        for k in keys:
            print(f"{label:<11} {k}")
    if not (missing or extra or changed):
        print("etcd matches fixtures/upstreams.yaml")
    return 1 if missing or changed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["register", "keepalive", "list", "purge", "check"])
    ap.add_argument("--ttl", type=int, default=120)
    ap.add_argument("--yes", action="store_true", help="skip the purge prompt")
    args = ap.parse_args()
    try:
        etcdctl("endpoint", "health")
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        raise SystemExit(f"etcd at {ENDPOINT} not healthy: {exc}")
    if args.cmd == "register":
        cmd_register(args.ttl)
    elif args.cmd == "keepalive":
        cmd_keepalive()
    elif args.cmd == "list":
        cmd_list()
    elif args.cmd == "check":
        return cmd_check()
    else:
        cmd_purge(args.yes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
