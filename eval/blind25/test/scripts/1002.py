#!/usr/bin/env python3
"""Per-sample alignment QC with samtools, run in parallel.

For every BAM listed in config/samples.tsv this runs samtools flagstat,
stats and idxstats (indexing first when the .bai is missing or stale), and
collects the headline numbers into results/qc/alignment_qc.tsv.

Scratch output for each sample goes to results/qc/.tmp/<sample>/ and is
removed after the numbers have been parsed. Use --jobs to limit workers.
"""
import argparse
import concurrent.futures as cf
import csv
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, asdict, fields
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
SAMPLES = BASE / "config" / "samples.tsv"
QC_DIR = BASE / "results" / "qc"
SCRATCH = QC_DIR / ".tmp"


@dataclass
class SampleQC:
    sample: str
    total: int = 0
    mapped: int = 0
    properly_paired: int = 0
    duplicates: int = 0
    mean_insert: float = 0.0
    mean_quality: float = 0.0
    chrM_fraction: float = 0.0
    seconds: float = 0.0
    error: str = ""

    @property
    def mapped_pct(self) -> float:
        return 100.0 * self.mapped / self.total if self.total else 0.0


def read_samples(path: Path) -> list[tuple[str, Path]]:
    rows = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            bam = Path(row["bam"])
            if not bam.is_absolute():
                bam = BASE / bam
            rows.append((row["sample"], bam))
    return rows


def samtools(*args: str, stdout=None) -> str:
    proc = subprocess.run(["samtools", *args], stdout=stdout or subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode:
        raise RuntimeError(f"samtools {args[0]}: {proc.stderr.strip()[-300:]}")
    return proc.stdout if stdout is None else ""


def ensure_index(bam: Path, threads: int) -> None:
    bai = bam.with_suffix(bam.suffix + ".bai")
    if bai.exists() and bai.stat().st_mtime >= bam.stat().st_mtime:
        return
    samtools("index", "-@", str(threads), str(bam))


def parse_flagstat(text: str, qc: SampleQC) -> None:
    for line in text.splitlines():
        count = int(line.split(" ", 1)[0])
        if "in total" in line:
            qc.total = count
        elif " mapped (" in line and "primary" not in line:
            qc.mapped = count
        elif "properly paired" in line:
            qc.properly_paired = count
        elif line.endswith("duplicates") or " duplicates" in line and "primary" not in line:
            qc.duplicates = count


def parse_stats(text: str, qc: SampleQC) -> None:
    for line in text.splitlines():
        if not line.startswith("SN\t"):
            continue
        _, key, value, *_ = line.split("\t")
        if key == "insert size average:":
            qc.mean_insert = float(value)
        elif key == "average quality:":
            qc.mean_quality = float(value)


def parse_idxstats(text: str, qc: SampleQC) -> None:
    total = mito = 0
    for line in text.splitlines():
        name, _length, mapped, _unmapped = line.split("\t")
        total += int(mapped)
        if name in ("chrM", "MT"):
            mito += int(mapped)
    qc.chrM_fraction = mito / total if total else 0.0


def run_sample(sample: str, bam: Path, threads: int) -> SampleQC:
    qc = SampleQC(sample)
    started = time.monotonic()
    scratch = SCRATCH / sample
    scratch.mkdir(parents=True, exist_ok=True)
    try:
        if not bam.exists():
            raise RuntimeError(f"missing {bam}")
        ensure_index(bam, threads)
        parse_flagstat(samtools("flagstat", "-@", str(threads), str(bam)), qc)
        stats_file = scratch / "stats.txt"
        with stats_file.open("w") as out:
            samtools("stats", "-@", str(threads), str(bam), stdout=out)
        parse_stats(stats_file.read_text(), qc)
        parse_idxstats(samtools("idxstats", str(bam)), qc)
    except (RuntimeError, ValueError) as exc:
        qc.error = str(exc)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    qc.seconds = round(time.monotonic() - started, 1)
    return qc


def write_table(results: list[SampleQC], path: Path) -> None:
    names = [f.name for f in fields(SampleQC)] + ["mapped_pct"]
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=names, delimiter="\t")
        writer.writeheader()
        for r in sorted(results, key=lambda r: r.sample):
            row = asdict(r)
            row["mapped_pct"] = round(r.mapped_pct, 2)
            writer.writerow(row)


def flag_outliers(results: list[SampleQC], min_mapped: float, max_mito: float) -> list[str]:
    notes = []
    for r in results:
        if r.error:
            notes.append(f"{r.sample}: ERROR {r.error}")
        elif r.mapped_pct < min_mapped:
            notes.append(f"{r.sample}: only {r.mapped_pct:.1f}% mapped")
        elif r.chrM_fraction > max_mito:
            notes.append(f"{r.sample}: {100 * r.chrM_fraction:.1f}% mitochondrial reads")
    return notes


def main() -> int:
    parser = argparse.ArgumentParser(description="alignment QC for all samples")
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 4) // 4))
    parser.add_argument("--threads", type=int, default=4, help="samtools threads per sample")
    parser.add_argument("--min-mapped", type=float, default=85.0)
    parser.add_argument("--max-mito", type=float, default=0.2)
    parser.add_argument("--only", nargs="*", help="restrict to these sample ids")
    args = parser.parse_args()

    if shutil.which("samtools") is None:
        print("samtools not found; activate the qc environment", file=sys.stderr)
        return 2
    samples = read_samples(SAMPLES)
    if args.only:
        samples = [s for s in samples if s[0] in set(args.only)]
    QC_DIR.mkdir(parents=True, exist_ok=True)

    results: list[SampleQC] = []
    with cf.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_sample, s, b, args.threads): s for s, b in samples}
        for fut in cf.as_completed(futures):
            qc = fut.result()
            results.append(qc)
            status = "error" if qc.error else f"{qc.mapped_pct:5.1f}% mapped"
            print(f"[{len(results):>3}/{len(samples)}] {qc.sample:<20} {status} ({qc.seconds}s)")

    out = QC_DIR / "alignment_qc.tsv"
    write_table(results, out)
    if SCRATCH.exists() and not any(SCRATCH.iterdir()):
        SCRATCH.rmdir()
    notes = flag_outliers(results, args.min_mapped, args.max_mito)
    for note in notes:
        print("  ! " + note)
    print(f"wrote {out.relative_to(BASE)}")
    return 1 if any(r.error for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
