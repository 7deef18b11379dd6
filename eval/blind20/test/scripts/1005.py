#!/usr/bin/env python3
"""Manage the Vagrant lab in infra/lab (three VMs: db, app, edge).

    python3 infra/lab.py up [--provision]
    python3 infra/lab.py destroy            # destroys the lab VMs, asks first
    python3 infra/lab.py destroy --yes
    python3 infra/lab.py snapshot before-upgrade
    python3 infra/lab.py restore before-upgrade
    python3 infra/lab.py status

All vagrant commands run with cwd=infra/lab and VAGRANT_CWD set to it, so
`vagrant destroy -f` acts only on machines defined by that Vagrantfile. The
machine ids are cross-checked with `vagrant global-status` so a stale index
entry pointing elsewhere is never touched.
"""
from __future__ import annotations

import argparse
import csv
import io
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LAB = REPO / "infra" / "lab"
MACHINES = ("db", "app", "edge")
BOOT_ORDER = ("db", "app", "edge")


def env() -> dict:
    e = dict(os.environ)
    e["VAGRANT_CWD"] = str(LAB)
    e.setdefault("VAGRANT_DEFAULT_PROVIDER", "libvirt" if sys.platform.startswith("linux") else "virtualbox")
    return e


def vagrant(*args: str, capture: bool = False, check: bool = True) -> str:
    argv = ["vagrant", *args]
    if not capture:
        print("+", " ".join(argv), file=sys.stderr)
    res = subprocess.run(argv, cwd=LAB, env=env(), text=True, capture_output=capture)
    if check and res.returncode != 0:
        msg = res.stderr.strip() if capture else ""
        raise SystemExit(f"vagrant {args[0]} failed ({res.returncode}) {msg}")
    return res.stdout if capture else ""


def machine_readable(output: str) -> list[list[str]]:
    return [row for row in csv.reader(io.StringIO(output)) if row]


def states() -> dict[str, str]:
    rows = machine_readable(vagrant("status", "--machine-readable", capture=True))
    return {r[1]: r[3] for r in rows if len(r) > 3 and r[2] == "state" and r[1] in MACHINES}


def lab_machine_ids() -> set[str]:
    """ids from global-status whose directory is exactly infra/lab."""
    out = vagrant("global-status", "--prune", capture=True, check=False)
    ids = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 5 and Path(parts[-1]).resolve() == LAB.resolve():
            ids.add(parts[0])
    return ids


def provider_available() -> bool:
    """libvirt needs the vagrant-libvirt plugin; virtualbox needs VBoxManage."""
    provider = env()["VAGRANT_DEFAULT_PROVIDER"]
    if provider == "libvirt":
        plugins = vagrant("plugin", "list", capture=True, check=False)
        return "vagrant-libvirt" in plugins
    return shutil.which("VBoxManage") is not None


def confirm(question: str) -> bool:
    if not sys.stdin.isatty():
        return False
    answer = input(f"{question} [y/N] ").strip().lower()
    return answer in ("y", "yes")


def cmd_up(args) -> int:
    if not provider_available():
        raise SystemExit(f"provider {env()['VAGRANT_DEFAULT_PROVIDER']} is not set up on this machine")
    current = states()
    for name in BOOT_ORDER:
        if current.get(name) == "running" and not args.provision:
            print(f"{name}: already running")
            continue
        argv = ["up", name]
        if args.provision:
            argv.append("--provision")
        vagrant(*argv)
    return cmd_status(args)


def cmd_destroy(args) -> int:
    if not (LAB / "Vagrantfile").exists():
        raise SystemExit(f"no Vagrantfile in {LAB}")
    ids = lab_machine_ids()
    print(f"lab machines known to vagrant: {', '.join(sorted(ids)) or 'none'}")
    if not args.yes and not confirm(f"destroy {', '.join(MACHINES)} in {LAB.relative_to(REPO)}?"):
        print("aborted")
        return 1
    for name in reversed(BOOT_ORDER):
        vagrant("destroy", "-f", name, check=False)
    dotdir = LAB / ".vagrant"
    if dotdir.exists() and not states():
        shutil.rmtree(dotdir)
        print("removed infra/lab/.vagrant")
    return 0


def cmd_snapshot(args) -> int:
    for name in MACHINES:
        vagrant("snapshot", "save", name, args.label, "--force")
    return 0


def cmd_restore(args) -> int:
    listed = vagrant("snapshot", "list", "--machine-readable", capture=True)
    if args.label not in listed:
        raise SystemExit(f"no snapshot named {args.label}")
    for name in MACHINES:
        vagrant("snapshot", "restore", name, args.label, "--no-provision")
    return 0


def cmd_status(_args) -> int:
    current = states()
    for name in MACHINES:
        print(f"{name:6} {current.get(name, 'unknown')}")
    ssh_cfg = REPO / "build" / "lab-ssh-config"
    ssh_cfg.parent.mkdir(parents=True, exist_ok=True)
    running = [n for n in MACHINES if current.get(n) == "running"]
    if running:
        ssh_cfg.write_text(vagrant("ssh-config", *running, capture=True))
        print(f"ssh config for running machines: {ssh_cfg.relative_to(REPO)} (ssh -F build/lab-ssh-config app)")
    return 0


def cmd_smoke(_args) -> int:
    checks = {
        "db": "pg_isready -h 127.0.0.1",
        "app": "curl -fsS http://127.0.0.1:8000/healthz",
        "edge": "curl -fsS -o /dev/null http://127.0.0.1/",
    }
    failures = 0
    for name, command in checks.items():
        started = time.monotonic()
        res = subprocess.run(["vagrant", "ssh", name, "-c", command], cwd=LAB, env=env(),
                             capture_output=True, text=True)
        took = time.monotonic() - started
        status = "ok" if res.returncode == 0 else "FAIL"
        failures += res.returncode != 0
        print(f"{status:4} {name:5} {took:5.1f}s  {command}")
    return 1 if failures else 0


def main() -> int:
    if shutil.which("vagrant") is None:
        raise SystemExit("vagrant not installed")
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("up")
    up.add_argument("--provision", action="store_true")
    de = sub.add_parser("destroy")
    de.add_argument("--yes", action="store_true")
    sn = sub.add_parser("snapshot")
    sn.add_argument("label")
    rs = sub.add_parser("restore")
    rs.add_argument("label")
    sub.add_parser("status")
    sub.add_parser("smoke")
    args = ap.parse_args()
    handler = {
        "up": cmd_up, "destroy": cmd_destroy, "snapshot": cmd_snapshot,
        "restore": cmd_restore, "status": cmd_status, "smoke": cmd_smoke,
    }[args.cmd]
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
