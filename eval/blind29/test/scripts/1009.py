#!/usr/bin/env python3
"""Verify EWF (E01) evidence containers and keep a chain-of-custody log.

For every *.E01 under case/ (or the files given):
  * ``ewfinfo -f dfxml`` → acquisition metadata (examiner, case number, dates,
    stored MD5/SHA1)
  * ``ewfverify -d sha1`` → recomputed hashes, compared with the stored ones
  * the result is appended to case/custody.csv (append-only; earlier lines are
    never rewritten) and a per-image JSON is written to out/verify/.

The containers are opened read-only by the libewf tools.  ``--export-raw``
converts a verified image to a raw file inside out/raw/ with ewfexport, so
that tools which cannot read E01 (some carving tools) can work on a copy.
Partial raw exports of a failed run are removed.
"""
import argparse
import csv
import getpass
import json
import logging
import re
import shutil
import socket
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

LOG = logging.getLogger("ewf-verify")
REPO = Path(__file__).resolve().parents[1]
CASE_DIR = REPO / "case"
CUSTODY = CASE_DIR / "custody.csv"
CUSTODY_FIELDS = ["timestamp", "examiner", "host", "image", "stored_md5", "computed_md5",
                  "stored_sha1", "computed_sha1", "result"]


def require(tool):
    if shutil.which(tool) is None:
        raise SystemExit(f"{tool} missing – install libewf-tools")


def dfxml_info(image: Path) -> dict:
    proc = subprocess.run(["ewfinfo", "-f", "dfxml", str(image)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "ewfinfo failed")
    text = re.sub(r'\sxmlns="[^"]+"', "", proc.stdout, count=1)
    root = ET.fromstring(text)
    info = {}
    for tag in ("case_number", "evidence_number", "examiner_name", "description", "acquisition_date",
                "acquisition_software", "media_size"):
        node = root.find(f".//{tag}")
        if node is not None and node.text:
            info[tag] = node.text.strip()
    for node in root.iter("hashdigest"):
        info[f"stored_{node.get('type', '').lower()}"] = (node.text or "").strip().lower()
    return info


def recompute(image: Path) -> dict:
    proc = subprocess.run(["ewfverify", "-q", "-d", "sha1", str(image)], capture_output=True, text=True)
    out = proc.stdout + proc.stderr
    hashes = {}
    for algo in ("md5", "sha1"):
        match = re.search(rf"{algo.upper()} hash calculated over data:\s*([0-9a-f]+)", out, re.I)
        if match:
            hashes[f"computed_{algo}"] = match.group(1).lower()
    hashes["ewfverify_exit"] = proc.returncode
    return hashes


def append_custody(row: dict) -> None:
    new_file = not CUSTODY.exists()
    with CUSTODY.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=CUSTODY_FIELDS, extrasaction="ignore")
        if new_file:
            writer.writeheader()
        writer.writerow(row)


def export_raw(image: Path) -> Path | None:
    target_dir = REPO / "out" / "raw"
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / image.stem
    proc = subprocess.run(["ewfexport", "-q", "-u", "-f", "raw", "-t", str(target), str(image)],
                          capture_output=True, text=True)
    produced = sorted(target_dir.glob(image.stem + ".raw*"))
    if proc.returncode != 0:
        for partial in produced:
            partial.unlink(missing_ok=True)
        LOG.error("ewfexport failed for %s: %s", image.name, proc.stderr.strip()[-300:])
        return None
    return produced[0] if produced else None


def verify(image: Path, examiner: str) -> dict:
    started = time.time()
    info = dfxml_info(image)
    hashes = recompute(image)
    md5_ok = info.get("stored_md5") in (None, hashes.get("computed_md5"))
    sha_ok = info.get("stored_sha1") in (None, hashes.get("computed_sha1"))
    result = "MATCH" if md5_ok and sha_ok and hashes["ewfverify_exit"] == 0 else "MISMATCH"
    if not info.get("stored_md5") and not info.get("stored_sha1"):
        result = "NO-STORED-HASH"
    row = {
        "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "examiner": examiner,
        "host": socket.gethostname(),
        "image": str(image.relative_to(REPO)),
        **{k: v for k, v in info.items() if k.startswith("stored_")},
        **hashes,
        "result": result,
    }
    record = {**row, "metadata": info, "seconds": round(time.time() - started, 1)}
    out = REPO / "out" / "verify"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{image.stem}.json").write_text(json.dumps(record, indent=2))
    return row


def custody_history(image_rel: str) -> list[dict]:
    """Earlier custody entries for one image, oldest first."""
    if not CUSTODY.exists():
        return []
    with CUSTODY.open(newline="") as fh:
        return [row for row in csv.DictReader(fh) if row.get("image") == image_rel]


def consistent_with_history(row: dict) -> bool:
    """A later verification must reproduce the hashes of the first one."""
    history = custody_history(row["image"])
    if not history:
        return True
    first = history[0]
    for key in ("computed_md5", "computed_sha1"):
        if first.get(key) and row.get(key) and first[key] != row[key]:
            LOG.error("%s: %s differs from the first recorded verification (%s)", row["image"], key, first["timestamp"])
            return False
    return True


def find_images(names):
    if names:
        paths = [Path(n).resolve() for n in names]
    else:
        paths = sorted(CASE_DIR.rglob("*.E01")) + sorted(CASE_DIR.rglob("*.e01"))
    for p in paths:
        if CASE_DIR.resolve() not in p.parents:
            raise SystemExit(f"{p} is outside case/")
        yield p


def main():
    ap = argparse.ArgumentParser(description="verify E01 images and log custody")
    ap.add_argument("images", nargs="*")
    ap.add_argument("--examiner", default=getpass.getuser())
    ap.add_argument("--export-raw", action="store_true")
    ap.add_argument("--json", action="store_true", help="print results as JSON")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")
    for tool in ("ewfinfo", "ewfverify"):
        require(tool)
    if args.export_raw:
        require("ewfexport")

    rows = []
    for image in find_images(args.images):
        LOG.info("verifying %s", image.relative_to(REPO))
        try:
            row = verify(image, args.examiner)
        except RuntimeError as exc:
            LOG.error("%s: %s", image.name, exc)
            continue
        if not consistent_with_history(row):
            row["result"] = "MISMATCH"
        append_custody(row)
        rows.append(row)
        LOG.info("%s: %s", image.name, row["result"])
        if args.export_raw and row["result"] == "MATCH":
            raw = export_raw(image)
            if raw:
                LOG.info("raw copy at %s", raw.relative_to(REPO))
    if args.json:
        print(json.dumps(rows, indent=2))
    bad = [r for r in rows if r["result"] == "MISMATCH"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
