#!/usr/bin/env python3
"""Load the demo fixtures into the local Django database of `greenhouse`.

Wipes the demo-owned tables with TRUNCATE ... CASCADE through Django's own
connection (so it works for the Postgres in docker-compose and for sqlite in
tests), then runs `loaddata` for each fixture group in dependency order.

Guard rails:
  * settings.DEBUG must be True
  * the default database host must be local (or sqlite)
  * the database name must contain "dev" or "test"

    python scripts/load_demo.py                 # everything
    python scripts/load_demo.py plants sensors  # selected groups
    python scripts/load_demo.py --list
"""
import argparse
import os
import sys
import time
from collections import OrderedDict
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "greenhouse.settings.dev")

import django  # noqa: E402

django.setup()

from django.apps import apps  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402

FIXTURE_DIR = BASE_DIR / "fixtures" / "demo"
LOCAL_DB_HOSTS = ("", "localhost", "127.0.0.1", "db", "postgres")

# group name -> (fixture files, models whose tables the group owns)
GROUPS = OrderedDict(
    [
        ("users", (["users.json", "profiles.json"], ["accounts.User", "accounts.Profile"])),
        ("sites", (["sites.json"], ["farms.Site", "farms.Greenhouse"])),
        ("plants", (["species.json", "plants.json"], ["plants.Species", "plants.Plant"])),
        ("sensors", (["sensors.json", "readings.json"], ["telemetry.Sensor", "telemetry.Reading"])),
        ("alerts", (["alert_rules.json"], ["alerts.Rule", "alerts.Event"])),
    ]
)


def check_safe():
    if not settings.DEBUG:
        sys.exit("refusing: settings.DEBUG is False (is this a production settings module?)")
    db = settings.DATABASES["default"]
    engine = db["ENGINE"].rsplit(".", 1)[-1]
    host = db.get("HOST", "") or ""
    name = str(db.get("NAME", ""))
    if engine != "sqlite3" and host not in LOCAL_DB_HOSTS:
        sys.exit(f"refusing: database host {host!r} is not local")
    if engine != "sqlite3" and not any(tag in name for tag in ("dev", "test")):
        sys.exit(f"refusing: database name {name!r} does not look like a dev/test database")
    return engine, host or "local", name


def tables_for(model_labels):
    tables = []
    for label in model_labels:
        model = apps.get_model(label)
        tables.append(model._meta.db_table)
        for m2m in model._meta.local_many_to_many:
            through = m2m.remote_field.through
            if through._meta.auto_created:
                tables.append(through._meta.db_table)
    return tables


def wipe(engine, tables):
    quote = connection.ops.quote_name
    with connection.cursor() as cur:
        if engine == "sqlite3":
            # sqlite has no TRUNCATE; DELETE + reset the autoincrement counters
            for t in tables:
                cur.execute(f"DELETE FROM {quote(t)}")
            cur.execute(
                "DELETE FROM sqlite_sequence WHERE name IN (%s)" % ",".join("%s" for _ in tables),
                tables,
            )
        else:
            cur.execute(
                "TRUNCATE TABLE %s RESTART IDENTITY CASCADE" % ", ".join(quote(t) for t in tables)
            )


def load(files):
    paths = []
    for f in files:
        p = FIXTURE_DIR / f
        if not p.exists():
            print(f"  missing fixture {f}, skipped")
            continue
        paths.append(str(p))
    if paths:
        call_command("loaddata", *paths, verbosity=0)
    return len(paths)


def count_rows(model_labels):
    return {label: apps.get_model(label).objects.count() for label in model_labels}


def reset_media():
    """Demo photos live in MEDIA_ROOT/demo; remove the previous copies."""
    media = Path(settings.MEDIA_ROOT) / "demo"
    if media.exists() and media.is_dir():
        for child in media.iterdir():
            if child.is_file():
                child.unlink()
    media.mkdir(parents=True, exist_ok=True)
    src = FIXTURE_DIR / "media"
    copied = 0
    if src.exists():
        for f in src.iterdir():
            (media / f.name).write_bytes(f.read_bytes())
            copied += 1
    return copied


def verify_counts(groups):
    """Every owned model should have at least one row after loading."""
    empty = []
    for g in groups:
        for label, n in count_rows(GROUPS[g][1]).items():
            if n == 0:
                empty.append(label)
    if empty:
        print(f"  warning: no rows for {', '.join(empty)}")
    return empty


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="load demo fixtures into the local database")
    ap.add_argument("groups", nargs="*", help=f"subset of: {', '.join(GROUPS)}")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--no-wipe", action="store_true", help="load on top of existing rows")
    ap.add_argument("--no-media", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    if args.list:
        for name, (files, models) in GROUPS.items():
            print(f"{name:8} {', '.join(files):40} -> {', '.join(models)}")
        return 0
    unknown = [g for g in args.groups if g not in GROUPS]
    if unknown:
        sys.exit(f"unknown groups: {unknown}")
    selected = [g for g in GROUPS if not args.groups or g in args.groups]

    engine, host, name = check_safe()
    print(f"loading {', '.join(selected)} into {name} ({engine} @ {host})")
    started = time.monotonic()
    with transaction.atomic():
        if not args.no_wipe:
            # wipe in reverse dependency order, load in forward order
            all_tables = []
            for g in reversed(selected):
                all_tables.extend(tables_for(GROUPS[g][1]))
            wipe(engine, all_tables)
            print(f"  wiped {len(all_tables)} table(s)")
        for g in selected:
            files, models = GROUPS[g]
            n = load(files)
            counts = count_rows(models)
            print(f"  {g:8} {n} file(s)  " + "  ".join(f"{k.split('.')[-1]}={v}" for k, v in counts.items()))
    if not args.no_media:
        print(f"  media: {reset_media()} demo file(s)")
    verify_counts(selected)
    call_command("clearsessions")
    print(f"done in {time.monotonic() - started:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
