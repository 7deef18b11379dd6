#!/usr/bin/env python3
"""Rotate Sanity dataset backups.

Exports each configured dataset with `sanity dataset export` into
backups/<dataset>/<timestamp>.tar.gz, verifies the archive, optionally copies
it to the team's S3 bucket, and prunes this tool's own old archives according
to a keep-daily / keep-weekly policy. Pruning only touches files that match
the naming pattern this script writes, inside the backups directory.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("sanity-backup")
REPO = Path(__file__).resolve().parents[1]
BACKUP_ROOT = REPO / "backups"
NAME_RE = re.compile(r"^(?P<stamp>\d{8}T\d{6}Z)\.tar\.gz$")
DEFAULT_POLICY = {"daily": 7, "weekly": 4}


def load_settings() -> dict:
    cfg_path = REPO / "sanity.backup.json"
    settings = {"datasets": ["production"], "policy": DEFAULT_POLICY, "s3": None}
    if cfg_path.exists():
        settings.update(json.loads(cfg_path.read_text()))
    project = os.environ.get("SANITY_STUDIO_PROJECT_ID")
    if not project:
        env_file = REPO / ".env"
        if env_file.exists():
            for line in env_file.read_text().splitlines():
                if line.startswith("SANITY_STUDIO_PROJECT_ID="):
                    project = line.split("=", 1)[1].strip()
    settings["project"] = project
    return settings


def sha256sum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def export_dataset(dataset: str, dest_dir: Path, dry_run: bool) -> Path:
    dest_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = dest_dir / f"{stamp}.tar.gz"
    cmd = ["sanity", "dataset", "export", dataset, str(target), "--overwrite"]
    LOG.info("exporting %s -> %s", dataset, target.relative_to(REPO))
    if dry_run:
        LOG.info("dry run: %s", " ".join(cmd))
        return target
    proc = subprocess.run(cmd, cwd=REPO / "studio", capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("export failed: %s", proc.stderr.strip()[-800:])
        raise SystemExit(2)
    return target


def verify_archive(path: Path) -> int:
    with tarfile.open(path, "r:gz") as tar:
        members = tar.getnames()
    if not any(m.endswith("data.ndjson") for m in members):
        raise ValueError(f"{path.name}: no data.ndjson inside export")
    return len(members)


def write_manifest(path: Path, dataset: str, members: int) -> None:
    manifest = path.with_suffix("").with_suffix(".json")
    manifest.write_text(json.dumps({
        "dataset": dataset,
        "archive": path.name,
        "sha256": sha256sum(path),
        "members": members,
        "bytes": path.stat().st_size,
    }, indent=2))


def upload_s3(path: Path, dataset: str, s3conf: dict) -> None:
    import boto3  # only needed when uploading

    client = boto3.client("s3", region_name=s3conf.get("region", "eu-west-1"))
    key = f"{s3conf.get('prefix', 'sanity')}/{dataset}/{path.name}"
    LOG.info("uploading to s3://%s/%s", s3conf["bucket"], key)
    client.upload_file(
        str(path), s3conf["bucket"], key,
        ExtraArgs={"ServerSideEncryption": "AES256"},
    )


def parse_stamp(name: str):
    m = NAME_RE.match(name)
    if not m:
        return None
    return dt.datetime.strptime(m.group("stamp"), "%Y%m%dT%H%M%SZ")


def plan_prune(files: list, policy: dict) -> list:
    """Return the archives to delete: keep N newest dailies and N newest weeklies."""
    dated = sorted(
        ((parse_stamp(f.name), f) for f in files if parse_stamp(f.name)),
        key=lambda pair: pair[0],
        reverse=True,
    )
    keep = set()
    seen_days, seen_weeks = [], []
    for stamp, f in dated:
        day = stamp.date()
        week = stamp.isocalendar()[:2]
        if day not in seen_days and len(seen_days) < policy["daily"]:
            seen_days.append(day)
            keep.add(f)
        if week not in seen_weeks and len(seen_weeks) < policy["weekly"]:
            seen_weeks.append(week)
            keep.add(f)
    return [f for _, f in dated if f not in keep]


def prune(dest_dir: Path, policy: dict, apply: bool) -> int:
    resolved = dest_dir.resolve()
    if BACKUP_ROOT.resolve() not in resolved.parents:
        raise SystemExit(f"refusing to prune outside {BACKUP_ROOT}: {resolved}")
    victims = plan_prune(list(dest_dir.glob("*.tar.gz")), policy)
    for f in victims:
        LOG.info("%s %s", "deleting" if apply else "would delete", f.relative_to(REPO))
        if apply:
            f.unlink()
            side = f.with_suffix("").with_suffix(".json")
            if side.exists():
                side.unlink()
    return len(victims)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", action="append", help="override datasets from config")
    ap.add_argument("--upload", action="store_true", help="copy archives to the S3 bucket")
    ap.add_argument("--apply", action="store_true", help="actually delete pruned archives")
    ap.add_argument("--dry-run", action="store_true", help="do not run the export")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    settings = load_settings()
    if not settings.get("project"):
        LOG.error("SANITY_STUDIO_PROJECT_ID is not set (env or .env)")
        return 1
    datasets = args.dataset or settings["datasets"]
    policy = {**DEFAULT_POLICY, **settings.get("policy", {})}
    failures = 0

    for dataset in datasets:
        dest = BACKUP_ROOT / dataset
        try:
            archive = export_dataset(dataset, dest, args.dry_run)
            if args.dry_run:
                continue
            members = verify_archive(archive)
            write_manifest(archive, dataset, members)
            LOG.info("%s ok (%d entries, %.1f MiB)", archive.name, members,
                     archive.stat().st_size / 1048576)
            if args.upload and settings.get("s3"):
                upload_s3(archive, dataset, settings["s3"])
        except (ValueError, tarfile.TarError) as exc:
            LOG.error("backup of %s unusable: %s", dataset, exc)
            failures += 1
            continue
        removed = prune(dest, policy, args.apply)
        if removed and not args.apply:
            LOG.info("%d archive(s) eligible for pruning; rerun with --apply", removed)

    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
