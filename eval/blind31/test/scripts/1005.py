#!/usr/bin/env python3
"""Verify vzdump backups on the lab cluster, optionally by test-restoring one.

Default: list backup archives on every backup-capable storage (pvesh get, read
only), flag guests whose newest archive is older than --max-age hours or
suspiciously small compared to the previous one.

With --restore-test VMID the newest archive of that guest is restored with
`qmrestore` into a scratch VMID (9900-9999, first free one), booted with
networking disabled, checked for the guest agent, then the scratch VM is
destroyed again. The scratch VM is tagged `restore-test`; the cleanup step
refuses to destroy anything outside the scratch range or without that tag,
so a typo cannot remove a real guest.

Run on a PVE node as a user allowed to run qm/qmrestore/pvesh.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REPORT = REPO / "reports" / "backup-verify.json"
SCRATCH = range(9900, 10000)
SCRATCH_TAG = "restore-test"


@dataclass
class Archive:
    volid: str
    vmid: int
    ctime: int
    size: int
    storage: str
    node: str

    @property
    def age_hours(self) -> float:
        return (time.time() - self.ctime) / 3600


def pvesh(path: str, **params: str) -> list | dict:
    argv = ["pvesh", "get", path, "--output-format", "json"]
    for key, value in params.items():
        argv += [f"--{key}", value]
    return json.loads(subprocess.run(argv, check=True, capture_output=True, text=True).stdout)


def qm(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["qm", *args], check=check, capture_output=True, text=True)


def backup_archives() -> list[Archive]:
    archives: list[Archive] = []
    for store in pvesh("/cluster/resources", type="storage"):
        if "backup" not in store.get("content", "") or store.get("status") != "available":
            continue
        node, storage = store["node"], store["storage"]
        for item in pvesh(f"/nodes/{node}/storage/{storage}/content", content="backup"):
            if "vmid" not in item:
                continue
            archives.append(Archive(item["volid"], int(item["vmid"]), int(item["ctime"]), int(item["size"]), storage, node))
    return archives


def newest_by_guest(archives: list[Archive]) -> dict[int, list[Archive]]:
    grouped: dict[int, list[Archive]] = {}
    for a in sorted(archives, key=lambda a: a.ctime, reverse=True):
        grouped.setdefault(a.vmid, []).append(a)
    return grouped


def assess(grouped: dict[int, list[Archive]], max_age: float) -> list[str]:
    findings = []
    for vmid, items in sorted(grouped.items()):
        newest = items[0]
        if newest.age_hours > max_age:
            findings.append(f"{vmid}: newest backup is {newest.age_hours:.0f}h old ({newest.volid})")
        if len(items) > 1 and newest.size < items[1].size * 0.5:
            findings.append(f"{vmid}: newest archive is less than half the size of the previous one")
    return findings


def free_scratch_id() -> int:
    used = {int(r["vmid"]) for r in pvesh("/cluster/resources", type="vm")}
    for vmid in SCRATCH:
        if vmid not in used:
            return vmid
    raise RuntimeError("no free scratch VMID in 9900-9999")


def destroy_scratch(vmid: int) -> None:
    if vmid not in SCRATCH:
        raise RuntimeError(f"refusing to destroy {vmid}: not a scratch VMID")
    config = qm("config", str(vmid)).stdout
    if f"tags: {SCRATCH_TAG}" not in config:
        raise RuntimeError(f"refusing to destroy {vmid}: missing tag {SCRATCH_TAG}")
    qm("stop", str(vmid), "--skiplock", "1", check=False)
    qm("destroy", str(vmid), "--purge", "1")


def restore_test(archive: Archive, target_storage: str, timeout: int) -> dict:
    scratch = free_scratch_id()
    print(f"restoring {archive.volid} into scratch VM {scratch}")
    subprocess.run(["qmrestore", archive.volid, str(scratch), "--storage", target_storage, "--unique", "1"],
                   check=True, capture_output=True, text=True)
    result = {"archive": archive.volid, "scratch_vmid": scratch, "booted": False, "agent": False}
    try:
        qm("set", str(scratch), "--tags", SCRATCH_TAG, "--net0", "virtio,link_down=1", "--onboot", "0")
        qm("start", str(scratch))
        deadline = time.time() + timeout
        while time.time() < deadline:
            if "status: running" in qm("status", str(scratch)).stdout:
                result["booted"] = True
                if qm("agent", str(scratch), "ping", check=False).returncode == 0:
                    result["agent"] = True
                    break
            time.sleep(10)
    finally:
        destroy_scratch(scratch)
        print(f"scratch VM {scratch} destroyed")
    return result


def guests_without_backup(grouped: dict[int, list[Archive]]) -> list[str]:
    """Running guests that have no archive at all on any backup storage."""
    missing = []
    for res in pvesh("/cluster/resources", type="vm"):
        if res.get("template") or res.get("status") != "running":
            continue
        vmid = int(res["vmid"])
        if vmid in SCRATCH:
            continue
        if vmid not in grouped:
            missing.append(f"{vmid} ({res.get('name', '?')} on {res.get('node', '?')})")
    return missing


def print_table(grouped: dict[int, list[Archive]]) -> None:
    print(f"{'vmid':>6}  {'newest':<17} {'age h':>6} {'size GiB':>9}  storage")
    for vmid, items in sorted(grouped.items()):
        a = items[0]
        when = dt.datetime.fromtimestamp(a.ctime).strftime("%Y-%m-%d %H:%M")
        print(f"{vmid:>6}  {when:<17} {a.age_hours:>6.0f} {a.size / 1024 ** 3:>9.1f}  {a.storage}@{a.node}")


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-age", type=float, default=30.0, help="hours")
    parser.add_argument("--restore-test", type=int, metavar="VMID")
    parser.add_argument("--target-storage", default="scratch-lvm")
    parser.add_argument("--boot-timeout", type=int, default=600)
    args = parser.parse_args(argv)

    archives = backup_archives()
    grouped = newest_by_guest(archives)
    findings = assess(grouped, args.max_age)
    findings += [f"{g}: running but never backed up" for g in guests_without_backup(grouped)]
    print_table(grouped)
    report: dict = {
        "generated": dt.datetime.now().isoformat(timespec="seconds"),
        "guests_with_backups": len(grouped),
        "archives": len(archives),
        "findings": findings,
    }
    if args.restore_test is not None:
        if args.restore_test not in grouped:
            print(f"no archive for guest {args.restore_test}", file=sys.stderr)
            return 2
        report["restore_test"] = restore_test(grouped[args.restore_test][0], args.target_storage, args.boot_timeout)

    REPORT.parent.mkdir(parents=True, exist_ok=True)
    tmp = REPORT.with_suffix(".tmp")
    tmp.write_text(json.dumps(report, indent=2))
    tmp.replace(REPORT)
    for f in findings:
        print(f"WARN {f}")
    print(f"{len(archives)} archives for {len(grouped)} guests; report: {REPORT.relative_to(REPO)}")
    restore = report.get("restore_test")
    if restore and not (restore["booted"] and restore["agent"]):
        print("restore test FAILED")
        return 1
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
