#!/usr/bin/env python3
"""De-identify a folder of DICOM files into build/anon/.

Reads the study copies under data/ (never modifies them), applies the tag
profile from config/deid.yaml, re-writes UIDs deterministically with a salt
from .env, and verifies the result with `dcmdump` from DCMTK.

Usage:
    python tools/anonymise.py data/ct/case_017 --out build/anon/case_017
    python tools/anonymise.py data/mr --recursive --keep-private
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pydicom
import yaml
from pydicom.uid import generate_uid

LOG = logging.getLogger("anonymise")
PROJECT_ROOT = Path(__file__).resolve().parents[1]
BUILD_DIR = PROJECT_ROOT / "build"
DEFAULT_PROFILE = PROJECT_ROOT / "config" / "deid.yaml"
UID_ROOT = "2.25."

# Tags removed outright when the profile says "remove".
ALWAYS_REMOVE = {
    (0x0010, 0x1000),  # OtherPatientIDs
    (0x0010, 0x1001),  # OtherPatientNames
    (0x0010, 0x2154),  # PatientTelephoneNumbers
    (0x0010, 0x1040),  # PatientAddress
    (0x0008, 0x0090),  # ReferringPhysicianName
    (0x0008, 0x1048),  # PhysiciansOfRecord
}


@dataclass
class Profile:
    replace: dict[str, str] = field(default_factory=dict)
    remove: list[str] = field(default_factory=list)
    keep_private: bool = False
    shift_dates_days: int = 0

    @classmethod
    def load(cls, path: Path) -> "Profile":
        with path.open("r", encoding="utf-8") as fh:
            raw = yaml.safe_load(fh) or {}
        return cls(
            replace=dict(raw.get("replace", {})),
            remove=list(raw.get("remove", [])),
            keep_private=bool(raw.get("keep_private", False)),
            shift_dates_days=int(raw.get("shift_dates_days", 0)),
        )


def read_dotenv(path: Path) -> dict[str, str]:
    """Tiny .env reader; the salt lives there so re-runs give stable UIDs."""
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, val = line.partition("=")
        values[key.strip()] = val.strip().strip('"').strip("'")
    return values


def mask(secret: str) -> str:
    if len(secret) <= 6:
        return "***"
    return secret[:3] + "…" + secret[-2:]


def remap_uid(uid: str, salt: str) -> str:
    digest = hashlib.sha256((salt + uid).encode("ascii")).hexdigest()
    return UID_ROOT + str(int(digest[:30], 16))


def shift_date(value: str, days: int) -> str:
    if not value or days == 0:
        return value
    from datetime import datetime, timedelta

    try:
        parsed = datetime.strptime(value[:8], "%Y%m%d")
    except ValueError:
        return value
    return (parsed + timedelta(days=days)).strftime("%Y%m%d")


def anonymise_dataset(ds: pydicom.Dataset, profile: Profile, salt: str) -> list[str]:
    changes: list[str] = []
    for keyword, replacement in profile.replace.items():
        if keyword in ds:
            ds.data_element(keyword).value = replacement
            changes.append(f"replace {keyword}")
    for keyword in profile.remove:
        if keyword in ds:
            delattr(ds, keyword)
            changes.append(f"remove {keyword}")
    for tag in ALWAYS_REMOVE:
        if tag in ds:
            del ds[tag]
            changes.append(f"remove {tag}")
    for keyword in ("StudyInstanceUID", "SeriesInstanceUID", "SOPInstanceUID", "FrameOfReferenceUID"):
        if keyword in ds:
            ds.data_element(keyword).value = remap_uid(str(ds.data_element(keyword).value), salt)
    if "SOPInstanceUID" in ds and hasattr(ds, "file_meta"):
        ds.file_meta.MediaStorageSOPInstanceUID = ds.SOPInstanceUID
    for keyword in ("StudyDate", "SeriesDate", "AcquisitionDate", "ContentDate"):
        if keyword in ds:
            ds.data_element(keyword).value = shift_date(str(ds.data_element(keyword).value), profile.shift_dates_days)
    if not profile.keep_private:
        ds.remove_private_tags()
        changes.append("remove private")
    ds.PatientIdentityRemoved = "YES"
    ds.DeidentificationMethod = "blind-lab profile v3"
    return changes


def iter_inputs(root: Path, recursive: bool):
    pattern = "**/*" if recursive else "*"
    for path in sorted(root.glob(pattern)):
        if path.is_file() and (path.suffix.lower() == ".dcm" or path.suffix == ""):
            yield path


def verify_with_dcmdump(path: Path) -> bool:
    """Run DCMTK's dcmdump and make sure no PatientName survived."""
    dcmdump = shutil.which("dcmdump")
    if dcmdump is None:
        LOG.debug("dcmdump not installed, skipping verification")
        return True
    argv = [dcmdump, "+P", "PatientName", "+P", "PatientBirthDate", str(path)]
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        LOG.warning("dcmdump failed on %s: %s", path.name, proc.stderr.strip())
        return False
    for line in proc.stdout.splitlines():
        if "PatientName" in line and "ANON" not in line:
            LOG.error("PatientName still present in %s: %s", path.name, line.strip())
            return False
    return True


