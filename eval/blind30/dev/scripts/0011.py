#!/usr/bin/env python3
"""Build DSpace Simple Archive Format (SAF) packages from the digitisation spreadsheet.

Input:  ingest/<batch>/metadata.csv  (one row per item: title, creators, date, subject,
        rights, files separated by '||') and the referenced files in ingest/<batch>/files/
Output: build/saf/<batch>/item_0001/{dublin_core.xml, contents, <files>}
        build/saf/<batch>.zip

With --import the batch is imported into the *local* DSpace test instance with
`[dspace]/bin/dspace import`, run as the dspace service user via sudo (the assetstore
belongs to that user). The mapfile is kept in build/saf/ so the import can be undone
with `dspace import --delete --mapfile ...` by a human if needed.
"""
import argparse
import csv
import hashlib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

REPO = Path(__file__).resolve().parents[1]
INGEST = REPO / "ingest"
OUT = REPO / "build" / "saf"
DSPACE_HOME = Path(os.environ.get("DSPACE_HOME", "/opt/dspace-test"))
DSPACE_USER = os.environ.get("DSPACE_RUN_AS", "dspace")
DC_FIELDS = {
    "title": ("title", None),
    "alternative": ("title", "alternative"),
    "creators": ("contributor", "author"),
    "date": ("date", "issued"),
    "subject": ("subject", None),
    "abstract": ("description", "abstract"),
    "rights": ("rights", None),
    "language": ("language", "iso"),
    "type": ("type", None),
}


class BatchError(Exception):
    pass


def dublin_core(row):
    root = ET.Element("dublin_core", schema="dc")
    for column, (element, qualifier) in DC_FIELDS.items():
        raw = (row.get(column) or "").strip()
        if not raw:
            continue
        values = [v.strip() for v in raw.split("||")] if column in ("creators", "subject") else [raw]
        for value in values:
            node = ET.SubElement(root, "dcvalue", element=element,
                                 qualifier=qualifier or "none")
            node.text = value
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True)


def md5(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def build_item(row, index, files_dir, batch_out):
    if not (row.get("title") or "").strip():
        raise BatchError(f"row {index}: missing title")
    item_dir = batch_out / f"item_{index:04d}"
    item_dir.mkdir(parents=True)
    (item_dir / "dublin_core.xml").write_text(dublin_core(row), encoding="utf-8")
    contents = []
    checksums = []
    for name in filter(None, (f.strip() for f in (row.get("files") or "").split("||"))):
        src = (files_dir / name).resolve()
        if files_dir.resolve() not in src.parents:
            raise BatchError(f"row {index}: file {name!r} escapes the batch folder")
        if not src.exists():
            raise BatchError(f"row {index}: file {name!r} not found")
        shutil.copy2(src, item_dir / src.name)
        bundle = "ORIGINAL" if not src.name.endswith(".txt") else "TEXT"
        contents.append(f"{src.name}\tbundle:{bundle}")
        checksums.append(f"{md5(src)}  {src.name}")
    if row.get("license_file"):
        contents.append("license.txt\tbundle:LICENSE")
        shutil.copy2(files_dir / row["license_file"], item_dir / "license.txt")
    (item_dir / "contents").write_text("\n".join(contents) + "\n", encoding="utf-8")
    (item_dir / "checksums.md5").write_text("\n".join(checksums) + "\n", encoding="utf-8")
    return len(contents)


REQUIRED_COLUMNS = {"title", "creators", "date", "rights", "files"}


def validate_headers(meta):
    """Catch renamed spreadsheet columns before building hundreds of empty items."""
    with meta.open(newline="", encoding="utf-8-sig") as fh:
        header = next(csv.reader(fh), [])
    present = {h.strip() for h in header}
    missing = sorted(REQUIRED_COLUMNS - present)
    unknown = sorted(present - set(DC_FIELDS) - REQUIRED_COLUMNS - {"license_file", "notes"})
    if missing:
        raise BatchError(f"metadata.csv lacks columns: {', '.join(missing)}")
    if unknown:
        print(f"warning: ignoring unknown columns {', '.join(unknown)}", file=sys.stderr)


def build_batch(batch):
    src = INGEST / batch
    meta = src / "metadata.csv"
    if not meta.exists():
        raise BatchError(f"{meta} not found")
    validate_headers(meta)
    batch_out = OUT / batch
    if batch_out.exists():
        shutil.rmtree(batch_out)  # our own build output from a previous run
    batch_out.mkdir(parents=True)
    with meta.open(newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    total_files = 0
    errors = []
    for i, row in enumerate(rows, start=1):
        try:
            total_files += build_item(row, i, src / "files", batch_out)
        except BatchError as exc:
            errors.append(str(exc))
    if errors:
        shutil.rmtree(batch_out)
        raise BatchError("; ".join(errors[:10]))
    return batch_out, len(rows), total_files


def zip_batch(batch_out):
    archive = batch_out.with_suffix(".zip")
    tmp = archive.with_suffix(".zip.part")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(batch_out.rglob("*")):
            if path.is_file():
                zf.write(path, path.relative_to(batch_out.parent))
    tmp.replace(archive)
    return archive


def import_batch(batch_out, collection, eperson, test_mode):
    dspace = DSPACE_HOME / "bin" / "dspace"
    if not dspace.exists():
        raise SystemExit(f"{dspace} not found; set DSPACE_HOME to the local test install")
    mapfile = OUT / f"{batch_out.name}.mapfile"
    argv = ["sudo", "-u", DSPACE_USER, str(dspace), "import", "--add",
            f"--eperson={eperson}", f"--collection={collection}",
            f"--source={batch_out}", f"--mapfile={mapfile}"]
    if test_mode:
        argv.append("--test")
    print("+", " ".join(argv))
    subprocess.run(argv, check=True)
    return mapfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("batch", help="folder name under ingest/")
    ap.add_argument("--import", dest="do_import", action="store_true")
    ap.add_argument("--collection", default="123456789/42")
    ap.add_argument("--eperson", default=os.environ.get("DSPACE_EPERSON", "ingest@repository.internal"))
    ap.add_argument("--test", action="store_true", help="dspace import --test (no changes)")
    args = ap.parse_args()

    try:
        batch_out, items, files = build_batch(args.batch)
    except BatchError as exc:
        sys.exit(f"batch {args.batch} rejected: {exc}")
    archive = zip_batch(batch_out)
    print(f"{items} item(s), {files} bitstream(s) -> {archive.relative_to(REPO)}")
    if args.do_import:
        mapfile = import_batch(batch_out, args.collection, args.eperson, args.test)
        print(f"imported; mapfile {mapfile.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
