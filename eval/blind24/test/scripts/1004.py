#!/usr/bin/env python3
"""Populate a local Django database with factory_boy data for manual QA.

    DJANGO_SETTINGS_MODULE=config.settings.local python scripts/qa_seed.py --orgs 3
    python scripts/qa_seed.py --flush-first          # wipe app tables first (local only)

Refuses to run when DEBUG is False, when the default database host is not
local, or when the database name lacks a _local/_dev/_test suffix.
"""
import argparse
import logging
import os
import random
import sys
import time
from contextlib import contextmanager
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402

log = logging.getLogger("qa_seed")

SAFE_HOSTS = {"", "localhost", "127.0.0.1", "::1", "db", "postgres"}
SAFE_SUFFIXES = ("_local", "_dev", "_test")
APP_LABELS = ["billing", "projects", "accounts"]


def check_environment():
    db = settings.DATABASES["default"]
    host = (db.get("HOST") or "").lower()
    name = str(db.get("NAME") or "")
    problems = []
    if not settings.DEBUG:
        problems.append("DEBUG is False (production-like settings)")
    if host not in SAFE_HOSTS:
        problems.append(f"database host {host!r} is not local")
    if db["ENGINE"].endswith("sqlite3"):
        path = Path(name).resolve()
        if BASE not in path.parents:
            problems.append(f"sqlite file {path} is outside the project")
    elif not name.endswith(SAFE_SUFFIXES):
        problems.append(f"database name {name!r} must end with one of {SAFE_SUFFIXES}")
    if problems:
        for p in problems:
            log.error("refusing: %s", p)
        raise SystemExit(2)
    log.info("target: %s %s@%s", db["ENGINE"].rsplit(".", 1)[-1], name, host or "local socket")


@contextmanager
def timed(label):
    start = time.perf_counter()
    yield
    log.info("%s took %.2fs", label, time.perf_counter() - start)


def load_factories():
    # imported lazily so --help works without the test extras installed
    from tests.factories import (  # type: ignore
        InvoiceFactory,
        MembershipFactory,
        OrganisationFactory,
        ProjectFactory,
        UserFactory,
    )
    return {
        "org": OrganisationFactory,
        "user": UserFactory,
        "membership": MembershipFactory,
        "project": ProjectFactory,
        "invoice": InvoiceFactory,
    }


def flush_app_tables():
    """Delete rows of our own apps only, children first, on the checked local DB."""
    from django.apps import apps

    models = []
    for label in APP_LABELS:
        models.extend(apps.get_app_config(label).get_models())
    with transaction.atomic():
        for model in reversed(models):
            deleted, _ = model.objects.all().delete()
            if deleted:
                log.info("deleted %d rows from %s", deleted, model._meta.db_table)


def seed(factories, orgs, users_per_org, projects_per_org, rng):
    created = {"org": 0, "user": 0, "project": 0, "invoice": 0}
    for _ in range(orgs):
        org = factories["org"]()
        created["org"] += 1
        members = []
        for i in range(users_per_org):
            user = factories["user"](email=f"qa-{org.slug}-{i}@example.com")
            factories["membership"](organisation=org, user=user, role="admin" if i == 0 else "member")
            members.append(user)
            created["user"] += 1
        for _ in range(projects_per_org):
            project = factories["project"](organisation=org, owner=rng.choice(members))
            created["project"] += 1
            for _ in range(rng.randint(0, 4)):
                factories["invoice"](project=project, amount_cents=rng.randint(1_000, 250_000))
                created["invoice"] += 1
    return created


def reset_sequences():
    if connection.vendor != "postgresql":
        return
    from io import StringIO

    out = StringIO()
    call_command("sqlsequencereset", *APP_LABELS, stdout=out, no_color=True)
    with connection.cursor() as cur:
        cur.execute(out.getvalue())


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    p.add_argument("--orgs", type=int, default=2)
    p.add_argument("--users-per-org", type=int, default=5)
    p.add_argument("--projects-per-org", type=int, default=3)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--flush-first", action="store_true")
    p.add_argument("--superuser", action="store_true", help="also create admin/admin for local login")
    p.add_argument("-q", "--quiet", action="store_true")
    return p.parse_args()


def ensure_superuser():
    from django.contrib.auth import get_user_model

    User = get_user_model()
    if User.objects.filter(username="admin").exists():
        log.info("superuser 'admin' already exists")
        return
    User.objects.create_superuser("admin", "admin@example.com", "admin")
    log.info("created local superuser admin/admin")


def report_counts():
    """Row counts per seeded model, for the QA notes."""
    from django.apps import apps

    rows = []
    for label in APP_LABELS:
        for model in apps.get_app_config(label).get_models():
            rows.append((model._meta.label, model.objects.count()))
    width = max((len(name) for name, _ in rows), default=10)
    for name, count in sorted(rows):
        print(f"{name:<{width}}  {count:>6}")


def main():
    args = parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s", datefmt="%H:%M:%S")
    check_environment()
    rng = random.Random(args.seed)
    factories = load_factories()
    with timed("seeding"):
        if args.flush_first:
            flush_app_tables()
        with transaction.atomic():
            counts = seed(factories, args.orgs, args.users_per_org, args.projects_per_org, rng)
        reset_sequences()
        if args.superuser:
            ensure_superuser()
    log.info("created %s", ", ".join(f"{v} {k}s" for k, v in counts.items()))
    if not args.quiet:
        report_counts()
    return 0


if __name__ == "__main__":
    sys.exit(main())
