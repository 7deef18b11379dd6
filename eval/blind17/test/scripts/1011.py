#!/usr/bin/env python3
"""dbctl - Alembic workflow helper for the FastAPI service `orchard-api`.

    dbctl new "add orders.discount"   autogenerate a revision, then lint it
    dbctl up                          upgrade head on the local database
    dbctl down [steps]                downgrade N steps (default 1)
    dbctl reset                       DROP + CREATE the local database, upgrade head, seed
    dbctl check                       fail if models and migrations drift

Seed scripts are plain modules in orchard/seeds/ loaded with importlib in name
order. Every destructive command refuses to run unless DATABASE_URL points at
localhost / the compose service and the database name ends in _dev or _test.
"""
import argparse
import importlib
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SEEDS_PKG = "orchard.seeds"
LOCAL = {"localhost", "127.0.0.1", "db", "postgres", None}
DANGEROUS_OPS = re.compile(r"op\.(drop_table|drop_column|execute\(\s*['\"]\s*(DELETE|TRUNCATE|DROP))", re.I)


def env_url():
    for name in (".env.local", ".env"):
        p = ROOT / name
        if p.exists():
            for line in p.read_text().splitlines():
                if line.startswith("DATABASE_URL=") and "DATABASE_URL" not in os.environ:
                    os.environ["DATABASE_URL"] = line.split("=", 1)[1].strip().strip('"')
    url = os.environ.get("DATABASE_URL")
    if not url:
        sys.exit("DATABASE_URL not set")
    return make_url(url)


def require_local(url):
    if url.host not in LOCAL:
        sys.exit(f"refusing: {url.host} is not a local database host")
    if not (url.database or "").endswith(("_dev", "_test")):
        sys.exit(f"refusing: database {url.database!r} must end in _dev or _test")


def alembic(*args):
    cmd = [sys.executable, "-m", "alembic", "-c", str(ROOT / "alembic.ini"), *args]
    print("+", " ".join(cmd[2:]))
    subprocess.run(cmd, cwd=ROOT, check=True)


def newest_revision_file():
    versions = ROOT / "migrations" / "versions"
    files = sorted(versions.glob("*.py"), key=lambda p: p.stat().st_mtime)
    return files[-1] if files else None


def lint_revision(path):
    body = path.read_text()
    problems = []
    if "def downgrade" not in body or re.search(r"def downgrade\(\).*:\s*\n\s*pass", body):
        problems.append("downgrade() is empty")
    for m in DANGEROUS_OPS.finditer(body):
        problems.append(f"destructive operation in upgrade: {m.group(0)}")
    if "server_default" not in body and "nullable=False" in body and "add_column" in body:
        problems.append("NOT NULL column added without server_default")
    return problems


def cmd_new(args):
    alembic("revision", "--autogenerate", "-m", args.message)
    rev = newest_revision_file()
    if rev:
        for p in lint_revision(rev):
            print(f"  warning: {rev.name}: {p}")
        subprocess.run(["ruff", "format", str(rev)], cwd=ROOT, check=False)


def cmd_up(_args):
    require_local(env_url())
    alembic("upgrade", "head")


def cmd_down(args):
    require_local(env_url())
    alembic("downgrade", f"-{args.steps}")


def recreate_database(url):
    admin = url.set(database="postgres")
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    name = url.database
    with engine.connect() as conn:
        conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = :d AND pid <> pg_backend_pid()"), {"d": name})
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    print(f"  recreated {name} on {url.host}")


def run_seeds(url):
    pkg = importlib.import_module(SEEDS_PKG)
    engine = create_engine(url)
    names = sorted(m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_"))
    with engine.begin() as conn:
        for name in names:
            mod = importlib.import_module(f"{SEEDS_PKG}.{name}")
            if hasattr(mod, "seed"):
                n = mod.seed(conn)
                print(f"  seed {name}: {n if n is not None else 'ok'}")
    engine.dispose()


def cmd_reset(args):
    url = env_url()
    require_local(url)
    if not args.yes and input(f"drop local database {url.database}? [y/N] ").lower() != "y":
        return
    recreate_database(url)
    alembic("upgrade", "head")
    if not args.no_seed:
        run_seeds(url)


def cmd_history(args):
    """Short history with the lint result of each of the last N revisions."""
    versions = ROOT / "migrations" / "versions"
    files = sorted(versions.glob("*.py"), key=lambda p: p.stat().st_mtime)[-args.last:]
    for f in files:
        problems = lint_revision(f)
        mark = "ok " if not problems else "!! "
        print(f"{mark} {f.name}")
        for p in problems:
            print(f"      {p}")


def cmd_sql(args):
    """Offline SQL for a revision range, for review in the PR description."""
    out = ROOT / "build" / "migration.sql"
    out.parent.mkdir(exist_ok=True)
    with out.open("w") as fh:
        subprocess.run([sys.executable, "-m", "alembic", "-c", str(ROOT / "alembic.ini"), "upgrade",
                        f"{args.start}:{args.end}", "--sql"], cwd=ROOT, stdout=fh, check=True)
    print(f"wrote {out.relative_to(ROOT)}")


def cmd_check(_args):
    url = env_url()
    require_local(url)
    proc = subprocess.run([sys.executable, "-m", "alembic", "-c", str(ROOT / "alembic.ini"), "check"],
                          cwd=ROOT, capture_output=True, text=True)
    print(proc.stdout or proc.stderr)
    sys.exit(proc.returncode)


def main():
    sys.path.insert(0, str(ROOT))
    ap = argparse.ArgumentParser(prog="dbctl")
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    n = sub.add_parser("new")
    n.add_argument("message")
    sub.add_parser("up")
    d = sub.add_parser("down")
    d.add_argument("steps", nargs="?", type=int, default=1)
    r = sub.add_parser("reset")
    r.add_argument("--yes", action="store_true")
    r.add_argument("--no-seed", action="store_true")
    sub.add_parser("check")
    h = sub.add_parser("history")
    h.add_argument("--last", type=int, default=10)
    s = sub.add_parser("sql")
    s.add_argument("start")
    s.add_argument("end", nargs="?", default="head")
    args = ap.parse_args()
    handlers = {"new": cmd_new, "up": cmd_up, "down": cmd_down, "reset": cmd_reset,
                "check": cmd_check, "history": cmd_history, "sql": cmd_sql}
    handlers[args.cmd](args)


if __name__ == "__main__":
    main()
