#!/usr/bin/env python3
"""Create and rotate Paperless-ngx document exports inside exports/.

* runs ``document_exporter`` through docker compose (the service is called
  ``webserver`` in our compose file) into exports/<timestamp>/
* verifies the manifest against the exported files (count + checksums)
* keeps --keep daily exports and --keep-monthly first-of-month exports,
  deletes the rest – only directories matching the timestamp pattern and
  located directly in exports/ are ever removed
* optional --upload pushes the tarball to the team's backup bucket through
  the AWS SDK (boto3), with bucket/prefix from config/backup.ini

    python3 tools/paperless_export.py --keep 7 --keep-monthly 6
    python3 tools/paperless_export.py --verify-only exports/2024-06-01T0300
"""
import argparse
import configparser
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
from datetime import datetime
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
EXPORTS = PROJECT / "exports"
COMPOSE = PROJECT / "docker-compose.yml"
STAMP_FMT = "%Y-%m-%dT%H%M"
STAMP_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{4}$")
CONTAINER_EXPORT_DIR = "/usr/src/paperless/export"


def log(msg):
    print(f"[paperless-export] {msg}", file=sys.stderr)


def compose(*args, check=True):
    argv = ["docker", "compose", "-f", str(COMPOSE), *args]
    log("$ " + " ".join(argv))
    return subprocess.run(argv, check=check, capture_output=True, text=True)


def run_exporter(target):
    # the compose file bind-mounts ./exports to /usr/src/paperless/export
    rel = target.relative_to(EXPORTS).as_posix()
    compose("exec", "-T", "webserver", "document_exporter",
            f"{CONTAINER_EXPORT_DIR}/{rel}", "--use-filename-format", "--no-progress-bar")


def sha256(path):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify(folder):
    manifest_path = folder / "manifest.json"
    if not manifest_path.exists():
        return ["manifest.json missing"]
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    problems = []
    documents = [m for m in manifest if m.get("model") == "documents.document"]
    for doc in documents:
        name = doc.get("__exported_file_name__")
        if not name:
            continue
        f = folder / name
        if not f.exists():
            problems.append(f"missing {name}")
            continue
        expected = doc.get("__exported_file_checksum__") or doc["fields"].get("checksum")
        if expected and len(expected) == 64 and sha256(f) != expected:
            problems.append(f"checksum mismatch {name}")
    log(f"verified {len(documents)} documents in {folder.name}: {len(problems)} problem(s)")
    return problems


def export_dirs():
    if not EXPORTS.is_dir():
        return []
    return sorted(p for p in EXPORTS.iterdir() if p.is_dir() and STAMP_RE.match(p.name))


def plan_rotation(dirs, keep, keep_monthly):
    keep_set = set(dirs[-keep:]) if keep else set()
    months = {}
    for d in dirs:
        when = datetime.strptime(d.name, STAMP_FMT)
        months.setdefault((when.year, when.month), d)
    monthly = sorted(months.values())[-keep_monthly:] if keep_monthly else []
    keep_set.update(monthly)
    return [d for d in dirs if d not in keep_set]


def delete_export(folder):
    resolved = folder.resolve()
    if resolved.parent != EXPORTS.resolve() or not STAMP_RE.match(resolved.name):
        raise RuntimeError(f"refusing to delete {resolved}")
    shutil.rmtree(resolved)
    tarball = resolved.with_suffix(".tar.gz")
    if tarball.exists():
        tarball.unlink()


def make_tarball(folder):
    target = folder.with_suffix(".tar.gz")
    tmp = target.with_suffix(".part")
    with tarfile.open(tmp, "w:gz") as tar:
        tar.add(folder, arcname=folder.name)
    tmp.replace(target)
    return target


def upload(tarball):
    cfg = configparser.ConfigParser()
    cfg.read(PROJECT / "config" / "backup.ini")
    bucket = cfg.get("s3", "bucket", fallback="")
    prefix = cfg.get("s3", "prefix", fallback="paperless/")
    if not bucket:
        log("no bucket configured in config/backup.ini; skipping upload")
        return False
    import boto3  # the AWS SDK reads credentials from the normal profile chain

    s3 = boto3.client("s3")
    key = prefix + tarball.name
    for attempt in range(1, 4):
        try:
            s3.upload_file(str(tarball), bucket, key, ExtraArgs={"ServerSideEncryption": "aws:kms"})
            log(f"uploaded s3://{bucket}/{key}")
            return True
        except Exception as exc:  # boto raises many types; retry all of them
            log(f"upload attempt {attempt} failed: {exc}")
            time.sleep(5 * attempt)
    return False


def main():
    ap = argparse.ArgumentParser(description="paperless export + rotation")
    ap.add_argument("--keep", type=int, default=7)
    ap.add_argument("--keep-monthly", type=int, default=6)
    ap.add_argument("--verify-only", type=Path)
    ap.add_argument("--upload", action="store_true")
    ap.add_argument("--dry-run", action="store_true", help="show what rotation would delete")
    args = ap.parse_args()

    if args.verify_only:
        problems = verify(args.verify_only)
        for p in problems:
            log("  " + p)
        return 1 if problems else 0

    EXPORTS.mkdir(exist_ok=True)
    target = EXPORTS / datetime.now().strftime(STAMP_FMT)
    target.mkdir()
    try:
        run_exporter(target)
    except subprocess.CalledProcessError as exc:
        log("exporter failed:\n" + exc.stderr[-1500:])
        shutil.rmtree(target, ignore_errors=True)  # half-written export of this run
        return 1
    problems = verify(target)
    if problems:
        for p in problems[:20]:
            log("  " + p)
        return 1
    tarball = make_tarball(target)
    if args.upload:
        upload(tarball)

    stale = plan_rotation(export_dirs(), args.keep, args.keep_monthly)
    for folder in stale:
        if args.dry_run:
            log(f"would delete {folder.name}")
        else:
            log(f"deleting {folder.name}")
            delete_export(folder)
    log(f"export {target.name} done; {len(export_dirs())} exports kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
