#!/usr/bin/env python3
"""Reset the local development database and load fixtures.

Refuses to run unless the target database name ends with _dev or _test.
"""
import argparse
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class ResetConfig:
    database_url: str
    fixtures: list[Path] = field(default_factory=lambda: sorted((ROOT / "fixtures").glob("*.json")))
    alembic_ini: Path = ROOT / "alembic.ini"
    allowed_suffixes: tuple[str, ...] = ("_dev", "_test")

    @property
    def db_name(self) -> str:
        return urlparse(self.database_url).path.lstrip("/")

    def validate(self) -> None:
        if not self.db_name.endswith(self.allowed_suffixes):
            raise SystemExit(f"refusing to reset {self.db_name!r}: not a dev/test database")
        host = urlparse(self.database_url).hostname
        if host not in ("localhost", "127.0.0.1", "db"):
            raise SystemExit(f"refusing to reset a database on {host}")


def run(args: list[str], env_url: str) -> None:
    print("$", " ".join(args))
    subprocess.run(args, check=True, cwd=ROOT, env={"DATABASE_URL": env_url, "PATH": "/usr/bin:/bin:/usr/local/bin"})


def reset(cfg: ResetConfig) -> None:
    run(["alembic", "-c", str(cfg.alembic_ini), "downgrade", "base"], cfg.database_url)
    run(["alembic", "-c", str(cfg.alembic_ini), "upgrade", "head"], cfg.database_url)


def load_fixtures(cfg: ResetConfig) -> None:
    for f in cfg.fixtures:
        run([sys.executable, "-m", "app.cli", "load-fixture", str(f)], cfg.database_url)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--database-url", default="postgresql://localhost/app_dev")
    ap.add_argument("--no-fixtures", action="store_true")
    ns = ap.parse_args()
    cfg = ResetConfig(database_url=ns.database_url)
    cfg.validate()
    reset(cfg)
    if not ns.no_fixtures:
        load_fixtures(cfg)
    print(f"database {cfg.db_name} reset with {len(cfg.fixtures)} fixture file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
