#!/usr/bin/env python3
"""Workstation inventory report built from osqueryi.

Runs a fixed set of read-only osquery SQL statements on *this* machine and
writes reports/inventory-<host>.json plus a short Markdown summary.  Some
tables (e.g. listening_ports with process names) only return full data as
root; with --sudo the script re-runs just those queries via ``sudo osqueryi``.
Nothing is pushed anywhere unless --submit is given, in which case the report
goes to the team's FleetDM server named in config/fleet.yml with the API token
from FLEET_API_TOKEN.

    python3 tools/inventory.py
    python3 tools/inventory.py --sudo --submit
"""
import argparse
import json
import os
import platform
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
REPORTS = PROJECT / "reports"
FLEET_CFG = PROJECT / "config" / "fleet.yml"

QUERIES = {
    "os": "select name, version, build, platform from os_version",
    "system": "select hostname, cpu_brand, physical_memory, hardware_model from system_info",
    "uptime": "select days, hours, minutes from uptime",
    "disks": "select path, type, blocks_size * blocks / 1024 / 1024 / 1024 as size_gb, "
             "blocks_size * blocks_available / 1024 / 1024 / 1024 as free_gb from mounts "
             "where type in ('ext4','apfs','xfs','btrfs','ntfs')",
    "packages_py": "select name, version from python_packages order by name limit 500",
    "users": "select username, uid, shell from users where uid >= 1000",
    "ports": "select lp.port, lp.address, p.name from listening_ports lp "
             "left join processes p using (pid) where lp.port != 0",
    "disk_encryption": "select name, encrypted, type from disk_encryption",
}
ROOT_ONLY = {"ports", "disk_encryption"}


def log(msg):
    print(f"[inventory] {msg}", file=sys.stderr)


def osqueryi_path():
    path = shutil.which("osqueryi")
    if not path:
        sys.exit("osqueryi not installed (see docs/workstation.md)")
    return path


def run_query(exe, sql, use_sudo=False, timeout=60):
    argv = [exe, "--json", sql]
    if use_sudo:
        argv = ["sudo", "-n", *argv]
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}
    if proc.returncode != 0:
        return {"error": proc.stderr.strip()[:300]}
    try:
        return json.loads(proc.stdout or "[]")
    except json.JSONDecodeError:
        return {"error": "unparseable output"}


def collect(exe, with_sudo):
    results = {}
    for name, sql in QUERIES.items():
        elevated = with_sudo and name in ROOT_ONLY
        started = time.monotonic()
        results[name] = run_query(exe, sql, use_sudo=elevated)
        log(f"{name:<16} {time.monotonic() - started:5.2f}s{' (sudo)' if elevated else ''}")
    return results


def simple_yaml(path):
    """Enough YAML for flat key: value files (no dependency on PyYAML)."""
    data = {}
    if not path.exists():
        return data
    for line in path.read_text().splitlines():
        if ":" in line and not line.lstrip().startswith("#"):
            k, v = line.split(":", 1)
            data[k.strip()] = v.strip().strip("'\"")
    return data


def summarise(results):
    lines = []
    os_rows = results.get("os") or [{}]
    sys_rows = results.get("system") or [{}]
    if isinstance(os_rows, list) and os_rows:
        o = os_rows[0]
        lines.append(f"- OS: {o.get('name')} {o.get('version')} ({o.get('platform')})")
    if isinstance(sys_rows, list) and sys_rows:
        s = sys_rows[0]
        mem = int(s.get("physical_memory") or 0) // (1024 ** 3)
        lines.append(f"- Hardware: {s.get('hardware_model')} / {s.get('cpu_brand')} / {mem} GiB")
    disks = results.get("disks")
    if isinstance(disks, list):
        for d in disks:
            lines.append(f"- Disk {d.get('path')}: {d.get('free_gb')} of {d.get('size_gb')} GiB free")
    ports = results.get("ports")
    if isinstance(ports, list):
        exposed = [p for p in ports if p.get("address") not in ("127.0.0.1", "::1")]
        lines.append(f"- Listening on non-loopback: {len(exposed)} sockets")
        for p in exposed[:15]:
            lines.append(f"  - {p.get('address')}:{p.get('port')} {p.get('name') or '?'}")
    enc = results.get("disk_encryption")
    if isinstance(enc, list):
        plain = [e["name"] for e in enc if str(e.get("encrypted")) != "1"]
        lines.append(f"- Unencrypted volumes: {', '.join(plain) if plain else 'none'}")
    errors = [k for k, v in results.items() if isinstance(v, dict) and "error" in v]
    if errors:
        lines.append(f"- Queries with errors: {', '.join(errors)}")
    return lines


def submit(report, cfg):
    server = cfg.get("server_url", "")
    host = server.split("//", 1)[-1].split("/", 1)[0].split(":", 1)[0]
    if not host.endswith(".internal"):
        log(f"fleet server {server!r} is not an internal host; not submitting")
        return False
    token = os.environ.get("FLEET_API_TOKEN")
    if not token:
        log("FLEET_API_TOKEN not set; not submitting")
        return False
    req = urllib.request.Request(
        server.rstrip("/") + "/api/v1/fleet/device/inventory",
        data=json.dumps(report).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        log(f"submitted ({resp.status})")
    return True


def previous_report(hostname):
    """Load the last report for this host so changes can be highlighted."""
    path = REPORTS / f"inventory-{hostname}.json"
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError:
        return None


def diff_packages(old, new):
    def as_map(rows):
        if not isinstance(rows, list):
            return {}
        return {r.get("name"): r.get("version") for r in rows}

    before = as_map((old or {}).get("results", {}).get("packages_py"))
    after = as_map(new.get("packages_py"))
    changed = sorted(k for k in after if k in before and before[k] != after[k])
    added = sorted(set(after) - set(before))
    return changed, added


def main():
    ap = argparse.ArgumentParser(description="local osquery inventory")
    ap.add_argument("--sudo", action="store_true", help="run root-only tables via sudo -n")
    ap.add_argument("--submit", action="store_true", help="send to the internal Fleet server")
    args = ap.parse_args()

    exe = osqueryi_path()
    hostname = socket.gethostname().split(".")[0]
    results = collect(exe, args.sudo)
    changed, added = diff_packages(previous_report(hostname), results)
    if changed or added:
        log(f"python packages: {len(changed)} upgraded, {len(added)} new since last report")
    report = {
        "host": hostname,
        "collected_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "python": platform.python_version(),
        "results": results,
    }
    REPORTS.mkdir(exist_ok=True)
    out = REPORTS / f"inventory-{hostname}.json"
    tmp = out.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(report, indent=2))
    tmp.replace(out)
    md = REPORTS / f"inventory-{hostname}.md"
    md.write_text(f"# Inventory for {hostname}\n\n" + "\n".join(summarise(results)) + "\n")
    log(f"wrote {out.relative_to(PROJECT)} and {md.name}")
    if args.submit:
        submit(report, simple_yaml(FLEET_CFG))
    return 0


if __name__ == "__main__":
    sys.exit(main())
