#!/usr/bin/env python3
"""series_check.py - integrity check for DICOM series before they enter the test corpus.

For every series folder under the given root it verifies:

  * all files parse and share one SeriesInstanceUID / StudyInstanceUID
  * InstanceNumber has no gaps or duplicates
  * slice spacing is uniform (ImagePositionPatient along the normal)
  * pixel data decodes (optional, --pixels; slow on large CT series)
  * no direct identifiers remain (PatientName, PatientBirthDate, OtherPatientIDs,
    InstitutionAddress) - the corpus must be de-identified already

With --export it copies series that pass into out/corpus/<modality>/<series-uid>/,
renaming files to IM00001.dcm ... in InstanceNumber order.  The export folder is
rebuilt from scratch on every run (it is a generated artefact).

Exit status: 0 all series pass, 1 some series failed, 2 usage error.
"""
from __future__ import annotations

import argparse
import collections
import json
import math
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pydicom
from pydicom.errors import InvalidDicomError

HERE = Path(__file__).resolve()
REPO = HERE.parent.parent
EXPORT_ROOT = REPO / "out" / "corpus"
IDENTIFYING = ("PatientName", "PatientBirthDate", "OtherPatientIDs", "InstitutionAddress",
               "PatientAddress", "PatientTelephoneNumbers", "ReferringPhysicianName")
SPACING_TOLERANCE_MM = 0.05


@dataclass
class SeriesReport:
    folder: Path
    files: int = 0
    modality: str = "?"
    series_uid: str = ""
    problems: list[str] = field(default_factory=list)
    spacing: float | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict:
        return {
            "folder": str(self.folder.relative_to(REPO)) if REPO in self.folder.parents else str(self.folder),
            "files": self.files,
            "modality": self.modality,
            "series_uid": self.series_uid,
            "spacing_mm": self.spacing,
            "problems": self.problems,
        }


def is_dicom(path: Path) -> bool:
    if path.suffix.lower() == ".dcm":
        return True
    try:
        with path.open("rb") as fh:
            fh.seek(128)
            return fh.read(4) == b"DICM"
    except OSError:
        return False


def series_folders(root: Path):
    seen = set()
    for path in sorted(root.rglob("*")):
        if path.is_file() and is_dicom(path) and path.parent not in seen:
            seen.add(path.parent)
            yield path.parent


def slice_normal(ds) -> np.ndarray | None:
    iop = getattr(ds, "ImageOrientationPatient", None)
    if iop is None or len(iop) != 6:
        return None
    row = np.array(iop[:3], dtype=float)
    col = np.array(iop[3:], dtype=float)
    return np.cross(row, col)


def check_spacing(datasets, report: SeriesReport) -> None:
    normal = slice_normal(datasets[0])
    if normal is None:
        return
    positions = []
    for ds in datasets:
        ipp = getattr(ds, "ImagePositionPatient", None)
        if ipp is None:
            report.problems.append(f"InstanceNumber {ds.get('InstanceNumber')}: no ImagePositionPatient")
            return
        positions.append(float(np.dot(normal, np.array(ipp, dtype=float))))
    positions.sort()
    gaps = np.diff(positions)
    if len(gaps) == 0:
        return
    report.spacing = round(float(np.median(gaps)), 4)
    irregular = [i for i, g in enumerate(gaps) if not math.isclose(g, report.spacing, abs_tol=SPACING_TOLERANCE_MM)]
    if irregular:
        report.problems.append(f"{len(irregular)} irregular slice gap(s), median {report.spacing} mm")


