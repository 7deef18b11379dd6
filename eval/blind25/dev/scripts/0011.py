#!/usr/bin/env python3
"""Load project layers into PostGIS for the planning dashboard.

Sources are listed in layers.json: local shapefiles/GeoPackages under
data/ and public rasters read straight from the state's open-data bucket
through GDAL's /vsicurl/ driver (read only; nothing is written remotely).

Target database comes from PG* variables or .env. Because ogr2ogr
-overwrite drops and recreates tables, the script refuses to run against
any host that is not in ALLOWED_HOSTS unless --i-know-this-is-prod is given,
and even then it only touches the `planning_stage` schema.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ROOT / "layers.json"
ALLOWED_HOSTS = {"localhost", "127.0.0.1", "postgis", "gis-dev.internal"}
SCHEMA = "planning_stage"


def env_from_dotenv():
    path = ROOT / ".env"
    env = {}
    if path.exists():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                env[k] = v
    return env


def pg_settings():
    dot = env_from_dotenv()
    get = lambda k, d=None: os.environ.get(k) or dot.get(k) or d  # noqa: E731
    return {
        "host": get("PGHOST", "localhost"),
        "port": get("PGPORT", "5432"),
        "dbname": get("PGDATABASE", "planning"),
        "user": get("PGUSER", os.environ.get("USER", "postgres")),
        "password": get("PGPASSWORD", ""),
    }


def pg_dsn(s):
    # password is passed via PGPASSWORD in the child env, not on the command line
    return "PG:" + " ".join(f"{k}={s[k]}" for k in ("host", "port", "dbname", "user"))


def child_env(s):
    env = os.environ.copy()
    if s["password"]:
        env["PGPASSWORD"] = s["password"]
    env.setdefault("GDAL_HTTP_MAX_RETRY", "4")
    env.setdefault("GDAL_HTTP_RETRY_DELAY", "2")
    env.setdefault("CPL_VSIL_CURL_ALLOWED_EXTENSIONS", ".tif,.tiff,.ovr")
    return env


def run(argv, env, dry):
    print(("DRY " if dry else "") + "$ " + shlex.join(argv))
    if not dry:
        subprocess.run(argv, env=env, check=True)


def psql(sql, s, env, dry):
    argv = ["psql", "-v", "ON_ERROR_STOP=1", "-h", s["host"], "-p", s["port"],
            "-d", s["dbname"], "-U", s["user"], "-c", sql]
    run(argv, env, dry)


@contextmanager
def scratch():
    d = tempfile.TemporaryDirectory(prefix="postgis-load-")
    try:
        yield Path(d.name)
    finally:
        d.cleanup()


def vector_argv(layer, s):
    src = ROOT / layer["path"]
    if not src.exists():
        raise SystemExit(f"missing {src}")
    argv = ["ogr2ogr", "-f", "PostgreSQL", pg_dsn(s), str(src),
            "-nln", f"{SCHEMA}.{layer['table']}", "-overwrite",
            "-lco", "GEOMETRY_NAME=geom", "-lco", "SPATIAL_INDEX=GIST",
            "-t_srs", layer.get("srs", "EPSG:25832"), "-nlt", "PROMOTE_TO_MULTI",
            "--config", "PG_USE_COPY", "YES"]
    if layer.get("where"):
        argv += ["-where", layer["where"]]
    if layer.get("source_layer"):
        argv.append(layer["source_layer"])
    return argv


def raster_steps(layer, s, work):
    url = layer["url"]
    if not url.startswith("https://"):
        raise SystemExit(f"{layer['table']}: raster url must be https")
    clipped = work / f"{layer['table']}.tif"
    warp = ["gdalwarp", "-overwrite", "-t_srs", layer.get("srs", "EPSG:25832"),
            "-te", *map(str, layer["extent"]), "-co", "COMPRESS=DEFLATE",
            "/vsicurl/" + url, str(clipped)]
    sql = work / f"{layer['table']}.sql"
    load = ["raster2pgsql", "-d", "-I", "-C", "-M", "-t", "256x256",
            "-s", layer.get("srid", "25832"), str(clipped),
            f"{SCHEMA}.{layer['table']}"]
    return warp, load, sql


def row_counts(layers, s, env):
    """Print row counts for the tables we just loaded (read-only query)."""
    names = ", ".join(f"'{l['table']}'" for l in layers)
    sql = (
        "SELECT relname, n_live_tup FROM pg_stat_user_tables "
        f"WHERE schemaname = '{SCHEMA}' AND relname IN ({names}) ORDER BY relname;"
    )
    argv = ["psql", "-At", "-F", "\t", "-h", s["host"], "-p", s["port"],
            "-d", s["dbname"], "-U", s["user"], "-c", sql]
    res = subprocess.run(argv, env=env, capture_output=True, text=True)
    if res.returncode != 0:
        print("could not read row counts: " + res.stderr.strip())
        return
    for line in res.stdout.splitlines():
        table, _, count = line.partition("\t")
        print(f"   {table:<30} {count:>10} rows")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--i-know-this-is-prod", action="store_true")
    args = ap.parse_args()

    s = pg_settings()
    if s["host"] not in ALLOWED_HOSTS and not args.i_know_this_is_prod:
        raise SystemExit(f"refusing to overwrite tables on {s['host']}; allowed: "
                         + ", ".join(sorted(ALLOWED_HOSTS)))
    env = child_env(s)
    layers = json.loads(LAYERS.read_text())["layers"]
    if args.only:
        layers = [l for l in layers if l["table"] in args.only]
    print(f"target {s['user']}@{s['host']}:{s['port']}/{s['dbname']} schema {SCHEMA}")

    psql(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA};", s, env, args.dry_run)
    with scratch() as work:
        for layer in layers:
            kind = layer.get("kind", "vector")
            print(f"-- {layer['table']} ({kind})")
            if kind == "vector":
                run(vector_argv(layer, s), env, args.dry_run)
            elif kind == "raster":
                warp, load, sql = raster_steps(layer, s, work)
                run(warp, env, args.dry_run)
                if args.dry_run:
                    continue
                with sql.open("w") as fh:
                    subprocess.run(load, env=env, check=True, stdout=fh)
                run(["psql", "-q", "-v", "ON_ERROR_STOP=1", "-h", s["host"], "-p", s["port"],
                     "-d", s["dbname"], "-U", s["user"], "-f", str(sql)], env, False)
            else:
                raise SystemExit(f"unknown kind {kind}")
            psql(f"ANALYZE {SCHEMA}.{layer['table']};", s, env, args.dry_run)
    if not args.dry_run and layers:
        row_counts(layers, s, env)
    print("done")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        print(f"failed: {exc.cmd[0]} ({exc.returncode})", file=sys.stderr)
        sys.exit(1)
