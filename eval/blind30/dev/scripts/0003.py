#!/usr/bin/env python3
"""Download ODK Central submissions for the household survey into data/raw/odk/.

Uses the ODK Central REST API on our own server (ODK_CENTRAL_URL, usually
https://odk.internal). Logs in with the project service account from .env,
requests the CSV zip export for each configured form, unpacks it into a temporary
directory and moves the files into data/raw/odk/<form>/<date>/. The temporary
directory is always removed. Attachments are skipped unless --with-media is given.

Config: config/odk_forms.yaml
    project_id: 3
    forms: [household, individual, water_point]
"""
import argparse
import datetime
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import requests
import yaml

BASE = Path(__file__).resolve().parents[1]
RAW = BASE / "data" / "raw" / "odk"
CONFIG = BASE / "config" / "odk_forms.yaml"
LOG = logging.getLogger("odk_pull")
STOP = False


def on_signal(signum, _frame):
    global STOP
    LOG.warning("signal %s received, finishing current form then stopping", signum)
    STOP = True


def dotenv(path):
    out = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                key, val = line.split("=", 1)
                out[key.strip()] = val.strip().strip('"')
    return out


class Central:
    def __init__(self, url, email, password):
        self.url = url.rstrip("/")
        self.email = email
        self.password = password
        self.http = requests.Session()
        self.token = None

    def login(self):
        resp = self.http.post(f"{self.url}/v1/sessions",
                              json={"email": self.email, "password": self.password}, timeout=30)
        resp.raise_for_status()
        self.token = resp.json()["token"]
        self.http.headers["Authorization"] = f"Bearer {self.token}"

    def logout(self):
        if self.token:
            try:
                self.http.delete(f"{self.url}/v1/sessions/{self.token}", timeout=15)
            except requests.RequestException as exc:
                LOG.debug("logout failed: %s", exc)
            self.token = None

    def get(self, path, **kw):
        for attempt in range(5):
            resp = self.http.get(f"{self.url}{path}", timeout=kw.pop("timeout", 60), **kw)
            if resp.status_code in (502, 503, 504):
                time.sleep(2 ** attempt)
                continue
            resp.raise_for_status()
            return resp
        resp.raise_for_status()
        return resp

    def form_info(self, project_id, form_id):
        return self.get(f"/v1/projects/{project_id}/forms/{form_id}").json()

    def export_zip(self, project_id, form_id, dest, media):
        params = {"attachments": "true" if media else "false", "splitSelectMultiples": "true"}
        path = f"/v1/projects/{project_id}/forms/{form_id}/submissions.csv.zip"
        with self.get(path, params=params, stream=True, timeout=600) as resp:
            with open(dest, "wb") as fh:
                for chunk in resp.iter_content(chunk_size=1 << 20):
                    fh.write(chunk)
        return dest


def safe_extract(zf, target):
    target = target.resolve()
    for member in zf.infolist():
        out = (target / member.filename).resolve()
        if target not in out.parents and out != target:
            raise ValueError(f"refusing zip entry outside target: {member.filename}")
    zf.extractall(target)


def pull_form(central, project_id, form_id, media, stamp):
    info = central.form_info(project_id, form_id)
    LOG.info("%s: %s submissions, version %s", form_id, info.get("submissions", "?"),
             info.get("version", "?"))
    dest = RAW / form_id / stamp
    work = Path(tempfile.mkdtemp(prefix=f"odk-{form_id}-"))
    try:
        archive = central.export_zip(project_id, form_id, work / "export.zip", media)
        with zipfile.ZipFile(archive) as zf:
            safe_extract(zf, work / "unpacked")
        if dest.exists():
            shutil.rmtree(dest)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(work / "unpacked"), dest)
        manifest = {
            "form": form_id,
            "version": info.get("version"),
            "downloaded_at": datetime.datetime.now().isoformat(timespec="seconds"),
            "files": sorted(str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file()),
        }
        (dest / "manifest.json").write_text(json.dumps(manifest, indent=2))
        return len(manifest["files"])
    finally:
        shutil.rmtree(work, ignore_errors=True)


def prune_old(form_dir, keep):
    runs = sorted((p for p in form_dir.iterdir() if p.is_dir()), reverse=True)
    for old in runs[keep:]:
        # only our own dated run folders under data/raw/odk/<form>/
        if old.parent == form_dir and old.name[:4].isdigit():
            LOG.info("removing old run %s", old.relative_to(BASE))
            shutil.rmtree(old)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--with-media", action="store_true")
    ap.add_argument("--keep", type=int, default=5, help="dated runs to keep per form")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    cfg = yaml.safe_load(args.config.read_text())
    env = {**dotenv(BASE / ".env"), **os.environ}
    try:
        central = Central(env["ODK_CENTRAL_URL"], env["ODK_EMAIL"], env["ODK_PASSWORD"])
    except KeyError as missing:
        LOG.error("missing %s in .env", missing)
        return 2
    stamp = datetime.date.today().strftime("%Y%m%d")
    central.login()
    failures = 0
    try:
        for form_id in cfg["forms"]:
            if STOP:
                break
            try:
                n = pull_form(central, cfg["project_id"], form_id, args.with_media, stamp)
                LOG.info("%s: %d files saved", form_id, n)
                prune_old(RAW / form_id, args.keep)
            except (requests.HTTPError, zipfile.BadZipFile, ValueError) as exc:
                failures += 1
                LOG.error("%s failed: %s", form_id, exc)
    finally:
        central.logout()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