def ensure_inside_build(out_dir: Path) -> Path:
    resolved = out_dir.resolve()
    if BUILD_DIR.resolve() not in resolved.parents and resolved != BUILD_DIR.resolve():
        raise SystemExit(f"refusing to write outside {BUILD_DIR}: {resolved}")
    return resolved


def process(args: argparse.Namespace) -> int:
    profile = Profile.load(Path(args.profile))
    if args.keep_private:
        profile.keep_private = True
    env = read_dotenv(PROJECT_ROOT / ".env")
    salt = os.environ.get("DEID_SALT") or env.get("DEID_SALT", "")
    if not salt:
        LOG.error("DEID_SALT missing from environment and .env")
        return 2
    LOG.info("using salt %s", mask(salt))

    out_dir = ensure_inside_build(Path(args.out))
    staging = Path(tempfile.mkdtemp(prefix="anon-", dir=BUILD_DIR))
    summary = {"files": 0, "failed": 0, "changes": {}}
    try:
        for src in iter_inputs(Path(args.input), args.recursive):
            rel = src.relative_to(args.input)
            try:
                ds = pydicom.dcmread(src)
            except Exception as exc:  # noqa: BLE001 - pydicom raises many types
                LOG.warning("skip %s: %s", rel, exc)
                summary["failed"] += 1
                continue
            changes = anonymise_dataset(ds, profile, salt)
            target = staging / rel.with_suffix(".dcm")
            target.parent.mkdir(parents=True, exist_ok=True)
            ds.save_as(target)
            if args.verify and not verify_with_dcmdump(target):
                summary["failed"] += 1
                continue
            summary["files"] += 1
            for change in changes:
                summary["changes"][change] = summary["changes"].get(change, 0) + 1
        if out_dir.exists():
            LOG.info("replacing previous output %s", out_dir.relative_to(PROJECT_ROOT))
            shutil.rmtree(out_dir)
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(staging), out_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)

    report = out_dir / "deid-report.json"
    report.write_text(json.dumps(summary, indent=2, sort_keys=True), encoding="utf-8")
    LOG.info("wrote %d files (%d failed) to %s", summary["files"], summary["failed"], out_dir)
    return 1 if summary["failed"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="De-identify DICOM copies into build/")
    parser.add_argument("input", help="folder with source DICOM files (read only)")
    parser.add_argument("--out", default=str(BUILD_DIR / "anon"), help="output folder under build/")
    parser.add_argument("--profile", default=str(DEFAULT_PROFILE))
    parser.add_argument("--recursive", action="store_true")
    parser.add_argument("--keep-private", action="store_true")
    parser.add_argument("--no-verify", dest="verify", action="store_false")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )
    if not Path(args.input).is_dir():
        parser.error(f"{args.input} is not a directory")
    return process(args)


if __name__ == "__main__":
    sys.exit(main())