def check_series(folder: Path, decode_pixels: bool) -> tuple[SeriesReport, list]:
    report = SeriesReport(folder)
    datasets = []
    for path in sorted(p for p in folder.iterdir() if p.is_file() and is_dicom(p)):
        try:
            ds = pydicom.dcmread(path, stop_before_pixels=not decode_pixels)
        except (InvalidDicomError, OSError) as exc:
            report.problems.append(f"{path.name}: unreadable ({exc.__class__.__name__})")
            continue
        ds.filename = str(path)
        datasets.append(ds)
    report.files = len(datasets)
    if not datasets:
        report.problems.append("no readable DICOM files")
        return report, datasets

    uids = collections.Counter(str(ds.get("SeriesInstanceUID", "")) for ds in datasets)
    studies = {str(ds.get("StudyInstanceUID", "")) for ds in datasets}
    report.series_uid = uids.most_common(1)[0][0]
    report.modality = str(datasets[0].get("Modality", "?"))
    if len(uids) > 1:
        report.problems.append(f"{len(uids)} different SeriesInstanceUIDs in one folder")
    if len(studies) > 1:
        report.problems.append(f"{len(studies)} different StudyInstanceUIDs in one folder")

    numbers = [int(ds.get("InstanceNumber", 0) or 0) for ds in datasets]
    dupes = [n for n, c in collections.Counter(numbers).items() if c > 1]
    if dupes:
        report.problems.append(f"duplicate InstanceNumber(s): {sorted(dupes)[:5]}")
    expected = set(range(min(numbers), max(numbers) + 1)) if numbers else set()
    missing = sorted(expected - set(numbers))
    if missing:
        report.problems.append(f"missing InstanceNumber(s): {missing[:5]}{'...' if len(missing) > 5 else ''}")

    for keyword in IDENTIFYING:
        values = {str(ds.get(keyword, "")).strip() for ds in datasets} - {"", "ANON", "ANONYMIZED"}
        if values:
            report.problems.append(f"{keyword} present ({len(values)} distinct value(s))")

    datasets.sort(key=lambda d: int(d.get("InstanceNumber", 0) or 0))
    if report.modality in ("CT", "MR", "PT"):
        check_spacing(datasets, report)

    if decode_pixels:
        for ds in datasets:
            try:
                _ = ds.pixel_array
            except Exception as exc:  # noqa: BLE001 - codec errors vary by plugin
                report.problems.append(f"{Path(ds.filename).name}: pixel decode failed ({exc})")
                break
    return report, datasets


def export(report: SeriesReport, datasets: list) -> Path:
    target = EXPORT_ROOT / report.modality / report.series_uid
    target.mkdir(parents=True, exist_ok=False)
    for index, ds in enumerate(datasets, start=1):
        shutil.copy2(ds.filename, target / f"IM{index:05d}.dcm")
    return target


def reset_export_root() -> None:
    resolved = EXPORT_ROOT.resolve()
    if resolved.parent != (REPO / "out").resolve():
        raise SystemExit(f"unexpected export root {resolved}")
    if resolved.exists():
        shutil.rmtree(resolved)
    resolved.mkdir(parents=True)


def print_report(reports: list[SeriesReport], verbose: bool) -> None:
    by_modality = collections.Counter(r.modality for r in reports)
    failed = [r for r in reports if not r.ok]
    for r in reports:
        if r.ok and not verbose:
            continue
        status = "ok  " if r.ok else "FAIL"
        spacing = f" {r.spacing} mm" if r.spacing else ""
        print(f"{status} {r.modality:3s} {r.files:5d} files{spacing}  {r.folder}")
        for problem in r.problems:
            print(f"       - {problem}")
    print()
    print("series per modality: " + ", ".join(f"{m}={n}" for m, n in sorted(by_modality.items())))
    print(f"{len(reports) - len(failed)}/{len(reports)} series pass")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="series_check", description="Check DICOM series before adding them to the corpus")
    parser.add_argument("root", type=Path, help="folder containing series folders")
    parser.add_argument("--pixels", action="store_true", help="also decode pixel data")
    parser.add_argument("--export", action="store_true", help="rebuild out/corpus from passing series")
    parser.add_argument("--json", type=Path, help="write the report as JSON to this file")
    parser.add_argument("--verbose", "-v", action="store_true", help="also list passing series")
    args = parser.parse_args(argv)

    if not args.root.is_dir():
        print(f"not a directory: {args.root}", file=sys.stderr)
        return 2
    started = time.monotonic()
    if args.export:
        reset_export_root()
    reports = []
    for folder in series_folders(args.root):
        report, datasets = check_series(folder, args.pixels)
        reports.append(report)
        if args.export and report.ok:
            export(report, datasets)
    print_report(reports, args.verbose)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps([r.as_dict() for r in reports], indent=2))
    print(f"checked in {time.monotonic() - started:.1f}s")
    return 0 if all(r.ok for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
