#!/usr/bin/env python3
"""Back up running configs of the lab routers into backups/<device>.cfg.

Read-only on the devices: the only commands sent are `show running-config`
(or the platform's equivalent) and `show version`.  Devices come from
inventory/lab.yml; anything whose hostname is not under lab.internal is
skipped, so a mistaken production inventory cannot be used here.

Credentials: LAB_NET_USER / LAB_NET_PASSWORD from .env.

After writing the files the script shows a unified diff against the last
committed version and, with --commit, commits backups/ in this repo.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import difflib
import getpass
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml
from netmiko import ConnectHandler
from netmiko.exceptions import NetmikoAuthenticationException, NetmikoTimeoutException

ROOT = Path(__file__).resolve().parents[1]
INVENTORY = ROOT / "inventory" / "lab.yml"
BACKUPS = ROOT / "backups"
LAB_SUFFIX = ".lab.internal"

SHOW_RUNNING = {
    "cisco_ios": "show running-config",
    "cisco_xe": "show running-config",
    "arista_eos": "show running-config",
    "juniper_junos": "show configuration | display set",
    "linux": "vtysh -c 'show running-config'",
}
# Lines that change on every read and would make every diff noisy.
VOLATILE = [
    re.compile(r"^! Last configuration change at .*$", re.M),
    re.compile(r"^! NVRAM config last updated at .*$", re.M),
    re.compile(r"^ntp clock-period \d+$", re.M),
    re.compile(r"^Building configuration\.\.\.$", re.M),
    re.compile(r"^Current configuration : \d+ bytes$", re.M),
]


@dataclass
class Device:
    name: str
    host: str
    platform: str
    port: int = 22


def read_env(path: Path) -> dict[str, str]:
    env: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            m = re.match(r"^\s*([A-Z0-9_]+)\s*=\s*(.*)$", line)
            if m:
                env[m.group(1)] = m.group(2).strip().strip('"')
    return env


def load_inventory(path: Path, only: set[str] | None) -> list[Device]:
    data = yaml.safe_load(path.read_text()) or {}
    devices = []
    for name, attrs in sorted((data.get("devices") or {}).items()):
        if only and name not in only:
            continue
        host = attrs["host"]
        if not host.endswith(LAB_SUFFIX):
            print(f"skip {name}: {host} is not a lab device", file=sys.stderr)
            continue
        platform = attrs.get("platform", "cisco_ios")
        if platform not in SHOW_RUNNING:
            print(f"skip {name}: unsupported platform {platform}", file=sys.stderr)
            continue
        devices.append(Device(name, host, platform, int(attrs.get("port", 22))))
    return devices


def scrub(text: str) -> str:
    for pattern in VOLATILE:
        text = pattern.sub("", text)
    lines = [ln.rstrip() for ln in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines).rstrip() + "\n"


def fetch(device: Device, username: str, password: str, timeout: int) -> str:
    params = {
        "device_type": device.platform,
        "host": device.host,
        "port": device.port,
        "username": username,
        "password": password,
        "timeout": timeout,
        "fast_cli": False,
    }
    attempt, delay = 0, 2.0
    while True:
        attempt += 1
        try:
            with ConnectHandler(**params) as conn:
                return conn.send_command(SHOW_RUNNING[device.platform], read_timeout=timeout)
        except NetmikoTimeoutException:
            if attempt >= 3:
                raise
            time.sleep(delay)
            delay *= 2


def previous_version(path: Path) -> str:
    rel = path.relative_to(ROOT).as_posix()
    proc = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"HEAD:{rel}"],
        capture_output=True, text=True,
    )
    return proc.stdout if proc.returncode == 0 else ""


def write_backup(device: Device, config: str) -> tuple[Path, list[str]]:
    BACKUPS.mkdir(exist_ok=True)
    target = BACKUPS / f"{device.name}.cfg"
    before = previous_version(target)
    tmp = target.with_suffix(".cfg.tmp")
    tmp.write_text(config)
    tmp.replace(target)
    diff = list(difflib.unified_diff(
        before.splitlines(), config.splitlines(),
        fromfile=f"a/{target.name}", tofile=f"b/{target.name}", lineterm="",
    ))
    return target, diff


def commit_backups(message: str) -> None:
    subprocess.run(["git", "-C", str(ROOT), "add", "backups"], check=True)
    staged = subprocess.run(["git", "-C", str(ROOT), "diff", "--cached", "--quiet", "--", "backups"])
    if staged.returncode == 0:
        print("no config changes to commit")
        return
    subprocess.run(["git", "-C", str(ROOT), "commit", "-m", message, "--", "backups"], check=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Back up lab router configs (read-only)")
    ap.add_argument("--device", action="append", help="limit to these inventory names")
    ap.add_argument("--inventory", type=Path, default=INVENTORY)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--commit", action="store_true", help="git commit backups/ afterwards")
    ap.add_argument("--quiet-diff", action="store_true")
    args = ap.parse_args(argv)

    env = {**read_env(ROOT / ".env"), **os.environ}
    username = env.get("LAB_NET_USER") or input("lab username: ")
    password = env.get("LAB_NET_PASSWORD") or getpass.getpass("lab password: ")
    devices = load_inventory(args.inventory, set(args.device) if args.device else None)
    if not devices:
        print("no lab devices selected")
        return 1

    failures = 0
    changed = 0
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(fetch, d, username, password, args.timeout): d for d in devices}
        for future in cf.as_completed(futures):
            device = futures[future]
            try:
                config = scrub(future.result())
            except (NetmikoTimeoutException, NetmikoAuthenticationException) as exc:
                failures += 1
                print(f"FAIL {device.name}: {exc.__class__.__name__}")
                continue
            target, diff = write_backup(device, config)
            if diff:
                changed += 1
                print(f"changed {target.relative_to(ROOT)} ({len(diff)} diff lines)")
                if not args.quiet_diff:
                    print("\n".join(diff[:200]))
            else:
                print(f"same    {target.relative_to(ROOT)}")
    if args.commit and changed:
        commit_backups(f"lab config backup {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"{len(devices) - failures} ok, {failures} failed, {changed} changed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
