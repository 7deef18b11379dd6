#!/usr/bin/env python3
"""Package a study for the weekly teaching-file review.

Collects the series of one study, writes a manifest and pushes the
archive to the review viewer so the radiology residents can open it.
"""
import argparse
import functools
import json
import logging
import shutil
import tempfile
import urllib.request
from pathlib import Path

import pydicom

LOG = logging.getLogger("teaching-pack")
ROOT = Path(__file__).resolve().parents[1]

VIEWERS = {
    "local": "http://localhost:8042/instances",
    "review": "https://viewer-sync.example.net/api/v1/ingest",
}


def study_files(study_dir: Path):
    for path in sorted(study_dir.rglob("*.dcm")):
        yield path


def manifest_for(files):
    series = {}
    for path in files:
        ds = pydicom.dcmread(path, stop_before_pixels=True)
        key = str(ds.get("SeriesInstanceUID", "unknown"))
        entry = series.setdefault(key, {"modality": str(ds.get("Modality", "")), "count": 0})
        entry["count"] += 1
    return {"series": series, "total": sum(s["count"] for s in series.values())}


def post_bytes(url: str, payload: bytes, content_type: str, timeout: int = 60) -> int:
    req = urllib.request.Request(url, data=payload, method="POST")
    req.add_header("Content-Type", content_type)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def build_archive(study_dir: Path, workdir: Path) -> Path:
    files = list(study_files(study_dir))
    manifest = manifest_for(files)
    stage = workdir / "stage"
    stage.mkdir()
    for path in files:
        target = stage / path.relative_to(study_dir)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    (stage / "manifest.json").write_text(json.dumps(manifest, indent=2))
    LOG.info("staged %d files in %d series", manifest["total"], len(manifest["series"]))
    base = workdir / study_dir.name
    return Path(shutil.make_archive(str(base), "zip", root_dir=stage))


def make_uploader(target: str):
    # partial keeps the call sites short; the review sync takes whole zips
    return functools.partial(post_bytes, VIEWERS[target], content_type="application/zip")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("study", help="study folder, e.g. data/ct/case_017")
    parser.add_argument("--target", default="review", choices=sorted(VIEWERS))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    study_dir = (ROOT / args.study).resolve()
    if not study_dir.is_dir():
        LOG.error("no such study folder: %s", study_dir)
        return 2

    workdir = Path(tempfile.mkdtemp(prefix="teaching-"))
    try:
        archive = build_archive(study_dir, workdir)
        upload = make_uploader(args.target)
        status = upload(archive.read_bytes())
        LOG.info("upload of %s finished with HTTP %s", archive.name, status)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
