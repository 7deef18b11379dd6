#!/usr/bin/env python3
"""Let `pip install` and `npm -g` work without sudo on shared dev VMs."""
import argparse
import getpass
import logging
import shutil
import subprocess
import sys
import sysconfig

log = logging.getLogger("nosudo")


class Ownership:
    @staticmethod
    def global_dirs():
        dirs = {sysconfig.get_paths()["purelib"], "/usr/local/bin", "/usr/local/lib"}
        return sorted(d for d in dirs if d)

    @staticmethod
    def command(user, path):
        return ["sudo", "chown", "-R", f"{user}:{user}", path]


def npm_prefix():
    npm = shutil.which("npm")
    if not npm:
        return None
    out = subprocess.run([npm, "prefix", "-g"], capture_output=True, text=True)
    return out.stdout.strip() or None


def apply(user, dirs, dry):
    for d in dirs:
        cmd = Ownership.command(user, d)
        log.info("%s", " ".join(cmd))
        if not dry:
            subprocess.run(cmd, check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    dirs = Ownership.global_dirs()
    prefix = npm_prefix()
    if prefix:
        dirs.append(prefix)
    try:
        apply(args.user, dirs, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("failed: %s", exc)
        return 1
    log.info("global installs now owned by %s", args.user)
    return 0


if __name__ == "__main__":
    sys.exit(main())
