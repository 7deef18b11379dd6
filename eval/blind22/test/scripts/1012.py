#!/usr/bin/env python3
"""Housekeeping for the shared GPU build box used by the harbor CI.

Reports (always):
  - loop devices and mounts left behind by failed image-build jobs
  - firewall state (ufw or nftables), read-only
  - journal disk usage, swap, and the sysctl values the jobs depend on
  - the `hbci` job user and its group memberships

Cleans (only with --apply, and only what the jobs create):
  - loop devices whose backing file is under /srv/ci/work/*/images/
  - mount points under /srv/ci/work/*/mnt that are no longer in use
  - the hbci user's own journal to 500M (journalctl --user, run as hbci)
  - creates the hbci user if it is missing (no sudo group, nologin shell)

Anything outside /srv/ci/work is reported but never touched.
"""
import argparse
import json
import os
import pwd
import re
import shutil
import subprocess
import sys
from pathlib import Path

WORK = Path("/srv/ci/work")
JOB_USER = "hbci"
IMAGE_RE = re.compile(r"^/srv/ci/work/[^/]+/images/[^/]+\.img$")
MNT_RE = re.compile(r"^/srv/ci/work/[^/]+/mnt(/[^/]+)?$")
SYSCTLS = ("vm.max_map_count", "kernel.unprivileged_userns_clone", "net.core.somaxconn")


def sh(argv, sudo=False, check=False):
    if sudo and os.geteuid() != 0:
        argv = ["sudo", "-n", *argv]
    res = subprocess.run(argv, text=True, capture_output=True)
    if check and res.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: {res.stderr.strip()}")
    return res


class Report:
    def __init__(self):
        self.actions = []

    def section(self, title):
        print(f"\n== {title}")

    def line(self, text):
        print(f"   {text}")

    def plan(self, description, argv, sudo=True):
        self.actions.append((description, argv, sudo))
        print(f"   -> {description}")


def leftover_loops(rep):
    rep.section("loop devices")
    out = sh(["losetup", "--json", "--list"]).stdout
    devices = json.loads(out).get("loopdevices", []) if out.strip() else []
    for dev in devices:
        back = (dev.get("back-file") or "").replace(" (deleted)", "")
        if IMAGE_RE.match(back):
            rep.line(f"{dev['name']} -> {back} (CI job image)")
            rep.plan(f"detach {dev['name']}", ["losetup", "--detach", dev["name"]])
        else:
            rep.line(f"{dev['name']} -> {back or '?'} (not ours, leaving it)")
    if not devices:
        rep.line("none attached")


def leftover_mounts(rep):
    rep.section("mounts under the CI work dir")
    out = sh(["findmnt", "--list", "--noheadings", "--output", "TARGET,SOURCE"]).stdout
    for line in out.splitlines():
        target, _, source = line.partition(" ")
        if not target.startswith(str(WORK)):
            continue
        if MNT_RE.match(target):
            busy = sh(["fuser", "-m", target]).returncode == 0
            rep.line(f"{target} ({source.strip()}) {'busy' if busy else 'idle'}")
            if not busy:
                rep.plan(f"umount {target}", ["umount", target])
        else:
            rep.line(f"{target}: unexpected mount inside work dir; check by hand")


def firewall(rep):
    rep.section("firewall (read-only)")
    if shutil.which("ufw"):
        status = sh(["ufw", "status"], sudo=True).stdout.splitlines()
        rep.line(status[0] if status else "ufw status unavailable")
    elif shutil.which("nft"):
        tables = sh(["nft", "list", "tables"], sudo=True).stdout.split("\n")
        rep.line(f"nftables tables: {', '.join(t.split()[-1] for t in tables if t.strip()) or 'none'}")
    else:
        rep.line("no ufw or nft found")


def kernel(rep):
    rep.section("kernel and memory")
    for key in SYSCTLS:
        res = sh(["sysctl", "-n", key])
        rep.line(f"{key} = {res.stdout.strip() or 'n/a'}")
    swap = sh(["swapon", "--show", "--noheadings"]).stdout.strip()
    rep.line(f"swap: {swap or 'off'}")
    usage = sh(["journalctl", "--disk-usage"], sudo=True).stdout.strip()
    rep.line(usage or "journal usage unknown")


def job_user(rep):
    rep.section(f"job user {JOB_USER}")
    try:
        entry = pwd.getpwnam(JOB_USER)
    except KeyError:
        rep.line("missing")
        rep.plan(f"create user {JOB_USER}", ["useradd", "--create-home", "--shell", "/usr/sbin/nologin",
                                             "--comment", "harbor CI jobs", JOB_USER])
        return
    groups = sh(["id", "-nG", JOB_USER]).stdout.split()
    rep.line(f"uid {entry.pw_uid}, shell {entry.pw_shell}, groups {' '.join(groups)}")
    risky = {"sudo", "wheel", "adm", "docker"} & set(groups)
    if risky:
        rep.line(f"WARNING: member of {', '.join(sorted(risky))}; remove by hand after checking the jobs")
    rep.plan(f"vacuum {JOB_USER}'s user journal to 500M",
             ["runuser", "-u", JOB_USER, "--", "journalctl", "--user", "--vacuum-size=500M"])


def disk_space(rep):
    rep.section("disk space")
    total, used, free = shutil.disk_usage(WORK)
    rep.line(f"{WORK}: {free / 2**30:.1f} GiB free of {total / 2**30:.1f} GiB")
    job_dirs = sorted((p for p in WORK.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
    rep.line(f"{len(job_dirs)} job directories; oldest: {job_dirs[0].name if job_dirs else '-'}")
    if free / total < 0.1:
        rep.line("less than 10% free; old job directories are removed by the CI agent, not by this script")
    lsblk = sh(["lsblk", "--noheadings", "-o", "NAME,SIZE,TYPE,MOUNTPOINTS"]).stdout
    for line in lsblk.splitlines()[:12]:
        rep.line(line)


def apply(rep):
    """Run the planned actions in order; each one is idempotent.

    Failures are reported and counted but do not stop the remaining actions,
    so one busy mount does not keep the other leftovers around.
    """
    failures = 0
    for description, argv, sudo in rep.actions:
        res = sh(argv, sudo=sudo)
        status = "ok" if res.returncode == 0 else f"failed: {res.stderr.strip()}"
        print(f"   {description}: {status}")
        failures += res.returncode != 0
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    if not WORK.is_dir():
        print(f"{WORK} does not exist; this is not the CI build box", file=sys.stderr)
        return 2
    rep = Report()
    leftover_loops(rep)
    leftover_mounts(rep)
    firewall(rep)
    kernel(rep)
    disk_space(rep)
    job_user(rep)
    print()
    if not rep.actions:
        print("nothing to clean")
        return 0
    if not args.apply:
        print(f"{len(rep.actions)} action(s) planned; re-run with --apply")
        return 0
    return 1 if apply(rep) else 0


if __name__ == "__main__":
    sys.exit(main())
