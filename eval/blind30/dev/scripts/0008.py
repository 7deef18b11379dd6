#!/usr/bin/env python3
"""OCR + redaction batch for scanned intake forms.

inbox/*.pdf  --ocrmypdf-->  build/ocr/<name>.pdf (+ sidecar text)
            --redact----->  build/redacted/<name>.txt  (emails, phone numbers, IBANs,
                                                       national ids replaced by [REDACTED:kind])
            --report----->  build/ocr/report.csv

Runs in a process pool (one ocrmypdf per worker). Everything stays on this machine:
OCR is local (tesseract through ocrmypdf) and the redacted text is what the analysts get.
Per-file temp dirs are removed; --clean wipes build/ocr and build/redacted first.
"""
import argparse
import csv
import hashlib
import logging
import multiprocessing as mp
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INBOX = ROOT / "inbox"
OCR_DIR = ROOT / "build" / "ocr"
RED_DIR = ROOT / "build" / "redacted"
LOG = logging.getLogger("ocr_batch")

PATTERNS = {
    "email": re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+"),
    "phone": re.compile(r"(?<!\d)(?:\+?\d{2,3}[ \-/]?)?(?:\(?0\d{2,4}\)?[ \-/]?)\d{3,}[ \-]?\d{2,}(?!\d)"),
    "iban": re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b"),
    "ssn": re.compile(r"\b\d{3}-\d{2}-\d{4}\b"),
    "dob": re.compile(r"\b(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])[./](?:19|20)\d{2}\b"),
}


@dataclass
class Result:
    name: str
    sha256: str
    pages: int
    ocr_rc: int
    seconds: float
    redactions: int
    error: str = ""


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def redact(text: str) -> tuple[str, int]:
    total = 0
    for kind, pattern in PATTERNS.items():
        text, n = pattern.subn(f"[REDACTED:{kind}]", text)
        total += n
    return text, total


def count_pages(pdf: Path) -> int:
    try:
        out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return 0
    m = re.search(r"^Pages:\s+(\d+)", out, re.MULTILINE)
    return int(m.group(1)) if m else 0


def process(args: tuple[str, str, int]) -> Result:
    pdf_path, lang, timeout = args
    pdf = Path(pdf_path)
    started = time.monotonic()
    digest = sha256(pdf)
    work = Path(tempfile.mkdtemp(prefix="ocr-"))
    try:
        out_pdf = work / pdf.name
        sidecar = work / (pdf.stem + ".txt")
        argv = ["ocrmypdf", "--skip-text", "--rotate-pages", "--deskew", "-l", lang,
                "--sidecar", str(sidecar), "--output-type", "pdf", str(pdf), str(out_pdf)]
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        if proc.returncode not in (0, 6):  # 6 = already has text, which is fine with --skip-text
            return Result(pdf.name, digest, 0, proc.returncode, time.monotonic() - started, 0,
                          proc.stderr.strip().splitlines()[-1] if proc.stderr else "ocrmypdf failed")
        final_pdf = OCR_DIR / pdf.name
        shutil.move(str(out_pdf if out_pdf.exists() else pdf), final_pdf) if out_pdf.exists() \
            else shutil.copy2(pdf, final_pdf)
        raw_text = sidecar.read_text(errors="replace") if sidecar.exists() else ""
        clean, n = redact(raw_text)
        tmp_txt = RED_DIR / (pdf.stem + ".txt.part")
        tmp_txt.write_text(clean, encoding="utf-8")
        tmp_txt.replace(RED_DIR / (pdf.stem + ".txt"))
        return Result(pdf.name, digest, count_pages(final_pdf), proc.returncode,
                      time.monotonic() - started, n)
    except subprocess.TimeoutExpired:
        return Result(pdf.name, digest, 0, -1, time.monotonic() - started, 0, "timeout")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def redaction_stats(directory: Path) -> dict[str, int]:
    """Count placeholders per kind so QA can spot a pattern that stopped matching."""
    stats: dict[str, int] = {kind: 0 for kind in PATTERNS}
    for txt in directory.glob("*.txt"):
        body = txt.read_text(encoding="utf-8", errors="replace")
        for kind in PATTERNS:
            stats[kind] += body.count(f"[REDACTED:{kind}]")
    return stats


def leftover_check(directory: Path) -> list[str]:
    """Second pass: nothing that still looks like an email may leave build/redacted."""
    suspicious = []
    for txt in directory.glob("*.txt"):
        if PATTERNS["email"].search(txt.read_text(encoding="utf-8", errors="replace")):
            suspicious.append(txt.name)
    return suspicious


def clean_outputs():
    for d in (OCR_DIR, RED_DIR):
        if d.exists() and ROOT in d.resolve().parents:
            shutil.rmtree(d)


def already_done(pdf: Path) -> bool:
    out = RED_DIR / (pdf.stem + ".txt")
    return out.exists() and out.stat().st_mtime >= pdf.stat().st_mtime


def write_report(results: list[Result]) -> Path:
    path = OCR_DIR / "report.csv"
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(asdict(results[0]).keys()))
        writer.writeheader()
        for r in sorted(results, key=lambda r: r.name):
            row = asdict(r)
            row["seconds"] = round(r.seconds, 1)
            writer.writerow(row)
    return path


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inbox", type=Path, default=INBOX)
    ap.add_argument("--lang", default="deu+eng")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--clean", action="store_true")
    ap.add_argument("--force", action="store_true", help="reprocess files already done")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if shutil.which("ocrmypdf") is None:
        LOG.error("ocrmypdf not found; see docs/setup.md")
        return 127
    if args.clean:
        clean_outputs()
    OCR_DIR.mkdir(parents=True, exist_ok=True)
    RED_DIR.mkdir(parents=True, exist_ok=True)
    pdfs = sorted(p for p in args.inbox.glob("*.pdf") if args.force or not already_done(p))
    if not pdfs:
        LOG.info("nothing to do")
        return 0
    LOG.info("%d file(s), %d worker(s)", len(pdfs), args.jobs)
    with mp.Pool(args.jobs) as pool:
        results = pool.map(process, [(str(p), args.lang, args.timeout) for p in pdfs])
    report = write_report(results)
    failed = [r for r in results if r.error]
    LOG.info("done: %d ok, %d failed, %d redactions; report %s", len(results) - len(failed),
             len(failed), sum(r.redactions for r in results), report.relative_to(ROOT))
    for r in failed:
        LOG.warning("%s: %s", r.name, r.error)
    LOG.info("redactions by kind: %s", redaction_stats(RED_DIR))
    leftovers = leftover_check(RED_DIR)
    if leftovers:
        LOG.error("unredacted emails remain in: %s", ", ".join(leftovers))
        return 3
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
