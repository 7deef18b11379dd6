#!/usr/bin/env python3
"""Spin up throw-away multipass VMs for the cluster integration tests.

Every VM we launch gets a name with the prefix below plus a random suffix, and
is recorded in .vmstate.json. `down` deletes exactly the VMs in that file and
nothing else, so a developer's own VMs are never touched, even when they share
the prefix by accident.
"""
import argparse
import json
import secrets
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
STATE = HERE.parent / ".vmstate.json"
CLOUD_INIT = HERE / "cloud-init" / "node.yaml"
PREFIX = "itest-"
DEFAULTS = {"cpus": "2", "memory": "2G", "disk": "10G", "image": "22.04"}


def sh(*argv, check=True, capture=True, timeout=600):
    res = subprocess.run(list(argv), capture_output=capture, text=True, timeout=timeout)
    if check and res.returncode != 0:
        err = (res.stderr or "").strip()
        raise RuntimeError(f"{' '.join(argv[:3])} ... failed: {err}")
    return res


def load_state():
    if STATE.exists():
        return json.loads(STATE.read_text())
    return {"vms": []}


def save_state(state):
    tmp = STATE.with_name(STATE.name + ".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(STATE)


def list_existing():
    res = sh("multipass", "list", "--format", "json")
    return {vm["name"]: vm for vm in json.loads(res.stdout).get("list", [])}


def launch(name, opts):
    argv = ["multipass", "launch", opts["image"], "--name", name,
            "--cpus", opts["cpus"], "--memory", opts["memory"], "--disk", opts["disk"]]
    if CLOUD_INIT.exists():
        argv += ["--cloud-init", str(CLOUD_INIT)]
    print("launching", name)
    sh(*argv, timeout=900)


def wait_ready(name, timeout=300):
    deadline = time.time() + timeout
    while time.time() < deadline:
        res = sh("multipass", "exec", name, "--", "cloud-init", "status", check=False)
        if "status: done" in (res.stdout or ""):
            return True
        time.sleep(5)
    return False


def vm_ip(name):
    info = json.loads(sh("multipass", "info", name, "--format", "json").stdout)
    addrs = info["info"][name].get("ipv4", [])
    return addrs[0] if addrs else None


def cmd_up(args):
    state = load_state()
    existing = list_existing()
    opts = dict(DEFAULTS)
    for kv in args.set or []:
        key, _, value = kv.partition("=")
        if key not in opts:
            raise SystemExit(f"unknown option {key}")
        opts[key] = value
    created = []

    def abort(signum, frame):
        print(f"\ninterrupted; cleaning up {len(created)} new VM(s)")
        for n in created:
            sh("multipass", "delete", "--purge", n, check=False)
        state["vms"] = [v for v in state["vms"] if v["name"] not in created]
        save_state(state)
        sys.exit(130)

    signal.signal(signal.SIGINT, abort)
    for i in range(args.count):
        name = f"{PREFIX}{args.role}-{secrets.token_hex(3)}"
        while name in existing:
            name = f"{PREFIX}{args.role}-{secrets.token_hex(3)}"
        launch(name, opts)
        created.append(name)
        state["vms"].append({"name": name, "role": args.role, "created": int(time.time())})
        save_state(state)
    for name in created:
        if not wait_ready(name):
            print(f"warning: {name} did not finish cloud-init in time")
        print(f"{name}\t{vm_ip(name)}")
    return 0


def cmd_status(args):
    state = load_state()
    existing = list_existing()
    if not state["vms"]:
        print("no VMs recorded in", STATE.name)
        return 0
    for vm in state["vms"]:
        live = existing.get(vm["name"])
        status = live["state"] if live else "gone"
        ips = ",".join(live.get("ipv4", [])) if live else "-"
        print(f"{vm['name']:<28} {vm['role']:<10} {status:<10} {ips}")
    return 0


def cmd_down(args):
    state = load_state()
    existing = list_existing()
    keep = []
    for vm in state["vms"]:
        name = vm["name"]
        if args.role and vm["role"] != args.role:
            keep.append(vm)
            continue
        if not name.startswith(PREFIX):
            print(f"refusing to delete {name}: not created by this tool")
            keep.append(vm)
            continue
        if name in existing:
            print("deleting", name)
            sh("multipass", "delete", "--purge", name, check=False)
        else:
            print(f"{name} already gone")
    state["vms"] = keep
    save_state(state)
    if not keep and STATE.exists():
        STATE.unlink()
    return 0


def cmd_exec(args):
    state = load_state()
    names = {vm["name"] for vm in state["vms"]}
    if args.name not in names:
        raise SystemExit(f"{args.name} is not one of our VMs")
    return subprocess.call(["multipass", "exec", args.name, "--", *args.command])


def main():
    if shutil.which("multipass") is None:
        raise SystemExit("multipass is not installed")
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("up")
    up.add_argument("--role", default="node")
    up.add_argument("--count", type=int, default=1)
    up.add_argument("--set", action="append", help="cpus=4, memory=4G, ...")
    up.set_defaults(func=cmd_up)
    st = sub.add_parser("status")
    st.set_defaults(func=cmd_status)
    dn = sub.add_parser("down")
    dn.add_argument("--role")
    dn.set_defaults(func=cmd_down)
    ex = sub.add_parser("exec")
    ex.add_argument("name")
    ex.add_argument("command", nargs=argparse.REMAINDER)
    ex.set_defaults(func=cmd_exec)
    args = ap.parse_args()
    try:
        return args.func(args)
    except RuntimeError as exc:
        print("error:", exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
