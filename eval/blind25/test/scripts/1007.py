#!/usr/bin/env python3
"""Mail-merge the exam cover sheets and print them per room.

Input:  exams/students.csv (room, seat, name, matriculation number)
        exams/cover-template.odt (LibreOffice template with {{placeholders}})
Output: build/covers/<room>.pdf, one page per student, sorted by seat

The ODT is a zip; we replace placeholders in content.xml with escaped
values, convert with soffice headless (private profile dir), merge per room
with qpdf and, only with --print ROOM_PRINTER_MAP, submit one job per room.
Nothing outside build/ is written; the student list never leaves the machine.
"""
import argparse
import csv
import html
import io
import itertools
import operator
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

PROJ = Path(__file__).resolve().parent.parent
EXAMS = PROJ / "exams"
OUT = PROJ / "build" / "covers"
FIELDS = ("room", "seat", "name", "matric")


def read_students(path: Path) -> list[dict]:
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [f for f in FIELDS if f not in (reader.fieldnames or [])]
        if missing:
            raise SystemExit(f"{path.name} lacks columns: {', '.join(missing)}")
        rows = [dict(r) for r in reader]
    for r in rows:
        r["seat"] = int(r["seat"])
    rows.sort(key=operator.itemgetter("room", "seat"))
    return rows


def check_duplicates(rows: list[dict]) -> None:
    """Two students on the same seat, or the same student twice, is a data error."""
    seats, people = set(), set()
    problems = []
    for r in rows:
        seat = (r["room"], r["seat"])
        if seat in seats:
            problems.append(f"seat {r['seat']} in {r['room']} assigned twice")
        seats.add(seat)
        if r["matric"] in people:
            problems.append(f"matriculation number {r['matric']} listed twice")
        people.add(r["matric"])
    if problems:
        raise SystemExit("\n".join(problems))


def page_count(pdf: Path) -> int:
    out = subprocess.run(["qpdf", "--show-npages", str(pdf)], capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


def render_odt(template: Path, values: dict, target: Path) -> None:
    """Copy the ODT zip, substituting {{key}} in content.xml."""
    with zipfile.ZipFile(template) as src, zipfile.ZipFile(target, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "content.xml":
                text = data.decode("utf-8")
                for key, value in values.items():
                    text = text.replace("{{" + key + "}}", html.escape(str(value)))
                data = text.encode("utf-8")
            # mimetype must stay first and uncompressed for a valid ODF package
            compress = zipfile.ZIP_STORED if item.filename == "mimetype" else zipfile.ZIP_DEFLATED
            dst.writestr(item, data, compress_type=compress)


def convert(odts: list[Path], outdir: Path) -> None:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if not soffice:
        raise SystemExit("LibreOffice not installed")
    with tempfile.TemporaryDirectory(prefix="lo-profile-") as profile:
        for batch_start in range(0, len(odts), 40):
            batch = odts[batch_start:batch_start + 40]
            subprocess.run(
                [soffice, f"-env:UserInstallation=file://{profile}", "--headless",
                 "--convert-to", "pdf", "--outdir", str(outdir), *map(str, batch)],
                check=True, stdout=subprocess.DEVNULL,
            )


def merge(pdfs: list[Path], target: Path) -> None:
    subprocess.run(["qpdf", "--empty", "--pages", *map(str, pdfs), "--", str(target)], check=True)


def parse_printer_map(spec: str) -> dict:
    mapping = {}
    for pair in spec.split(","):
        room, _, printer = pair.partition("=")
        if not room or not printer:
            raise SystemExit(f"bad --print entry {pair!r}; use ROOM=PRINTER,...")
        mapping[room.strip()] = printer.strip()
    return mapping


def known_printers() -> set:
    out = subprocess.run(["lpstat", "-p"], capture_output=True, text=True).stdout
    return {line.split()[1] for line in out.splitlines() if line.startswith("printer ")}


def submit(pdf: Path, printer: str, dry: bool) -> str:
    argv = ["lp", "-d", printer, "-o", "sides=one-sided", "-o", "media=A4", "-t", pdf.stem, str(pdf)]
    if dry:
        print("   would run:", " ".join(argv))
        return "-"
    res = subprocess.run(argv, check=True, capture_output=True, text=True)
    return res.stdout.strip()


def summary_table(rows: list[dict]) -> str:
    buf = io.StringIO()
    for room, group in itertools.groupby(rows, key=operator.itemgetter("room")):
        seats = [r["seat"] for r in group]
        buf.write(f"{room:<10} {len(seats):>4} students, seats {min(seats)}-{max(seats)}\n")
    return buf.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=Path, default=EXAMS / "students.csv")
    parser.add_argument("--template", type=Path, default=EXAMS / "cover-template.odt")
    parser.add_argument("--print", dest="printers", help="ROOM=PRINTER[,ROOM=PRINTER...]")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--keep-odt", action="store_true")
    args = parser.parse_args()

    rows = read_students(args.students)
    check_duplicates(rows)
    print(summary_table(rows), end="")
    if OUT.exists():
        shutil.rmtree(OUT)
    work = OUT / "odt"
    work.mkdir(parents=True)

    per_room: dict[str, list[Path]] = {}
    for r in rows:
        odt = work / f"{r['room']}-{r['seat']:03d}.odt"
        render_odt(args.template, r, odt)
        per_room.setdefault(r["room"], []).append(odt)

    convert([p for files in per_room.values() for p in files], work)
    room_pdfs = {}
    for room, files in per_room.items():
        target = OUT / f"{room}.pdf"
        merge([f.with_suffix(".pdf") for f in files], target)
        if page_count(target) != len(files):
            raise SystemExit(f"{target.name}: page count does not match student count")
        room_pdfs[room] = target
        print(f"{target.relative_to(PROJ)}: {len(files)} page(s)")
    if not args.keep_odt:
        shutil.rmtree(work)

    if args.printers:
        mapping = parse_printer_map(args.printers)
        unknown = set(mapping.values()) - known_printers()
        if unknown:
            raise SystemExit(f"unknown printer(s): {', '.join(sorted(unknown))}")
        for room, pdf in room_pdfs.items():
            printer = mapping.get(room)
            if not printer:
                print(f"no printer for {room}; skipped")
                continue
            print(f"{room} -> {printer}: {submit(pdf, printer, args.dry_run)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
