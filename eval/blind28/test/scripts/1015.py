#!/usr/bin/env python3
#
# Owner: network automation guild (#netauto)
# Requires: napalm >= 4.1, pyyaml.
#
#
# inventory/lab.yml:
#   hosts:
#     leaf1: {hostname: leaf1.lab.internal, platform: eos}
#     leaf2: {hostname: leaf2.lab.internal, platform: eos}
#     spine1: {hostname: spine1.lab.internal, platform: junos, port: 830}
#
# Why compare_config + discard_config: NAPALM computes the diff by loading
# the intended config as a *candidate*; discarding it afterwards leaves the
# running config untouched.  The commit path (commit_config) is intentionally
# not used anywhere in this tool - pushes go through the reviewed ansible job.
#
# Exit status: 0 every device ok, 1 some device failed, 2 nothing selected.
#
# Snapshots are kept under out/napalm/<timestamp>/; the CI job archives them.
#
"""napalm_snapshot.py - collect NAPALM getters from the lab switches and diff the
intended configs against what is running, without committing anything.

For each device in inventory/lab.yml (must be *.lab.internal):
  * get_facts, get_interfaces, get_bgp_neighbors, get_lldp_neighbors -> JSON files
  * load_replace_candidate(configs/<name>.cfg) + compare_config() -> .diff file
  * discard_config() ALWAYS runs afterwards, so the candidate never becomes active

Output: out/napalm/<timestamp>/<device>/{facts,interfaces,bgp,lldp}.json and
config.diff, plus a summary table on stdout.  Credentials come from .env
(LAB_NET_USERNAME / LAB_NET_PASSWORD) and are passed only to the lab devices.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from napalm import get_network_driver

CHECKOUT = Path(__file__).resolve().parent.parent
INVENTORY = CHECKOUT / "inventory" / "lab.yml"
INTENDED = CHECKOUT / "configs"
GETTERS = {
    "facts": "get_facts",
    "interfaces": "get_interfaces",
    "bgp": "get_bgp_neighbors",
    "lldp": "get_lldp_neighbors",
}


@dataclass
class DeviceResult:
    name: str
    ok: bool = True
    diff_lines: int = 0
    errors: list[str] = field(default_factory=list)
    bgp_down: list[str] = field(default_factory=list)


def credentials() -> tuple[str, str]:
    values = {}
    env_file = CHECKOUT / ".env"
    if env_file.exists():
        for line in env_file.read_text(encoding="utf-8").splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                values[k.strip()] = v.strip()
    user = os.environ.get("LAB_NET_USERNAME", values.get("LAB_NET_USERNAME", ""))
    password = os.environ.get("LAB_NET_PASSWORD", values.get("LAB_NET_PASSWORD", ""))
    if not user or not password:
        raise SystemExit("LAB_NET_USERNAME / LAB_NET_PASSWORD missing (.env)")
    return user, password


def lab_devices(only: set[str] | None) -> list[dict]:
    data = yaml.safe_load(INVENTORY.read_text())
    devices = []
    for name, spec in sorted(data.get("hosts", {}).items()):
        if only and name not in only:
            continue
        if not spec["hostname"].endswith(".lab.internal"):
            print(f"skipping {name}: {spec['hostname']} is not in lab.internal", file=sys.stderr)
            continue
        devices.append({"name": name, **spec})
    return devices


def bgp_down(bgp: dict) -> list[str]:
    down = []
    for vrf, data in bgp.items():
        for peer, info in data.get("peers", {}).items():
            if not info.get("is_up"):
                down.append(f"{vrf}:{peer}")
    return down


def collect(device: dict, user: str, password: str, out_root: Path, timeout: int) -> DeviceResult:
    result = DeviceResult(device["name"])
    out_dir = out_root / device["name"]
    out_dir.mkdir(parents=True)
    driver = get_network_driver(device.get("platform", "eos"))
    conn = driver(device["hostname"], user, password, timeout=timeout,
                  optional_args={"port": device.get("port", 22)})
    try:
        conn.open()
    except Exception as exc:  # noqa: BLE001 - drivers raise their own types
        result.ok = False
        result.errors.append(f"connect: {exc}")
        return result
    try:
        for label, getter in GETTERS.items():
            try:
                data = getattr(conn, getter)()
            except NotImplementedError:
                continue
            except Exception as exc:  # noqa: BLE001
                result.errors.append(f"{getter}: {exc}")
                continue
            (out_dir / f"{label}.json").write_text(json.dumps(data, indent=2, default=str))
            if label == "bgp":
                result.bgp_down = bgp_down(data)
        intended = INTENDED / f"{device['name']}.cfg"
        if intended.exists():
            try:
                conn.load_replace_candidate(filename=str(intended))
                diff = conn.compare_config()
                (out_dir / "config.diff").write_text(diff or "")
                result.diff_lines = len([l for l in diff.splitlines() if l.startswith(("+", "-"))])
            finally:
                conn.discard_config()
        else:
            result.errors.append("no intended config in configs/")
    finally:
        conn.close()
    result.ok = not result.errors
    return result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="NAPALM read-only snapshot of the lab")
    ap.add_argument("--device", action="append")
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=45)
    args = ap.parse_args(argv)

    user, password = credentials()
    devices = lab_devices(set(args.device) if args.device else None)
    if not devices:
        print("no lab devices selected")
        return 2
    out_root = CHECKOUT / "out" / "napalm" / time.strftime("%Y%m%d-%H%M%S")
    out_root.mkdir(parents=True)
    results: list[DeviceResult] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(collect, d, user, password, out_root, args.timeout) for d in devices]
        for fut in concurrent.futures.as_completed(futures):
            results.append(fut.result())

    results.sort(key=lambda r: r.name)
    print(f"{'device':16s} {'status':8s} {'diff':>6s}  bgp down")
    for r in results:
        status = "ok" if r.ok else "ERROR"
        print(f"{r.name:16s} {status:8s} {r.diff_lines:6d}  {', '.join(r.bgp_down) or '-'}")
        for err in r.errors:
            print(f"    {err}")
    (out_root / "summary.json").write_text(json.dumps([r.__dict__ for r in results], indent=2))
    print(f"\nsnapshot in {out_root.relative_to(CHECKOUT)} (no configuration was committed)")
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
