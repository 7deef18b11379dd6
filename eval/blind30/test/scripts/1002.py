#!/usr/bin/env python3
"""Pull KoboToolbox exports (XLS/CSV) for the nutrition programme via the async export API.

KoboToolbox builds exports asynchronously: we POST an export-settings request, poll
the export task until it is "complete", then download the result file. Files land in
data/raw/kobo/<asset>/<timestamp>.<ext>; a manifest.jsonl per asset records what was
fetched. The API token (KOBO_API_TOKEN, from .env or the environment) goes only to
kf.kobotoolbox.org in the Authorization header, as the KPI docs describe.

    python tools/kobo_exports.py --asset aHx3Kc9Lq2Vd8 --format csv --group-sep /
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import requests

PROJECT_DIR = Path(__file__).resolve().parent.parent
DEST_ROOT = PROJECT_DIR / "data" / "raw" / "kobo"
KPI = "https://kf.kobotoolbox.org"
POLL_SECONDS = 4
POLL_LIMIT = 150

logger = logging.getLogger("kobo_exports")


def token_from_env() -> str:
    if os.environ.get("KOBO_API_TOKEN"):
        return os.environ["KOBO_API_TOKEN"]
    env_path = PROJECT_DIR / ".env"
    if env_path.exists():
        for raw in env_path.read_text().splitlines():
            key, sep, val = raw.partition("=")
            if sep and key.strip() == "KOBO_API_TOKEN":
                return val.strip().strip('"')
    raise SystemExit("KOBO_API_TOKEN not configured")


@dataclass
class ExportJob:
    asset: str
    fmt: str
    group_sep: str = "/"
    lang: str = "_default"
    include_media_urls: bool = False
    uid: str | None = None
    result_url: str | None = None
    messages: list[str] = field(default_factory=list)

    def body(self) -> dict:
        return {
            "fields_from_all_versions": "true",
            "group_sep": self.group_sep,
            "hierarchy_in_labels": "false",
            "lang": self.lang,
            "multiple_select": "both",
            "type": self.fmt,
            "include_media_url": "true" if self.include_media_urls else "false",
        }


class KpiSession:
    def __init__(self, token: str):
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Token {token}", "Accept": "application/json"})

    def _call(self, method: str, url: str, **kw) -> requests.Response:
        backoff = 1.5
        for attempt in range(6):
            resp = self.http.request(method, url, timeout=kw.pop("timeout", 60), **kw)
            if resp.status_code in (429, 502, 503, 504) and attempt < 5:
                logger.info("HTTP %s, retrying in %.1fs", resp.status_code, backoff)
                time.sleep(backoff)
                backoff *= 2
                continue
            resp.raise_for_status()
            return resp
        raise RuntimeError("unreachable")

    def asset_name(self, asset: str) -> str:
        return self._call("GET", f"{KPI}/api/v2/assets/{asset}/?format=json").json()["name"]

    def start(self, job: ExportJob) -> None:
        resp = self._call("POST", f"{KPI}/api/v2/assets/{job.asset}/exports/?format=json", json=job.body())
        job.uid = resp.json()["uid"]

    def poll(self, job: ExportJob) -> None:
        url = f"{KPI}/api/v2/assets/{job.asset}/exports/{job.uid}/?format=json"
        for _ in range(POLL_LIMIT):
            state = self._call("GET", url).json()
            status = state.get("status")
            if status == "complete":
                job.result_url = state["result"]
                job.messages = state.get("messages", {}).get("error", [])
                return
            if status == "error":
                raise RuntimeError(f"export failed: {state.get('messages')}")
            time.sleep(POLL_SECONDS)
        raise TimeoutError(f"export {job.uid} did not finish")

    def stream(self, url: str) -> Iterator[bytes]:
        resp = self._call("GET", url, stream=True, timeout=300)
        yield from resp.iter_content(chunk_size=256 * 1024)

    def cleanup_remote(self, job: ExportJob) -> None:
        # Exports are per-user scratch objects on the server; removing ours keeps the list short.
        if job.uid:
            self._call("DELETE", f"{KPI}/api/v2/assets/{job.asset}/exports/{job.uid}/")


def download(session: KpiSession, job: ExportJob) -> Path:
    assert job.result_url
    ext = "xlsx" if job.fmt == "xls" else job.fmt
    stamp = time.strftime("%Y%m%dT%H%M%S")
    target_dir = DEST_ROOT / job.asset
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / f"{stamp}.{ext}"
    digest = hashlib.sha256()
    with tempfile.NamedTemporaryFile(dir=target_dir, prefix=".dl-", delete=False) as tmp:
        try:
            for chunk in session.stream(job.result_url):
                tmp.write(chunk)
                digest.update(chunk)
        except BaseException:
            tmp.close()
            os.unlink(tmp.name)
            raise
    shutil.move(tmp.name, target)
    with (target_dir / "manifest.jsonl").open("a") as mf:
        mf.write(json.dumps({"file": target.name, "sha256": digest.hexdigest(),
                             "export_uid": job.uid, "format": job.fmt}) + "\n")
    return target


def keep_latest(asset: str, n: int) -> list[Path]:
    folder = DEST_ROOT / asset
    files = sorted((p for p in folder.glob("2*.*") if p.suffix in (".csv", ".xlsx")), reverse=True)
    removed = []
    for old in files[n:]:
        old.unlink()
        removed.append(old)
    return removed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--asset", action="append", required=True)
    ap.add_argument("--format", choices=["csv", "xls"], default="csv")
    ap.add_argument("--group-sep", default="/")
    ap.add_argument("--media-urls", action="store_true")
    ap.add_argument("--keep", type=int, default=8)
    ap.add_argument("--keep-remote", action="store_true", help="do not delete our export task on KPI")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(message)s")

    session = KpiSession(token_from_env())
    status = 0
    for asset in args.asset:
        job = ExportJob(asset, args.format, args.group_sep, include_media_urls=args.media_urls)
        try:
            logger.info("%s: %s", asset, session.asset_name(asset))
            session.start(job)
            session.poll(job)
            path = download(session, job)
            logger.info("  saved %s (%d bytes)", path.relative_to(PROJECT_DIR), path.stat().st_size)
            for warning in job.messages:
                logger.warning("  export warning: %s", warning)
            for gone in keep_latest(asset, args.keep):
                logger.info("  pruned %s", gone.name)
        except (requests.HTTPError, RuntimeError, TimeoutError) as exc:
            logger.error("  %s failed: %s", asset, exc)
            status = 1
        finally:
            if not args.keep_remote:
                try:
                    session.cleanup_remote(job)
                except requests.RequestException:
                    pass
    return status


if __name__ == "__main__":
    sys.exit(main())
