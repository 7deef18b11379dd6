#!/usr/bin/env python3
"""Prepare a self-hosted CI runner VM for the integration test suite.

Idempotent. Reports what it would change unless --apply is given.
Steps:
  1. check kernel settings the tests rely on (read with sysctl, write only
     the keys in WANTED_SYSCTL, into our own /etc/sysctl.d drop-in)
  2. create the unprivileged `ci-tester` user the sandbox tests run as
  3. make sure the loop module is loaded for the image tests
  4. print the firewall status (never changes firewall rules)
  5. hold the container runtime package at the version the tests pin

It refuses to run on anything that does not look like a CI runner (the
marker file below is created by the runner image).
"""
import argparse
import grp
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

RUNNER_MARKER = Path("/etc/ci-runner-image")
SYSCTL_DROPIN = Path("/etc/sysctl.d/60-ci-runner.conf")
TEST_USER = "ci-tester"
TEST_GROUP = "ci-tester"
WANTED_SYSCTL = {
    "vm.max_map_count": "262144",
    "fs.inotify.max_user_watches": "524288",
    "fs.inotify.max_user_instances": "512",
}
HOLD_PACKAGES = ["containerd.io"]
MODULES = ["loop", "overlay"]


class Step:
    def __init__(self, apply: bool):
        self.apply = apply
        self.changes = []

    def run(self, argv, sudo=False, check=True, capture=True):
        if sudo and os.geteuid() != 0:
            argv = ["sudo", "-n", *argv]
        res = subprocess.run(argv, capture_output=capture, text=True)
        if check and res.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)}: {(res.stderr or '').strip()}")
        return (res.stdout or "").strip()

    def change(self, description, argv=None, sudo=True):
        self.changes.append(description)
        if not self.apply:
            print(f"  would: {description}")
            return
        print(f"  doing: {description}")
        if argv:
            self.run(argv, sudo=sudo)


def read_sysctl(step, key):
    try:
        return step.run(["sysctl", "-n", key])
    except RuntimeError:
        return None


def check_sysctl(step):
    print("[sysctl]")
    lines = []
    for key, wanted in WANTED_SYSCTL.items():
        current = read_sysctl(step, key)
        status = "ok" if current == wanted else f"is {current}"
        print(f"  {key} = {wanted} ({status})")
        lines.append(f"{key} = {wanted}")
    desired = "# managed by tools/prepare_runner.py\n" + "\n".join(lines) + "\n"
    existing = SYSCTL_DROPIN.read_text() if SYSCTL_DROPIN.exists() else ""
    if existing != desired:
        # the write itself happens below through `sudo tee`, so no argv here
        step.change(f"write {SYSCTL_DROPIN}")
        if step.apply:
            subprocess.run(["sudo", "-n", "tee", str(SYSCTL_DROPIN)], input=desired,
                           text=True, stdout=subprocess.DEVNULL, check=True)
            step.run(["sysctl", "--load", str(SYSCTL_DROPIN)], sudo=True)


def ensure_user(step):
    print("[test user]")
    try:
        grp.getgrnam(TEST_GROUP)
    except KeyError:
        step.change(f"create group {TEST_GROUP}", ["groupadd", "--system", TEST_GROUP])
    try:
        entry = pwd.getpwnam(TEST_USER)
        print(f"  {TEST_USER} exists (uid {entry.pw_uid}, shell {entry.pw_shell})")
        groups = [g.gr_name for g in grp.getgrall() if TEST_USER in g.gr_mem]
        privileged = {"sudo", "wheel", "docker", "adm"} & set(groups)
        if privileged:
            print(f"  WARNING: {TEST_USER} is in privileged groups {sorted(privileged)};"
                  " fix this by hand, the tests assume an unprivileged user")
    except KeyError:
        step.change(f"create user {TEST_USER}",
                    ["useradd", "--create-home", "--shell", "/bin/bash",
                     "--gid", TEST_GROUP, "--comment", "CI sandbox tests", TEST_USER])


def ensure_modules(step):
    print("[kernel modules]")
    loaded = {line.split()[0] for line in Path("/proc/modules").read_text().splitlines()}
    for mod in MODULES:
        if mod in loaded:
            print(f"  {mod}: loaded")
        else:
            step.change(f"modprobe {mod}", ["modprobe", mod])


def show_firewall(step):
    print("[firewall] (read-only)")
    if shutil.which("ufw"):
        out = step.run(["ufw", "status", "verbose"], sudo=True, check=False)
        for line in out.splitlines()[:15]:
            print("  " + line)
    elif shutil.which("nft"):
        out = step.run(["nft", "list", "ruleset"], sudo=True, check=False)
        print(f"  nft ruleset has {len(out.splitlines())} lines")
    else:
        print("  no ufw/nft found")


def ensure_holds(step):
    print("[package holds]")
    if shutil.which("apt-mark") is None:
        print("  not a Debian/Ubuntu runner, skipping")
        return
    held = set(step.run(["apt-mark", "showhold"]).split())
    for pkg in HOLD_PACKAGES:
        if pkg in held:
            print(f"  {pkg}: held")
        else:
            step.change(f"apt-mark hold {pkg}", ["apt-mark", "hold", pkg])


def disk_report(step):
    print("[disks] (read-only)")
    out = step.run(["lsblk", "-o", "NAME,SIZE,TYPE,MOUNTPOINTS", "--noheadings"], check=False)
    for line in out.splitlines()[:20]:
        print("  " + line)
    root = step.run(["findmnt", "-n", "-o", "SOURCE,FSTYPE,OPTIONS", "/"], check=False)
    print(f"  root: {root}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true", help="make the changes")
    ap.add_argument("--force-host", action="store_true",
                    help="run even without the CI runner marker (for the runner image build)")
    args = ap.parse_args()

    if not RUNNER_MARKER.exists() and not args.force_host:
        print(f"{RUNNER_MARKER} not found: this does not look like a CI runner", file=sys.stderr)
        return 2

    step = Step(args.apply)
    try:
        disk_report(step)
        check_sysctl(step)
        ensure_user(step)
        ensure_modules(step)
        show_firewall(step)
        ensure_holds(step)
    except RuntimeError as exc:
        print("error:", exc, file=sys.stderr)
        return 1
    if not step.changes:
        print("runner already prepared")
    elif not args.apply:
        print(f"{len(step.changes)} change(s) pending; re-run with --apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
