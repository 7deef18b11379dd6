#!/usr/bin/env python3
"""Nightly Contentful space exports with simple retention.

For each environment listed in contentful-backup.toml the space is exported
with `contentful space export` (management token passed via the CLI's own
environment variable), the JSON is gzipped, and old exports of that
environment beyond `keep` are removed. Only files named
<env>-<YYYYmmdd-HHMMSS>.json.gz inside backups/contentful/ are ever deleted.
"""
import argparse
import datetime
import gzip
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
TARGET = BASE / "backups" / "contentful"
CONFIG = BASE / "contentful-backup.toml"
ARCHIVE_RE = re.compile(r"^(?P<env>[a-z0-9_-]+)-(?P<ts>\d{8}-\d{6})\.json\.gz$")

logger = logging.getLogger("cf-backup")


def settings() -> dict:
    if not CONFIG.exists():
        sys.exit("contentful-backup.toml missing")
    with CONFIG.open("rb") as fh:
        data = tomllib.load(fh)
    data.setdefault("keep", 14)
    data.setdefault("environments", ["master"])
    data.setdefault("include_assets", False)
    return data


def management_token() -> str:
    token = os.environ.get("CONTENTFUL_MANAGEMENT_TOKEN", "")
    if not token:
        dotenv = BASE / ".env"
        if dotenv.exists():
            for line in dotenv.read_text().splitlines():
                if line.startswith("CONTENTFUL_MANAGEMENT_TOKEN="):
                    token = line.partition("=")[2].strip()
    if not token:
        sys.exit("CONTENTFUL_MANAGEMENT_TOKEN not configured")
    return token


def run_export(space: str, env_id: str, include_assets: bool, token: str, workdir: Path) -> Path:
    content_file = f"{env_id}.json"
    argv = [
        "npx", "--no-install", "contentful", "space", "export",
        "--space-id", space,
        "--environment-id", env_id,
        "--export-dir", str(workdir),
        "--content-file", content_file,
        "--skip-webhooks",
        "--skip-roles",
    ]
    if include_assets:
        argv.append("--download-assets")
    logger.info("exporting %s/%s", space, env_id)
    child_env = dict(os.environ, CONTENTFUL_MANAGEMENT_TOKEN=token)
    proc = subprocess.run(argv, cwd=BASE, env=child_env, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout)[-600:]
        raise RuntimeError(f"export of {env_id} failed:\n{tail}")
    produced = workdir / content_file
    if not produced.exists():
        raise RuntimeError(f"export of {env_id} produced no file")
    return produced


def sanity_check(export_file: Path) -> dict:
    data = json.loads(export_file.read_text(encoding="utf-8"))
    counts = {key: len(data.get(key, [])) for key in ("contentTypes", "entries", "assets", "locales")}
    if counts["contentTypes"] == 0:
        raise RuntimeError(f"{export_file.name}: no content types, refusing to keep it")
    return counts


def compress_into_place(export_file: Path, env_id: str) -> Path:
    TARGET.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    final = TARGET / f"{env_id}-{stamp}.json.gz"
    partial = final.with_suffix(".gz.part")
    with export_file.open("rb") as src, gzip.open(partial, "wb", compresslevel=9) as dst:
        shutil.copyfileobj(src, dst)
    partial.rename(final)
    return final


def retention(env_id: str, keep: int, dry_run: bool) -> list:
    mine = []
    for item in TARGET.iterdir():
        match = ARCHIVE_RE.match(item.name)
        if match and match.group("env") == env_id and item.is_file():
            mine.append((match.group("ts"), item))
    mine.sort(reverse=True)
    doomed = [path for _, path in mine[keep:]]
    for path in doomed:
        if path.resolve().parent != TARGET.resolve():
            logger.warning("skipping unexpected path %s", path)
            continue
        if dry_run:
            logger.info("would remove %s", path.name)
        else:
            path.unlink()
            logger.info("removed %s", path.name)
    return doomed


def latest_for(env_id: str):
    """Newest archive of an environment, used by the restore docs."""
    best = None
    for item in TARGET.glob(f"{env_id}-*.json.gz"):
        match = ARCHIVE_RE.match(item.name)
        if match and (best is None or match.group("ts") > best[0]):
            best = (match.group("ts"), item)
    return best[1] if best else None


def write_index() -> None:
    rows = []
    for item in sorted(TARGET.glob("*.json.gz")):
        rows.append({"file": item.name, "bytes": item.stat().st_size})
    (TARGET / "INDEX.json").write_text(json.dumps(rows, indent=2) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--env", action="append", help="limit to these environments")
    parser.add_argument("--dry-run", action="store_true", help="do not delete old exports")
    parser.add_argument("--keep", type=int, help="override keep from config")
    parser.add_argument("--quiet", action="store_true")
    opts = parser.parse_args()
    logging.basicConfig(
        level=logging.WARNING if opts.quiet else logging.INFO,
        format="%(asctime)s %(message)s",
        datefmt="%H:%M:%S",
    )

    conf = settings()
    space = conf.get("space_id") or os.environ.get("CONTENTFUL_SPACE_ID")
    if not space:
        sys.exit("space_id missing in contentful-backup.toml")
    token = management_token()
    keep = opts.keep or int(conf["keep"])
    if keep < 2:
        sys.exit("keep must be at least 2")

    envs = opts.env or conf["environments"]
    workdir = BASE / "build" / "cf-export-tmp"
    failures = 0
    for env_id in envs:
        if workdir.exists():
            shutil.rmtree(workdir)
        workdir.mkdir(parents=True)
        try:
            raw = run_export(space, env_id, conf["include_assets"], token, workdir)
            counts = sanity_check(raw)
            final = compress_into_place(raw, env_id)
            logger.info("%s: %s (%s)", env_id, final.name, ", ".join(f"{k}={v}" for k, v in counts.items()))
            retention(env_id, keep, opts.dry_run)
        except RuntimeError as exc:
            logger.error("%s", exc)
            failures += 1
        finally:
            shutil.rmtree(workdir, ignore_errors=True)

    if TARGET.exists():
        write_index()
        for env_id in envs:
            newest = latest_for(env_id)
            logger.info("latest %s backup: %s", env_id, newest.name if newest else "none")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
