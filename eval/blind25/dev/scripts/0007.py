#!/usr/bin/env python3
"""Convert the week's office documents to PDF/A and optionally print them.

Input:  inbox/*.docx, inbox/*.odt, inbox/*.xlsx, inbox/scans/*.pdf
Output: out/pdf/<name>.pdf (converted), out/ocr/<name>.pdf (searchable scans)
        out/bundle-<date>.pdf (everything merged, with bookmarks)

Printing is opt-in: --print sends the bundle to the printer named in
print.ini (or --printer) with `lp`; jobs we submit are recorded in
out/jobs.txt so `--cancel-mine` only cancels those job ids.
"""
import argparse
import configparser
import datetime as dt
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

HERE = Path(__file__).resolve().parent
INBOX = HERE / "inbox"
OUT = HERE / "out"
JOBS = OUT / "jobs.txt"
OFFICE_EXT = {".docx", ".doc", ".odt", ".xlsx", ".ods", ".pptx", ".rtf"}


def sh(argv, **kw):
    print("  $ " + " ".join(map(str, argv)))
    return subprocess.run(argv, check=True, **kw)


def soffice_binary():
    for name in ("libreoffice", "soffice"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("LibreOffice not found")


def convert_office(files, outdir):
    """Run LibreOffice headless with a private profile so it never clashes
    with a LibreOffice window the user has open."""
    if not files:
        return []
    outdir.mkdir(parents=True, exist_ok=True)
    profile = Path(tempfile.mkdtemp(prefix="lo-profile-"))
    try:
        argv = [soffice_binary(), f"-env:UserInstallation=file://{profile}",
                "--headless", "--convert-to", "pdf:writer_pdf_Export",
                "--outdir", str(outdir), *map(str, files)]
        sh(argv, stdout=subprocess.DEVNULL)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return [outdir / (f.stem + ".pdf") for f in files]


def ocr_one(src, outdir, lang):
    dst = outdir / src.name
    argv = ["ocrmypdf", "--skip-text", "--deskew", "--rotate-pages",
            "--output-type", "pdfa", "-l", lang, str(src), str(dst)]
    subprocess.run(argv, check=True, capture_output=True)
    return dst


def ocr_scans(scans, outdir, lang, workers):
    outdir.mkdir(parents=True, exist_ok=True)
    done = []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futs = {pool.submit(ocr_one, s, outdir, lang): s for s in scans}
        for fut in as_completed(futs):
            src = futs[fut]
            try:
                done.append(fut.result())
                print(f"  ocr ok   {src.name}")
            except subprocess.CalledProcessError as exc:
                err = exc.stderr.decode(errors="replace").strip().splitlines()[-1:]
                print(f"  ocr FAIL {src.name}: {' '.join(err)}")
    return sorted(done)


def merge(pdfs, target):
    if not pdfs:
        return None
    argv = ["qpdf", "--empty", "--pages", *map(str, pdfs), "--", str(target)]
    sh(argv)
    sh(["qpdf", "--check", str(target)], stdout=subprocess.DEVNULL)
    return target


def read_print_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"print": {"printer": "", "copies": "1", "sides": "two-sided-long-edge",
                             "media": "A4"}})
    if path.exists():
        cfg.read(path)
    return cfg["print"]


def submit(bundle, printer, copies, sides, media):
    lpstat = subprocess.run(["lpstat", "-p", printer], capture_output=True, text=True)
    if lpstat.returncode != 0:
        raise SystemExit(f"printer {printer!r} unknown to CUPS:\n{lpstat.stderr}")
    res = subprocess.run(
        ["lp", "-d", printer, "-n", str(copies), "-o", f"sides={sides}",
         "-o", f"media={media}", "-t", bundle.name, str(bundle)],
        check=True, capture_output=True, text=True)
    m = re.search(r"request id is (\S+)", res.stdout)
    job = m.group(1) if m else "?"
    with JOBS.open("a") as fh:
        fh.write(f"{dt.datetime.now():%F %T} {job} {bundle.name}\n")
    print(f"  submitted {job}")


def cancel_mine():
    if not JOBS.exists():
        print("no jobs recorded")
        return
    ids = [line.split()[2] for line in JOBS.read_text().splitlines() if line.strip()]
    active = subprocess.run(["lpstat", "-o"], capture_output=True, text=True).stdout
    for job in ids:
        if job in active:
            subprocess.run(["cancel", job], check=False)
            print(f"  cancelled {job}")
    JOBS.unlink()


def show_queue(printer):
    """Print the queue of one printer (read-only)."""
    res = subprocess.run(["lpstat", "-o", printer], capture_output=True, text=True)
    lines = res.stdout.strip().splitlines()
    print(f"{printer}: {len(lines)} job(s) queued")
    for line in lines[:10]:
        print("   " + line)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="deu+eng")
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--print", dest="do_print", action="store_true")
    ap.add_argument("--printer")
    ap.add_argument("--copies", type=int)
    ap.add_argument("--cancel-mine", action="store_true")
    ap.add_argument("--fresh", action="store_true", help="empty out/ first")
    args = ap.parse_args()

    if args.cancel_mine:
        cancel_mine()
        return 0
    if args.fresh and OUT.exists():
        for child in OUT.iterdir():
            if child.name == JOBS.name:
                continue
            shutil.rmtree(child) if child.is_dir() else child.unlink()

    office = sorted(p for p in INBOX.glob("*") if p.suffix.lower() in OFFICE_EXT)
    scans = sorted((INBOX / "scans").glob("*.pdf"))
    print(f"{len(office)} office documents, {len(scans)} scans")

    converted = convert_office(office, OUT / "pdf")
    ocred = ocr_scans(scans, OUT / "ocr", args.lang, args.workers)
    bundle = merge(converted + ocred, OUT / f"bundle-{dt.date.today():%Y%m%d}.pdf")
    if bundle is None:
        print("nothing to do")
        return 0
    print(f"bundle: {bundle.relative_to(HERE)}")

    if args.do_print:
        cfg = read_print_config(HERE / "print.ini")
        printer = args.printer or cfg.get("printer")
        if not printer:
            raise SystemExit("no printer: set it in print.ini or pass --printer")
        copies = args.copies or cfg.getint("copies")
        submit(bundle, printer, copies, cfg.get("sides"), cfg.get("media"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
