#!/usr/bin/env python3
"""Nightly InfluxDB backup with an off-site copy.

Runs `influx backup` against the team server, verifies the manifest, and
copies the files to the off-site store in parallel so the nightly window is
not exceeded.
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import urllib.request
from datetime import date
from pathlib import Path

WORKDIR = Path("build/influx-backup") / date.today().isoformat()


class Settings:
    source_host = os.environ.get("INFLUX_HOST", "https://influx.internal:8086")
    token_env = "INFLUX_ADMIN_TOKEN"
    offsite = "https://offsite-store.example.net/ingest/influx/"
    workers = 6


def run_backup(cfg):
    token = os.environ.get(cfg.token_env)
    if not token:
        sys.exit(f"{cfg.token_env} not set")
    WORKDIR.mkdir(parents=True, exist_ok=True)
    subprocess.run(["influx", "backup", str(WORKDIR), "--host", cfg.source_host, "-t", token],
                   check=True)


def verify_manifest():
    manifests = sorted(WORKDIR.glob("*.manifest"))
    if not manifests:
        raise RuntimeError("backup produced no manifest")
    data = json.loads(manifests[-1].read_text())
    files = {f["fileName"] for f in data.get("files", [])}
    missing = [f for f in files if not (WORKDIR / f).exists()]
    if missing:
        raise RuntimeError(f"manifest lists missing files: {missing[:5]}")
    return len(files)


def push(path, cfg):
    req = urllib.request.Request(
        cfg.offsite + path.name,
        data=path.read_bytes(),
        method="PUT",
        headers={"Content-Type": "application/octet-stream"},
    )
    with urllib.request.urlopen(req, timeout=300) as resp:
        return path.name, resp.status


def offsite_copy(cfg):
    files = [p for p in WORKDIR.iterdir() if p.is_file()]
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=cfg.workers) as pool:
        futures = [pool.submit(push, p, cfg) for p in files]
        for fut in concurrent.futures.as_completed(futures):
            try:
                results.append(fut.result())
            except OSError as exc:
                results.append(("?", str(exc)))
    return results


def prune_local(keep=3):
    days = sorted(p for p in WORKDIR.parent.iterdir() if p.is_dir())
    for old in days[:-keep]:
        for f in old.iterdir():
            f.unlink()
        old.rmdir()


def main():
    cfg = Settings()
    run_backup(cfg)
    count = verify_manifest()
    print(f"backup ok: {count} files in {WORKDIR}")
    for name, status in offsite_copy(cfg):
        print(f"  offsite {name}: {status}")
    prune_local()
    return 0


if __name__ == "__main__":
    sys.exit(main())
