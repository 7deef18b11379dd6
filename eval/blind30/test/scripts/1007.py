#!/usr/bin/env python3
"""Archive OCR for the municipal minutes project: TIFF masters -> searchable PDF/A + text.

For each box folder under masters/<box>/ (multi-page TIFFs, 400 dpi):
  - tesseract <tif> <out> -l deu --psm 1 pdf txt       (one process per page group)
  - qpdf --linearize to merge the per-file PDFs of a box in page order
  - a redacted text copy for the public search index: personal names from the
    register list (config/persons.txt), street addresses and birth dates are replaced
  - a JSON manifest with checksums of masters and derivatives

Work happens in a temporary directory per box, which is removed afterwards. Only the
final files are moved to derivatives/<box>/. Uses a thread pool because tesseract
itself is the CPU-bound part. `--only-changed` skips boxes whose masters are older
than their manifest.
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJ = Path(__file__).resolve().parents[1]
MASTERS = PROJ / "masters"
DERIV = PROJ / "derivatives"
PERSONS_FILE = PROJ / "config" / "persons.txt"
ADDRESS = re.compile(r"\b[A-ZÄÖÜ][a-zäöüß]+(?:straße|strasse|gasse|weg|platz|allee)\s+\d+[a-z]?\b")
BIRTHDATE = re.compile(r"\b(?:geb(?:oren)?\.?\s*(?:am\s*)?)\d{1,2}\.\s?\d{1,2}\.\s?\d{4}\b", re.I)


def sha256_of(path):
    h = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def load_persons():
    if not PERSONS_FILE.exists():
        return None
    names = [n.strip() for n in PERSONS_FILE.read_text(encoding="utf-8").splitlines() if n.strip()]
    if not names:
        return None
    names.sort(key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b")


def redact(text, persons):
    counts = {"person": 0, "address": 0, "birthdate": 0}
    if persons is not None:
        text, counts["person"] = persons.subn("[PERSON]", text)
    text, counts["address"] = ADDRESS.subn("[ADDRESS]", text)
    text, counts["birthdate"] = BIRTHDATE.subn("[DOB]", text)
    return text, counts


def ocr_tiff(tif, workdir, lang, psm):
    base = workdir / tif.stem
    cmd = ["tesseract", str(tif), str(base), "-l", lang, "--psm", str(psm), "pdf", "txt"]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{tif.name}: {proc.stderr.strip()[-300:]}")
    return base.with_suffix(".pdf"), base.with_suffix(".txt"), time.monotonic() - t0


def merge_pdfs(parts, target):
    cmd = ["qpdf", "--empty", "--pages", *map(str, parts), "--", "--linearize", str(target)]
    subprocess.run(cmd, check=True, capture_output=True)


def needs_work(box_dir, only_changed):
    manifest = DERIV / box_dir.name / "manifest.json"
    if not only_changed or not manifest.exists():
        return True
    newest = max((p.stat().st_mtime for p in box_dir.glob("*.tif")), default=0)
    return newest > manifest.stat().st_mtime


def process_box(box_dir, lang, psm, jobs, persons):
    tiffs = sorted(box_dir.glob("*.tif"))
    if not tiffs:
        return None
    with tempfile.TemporaryDirectory(prefix=f"ocr-{box_dir.name}-") as tmp:
        work = Path(tmp)
        results = {}
        with cf.ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(ocr_tiff, t, work, lang, psm): t for t in tiffs}
            for fut in cf.as_completed(futures):
                results[futures[fut].name] = fut.result()
        ordered = [results[t.name] for t in tiffs]
        merged = work / f"{box_dir.name}.pdf"
        merge_pdfs([pdf for pdf, _, _ in ordered], merged)
        full_text = "\n\f".join(txt.read_text(encoding="utf-8") for _, txt, _ in ordered)
        public_text, counts = redact(full_text, persons)

        out = DERIV / box_dir.name
        out.mkdir(parents=True, exist_ok=True)
        shutil.move(str(merged), out / merged.name)
        (out / f"{box_dir.name}.txt").write_text(full_text, encoding="utf-8")
        (out / f"{box_dir.name}.public.txt").write_text(public_text, encoding="utf-8")
        manifest = {
            "box": box_dir.name,
            "pages": len(tiffs),
            "lang": lang,
            "ocr_seconds": round(sum(s for _, _, s in ordered), 1),
            "redactions": counts,
            "masters": {t.name: sha256_of(t) for t in tiffs},
            "derivatives": {p.name: sha256_of(p) for p in sorted(out.iterdir()) if p.name != "manifest.json"},
        }
        tmp_manifest = out / "manifest.json.tmp"
        tmp_manifest.write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
        tmp_manifest.replace(out / "manifest.json")
        return manifest


def confidence_report(box_name):
    """Mean word confidence from a TSV pass on the first page, to spot bad scans early."""
    first = next(iter(sorted((MASTERS / box_name).glob("*.tif"))), None)
    if first is None:
        return None
    proc = subprocess.run(["tesseract", str(first), "stdout", "-l", "deu", "tsv"],
                          capture_output=True, text=True)
    confs = []
    for line in proc.stdout.splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) == 12 and cols[11].strip():
            try:
                conf = float(cols[10])
            except ValueError:
                continue
            if conf >= 0:
                confs.append(conf)
    return round(sum(confs) / len(confs), 1) if confs else None


def write_index(results):
    """Index of all boxes for the search frontend (public text only)."""
    index = {name: {"pages": m["pages"], "public_text": f"{name}/{name}.public.txt"} for name, m in results.items()}
    path = DERIV / "index.json"
    path.write_text(json.dumps(index, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("boxes", nargs="*", help="box folder names (default: all)")
    ap.add_argument("--lang", default="deu+deu_latf")
    ap.add_argument("--psm", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--only-changed", action="store_true")
    args = ap.parse_args()

    for tool in ("tesseract", "qpdf"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed")
    persons = load_persons()
    if persons is None:
        print("warning: no config/persons.txt, names will not be redacted", file=sys.stderr)
    boxes = [MASTERS / b for b in args.boxes] if args.boxes else sorted(p for p in MASTERS.iterdir() if p.is_dir())
    done, failed = 0, 0
    results = {}
    for box in boxes:
        if not needs_work(box, args.only_changed):
            print(f"{box.name}: up to date")
            continue
        conf = confidence_report(box.name)
        if conf is not None and conf < 60:
            print(f"{box.name}: low OCR confidence on first page ({conf}); check the scan settings")
        try:
            m = process_box(box, args.lang, args.psm, args.jobs, persons)
        except (RuntimeError, subprocess.CalledProcessError) as exc:
            failed += 1
            print(f"{box.name}: FAILED {exc}", file=sys.stderr)
            continue
        if m:
            done += 1
            results[box.name] = m
            print(f"{box.name}: {m['pages']} pages, {m['ocr_seconds']}s OCR, redactions {m['redactions']}")
    if results:
        print(f"index: {write_index(results).relative_to(PROJ)}")
    print(f"{done} box(es) processed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
