#!/usr/bin/env python3
"""Fetch and index the reference genome and annotation for the lab pipelines.

Downloads from Ensembl's public FTP over HTTPS into ref/<build>/, checks
the CHECKSUMS files Ensembl publishes next to each file (BSD `sum`
algorithm), then builds the indexes the workflows expect:

    samtools faidx, samtools dict, bwa-mem2 index (opt-in: --bwa)

The download directory is ours alone; --clean removes partial downloads
and old index files inside ref/<build>/ only.
"""
import argparse
import gzip
import logging
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REF = ROOT / "ref"
ENSEMBL = "https://ftp.ensembl.org/pub"

BUILDS = {
    "GRCh38": {
        "release": 110,
        "species": "homo_sapiens",
        "fasta": "Homo_sapiens.GRCh38.dna.primary_assembly.fa.gz",
        "gtf": "Homo_sapiens.GRCh38.{release}.gtf.gz",
    },
    "GRCm39": {
        "release": 110,
        "species": "mus_musculus",
        "fasta": "Mus_musculus.GRCm39.dna.primary_assembly.fa.gz",
        "gtf": "Mus_musculus.GRCm39.{release}.gtf.gz",
    },
}
INDEX_SUFFIXES = (".fai", ".dict", ".0123", ".amb", ".ann", ".bwt.2bit.64", ".pac")

log = logging.getLogger("ref")


def bsd_sum(path):
    """Ensembl CHECKSUMS use the BSD 16-bit rotating checksum (`sum -r`)."""
    checksum = 0
    blocks = 0
    with path.open("rb") as fh:
        while True:
            chunk = fh.read(1 << 16)
            if not chunk:
                break
            for byte in chunk:
                checksum = (checksum >> 1) + ((checksum & 1) << 15)
                checksum = (checksum + byte) & 0xFFFF
            blocks += len(chunk)
    return checksum, (blocks + 1023) // 1024


def fast_sum(path):
    """Use coreutils `sum -r` when available; the pure-Python loop is slow."""
    if shutil.which("sum"):
        out = subprocess.run(["sum", "-r", str(path)], check=True,
                             capture_output=True, text=True).stdout.split()
        return int(out[0]), int(out[1])
    return bsd_sum(path)


def download(url, dest, tries=5):
    part = dest.with_name(dest.name + ".part")
    for n in range(1, tries + 1):
        have = part.stat().st_size if part.exists() else 0
        req = urllib.request.Request(url)
        if have:
            req.add_header("Range", f"bytes={have}-")
        try:
            with urllib.request.urlopen(req, timeout=120) as r, part.open("ab") as out:
                total = int(r.headers.get("Content-Length", 0)) + have
                copied = have
                last = time.monotonic()
                while chunk := r.read(1 << 20):
                    out.write(chunk)
                    copied += len(chunk)
                    if time.monotonic() - last > 10 and total:
                        log.info("  %s %.0f%%", dest.name, 100 * copied / total)
                        last = time.monotonic()
            part.rename(dest)
            return
        except (OSError, urllib.error.URLError) as exc:
            log.warning("  attempt %d failed: %s", n, exc)
            time.sleep(min(60, 3 * 2 ** n))
    raise SystemExit(f"giving up on {url}")


def expected_sums(checksums_file):
    table = {}
    for line in checksums_file.read_text().splitlines():
        parts = line.split()
        if len(parts) == 3:
            table[parts[2]] = (int(parts[0]), int(parts[1]))
    return table


def fetch_verified(base_url, name, dest_dir, sums):
    dest = dest_dir / name
    if dest.exists() and fast_sum(dest) == sums.get(name):
        log.info("ok (cached) %s", name)
        return dest
    download(f"{base_url}/{name}", dest)
    got = fast_sum(dest)
    if got != sums.get(name):
        dest.unlink()
        raise SystemExit(f"checksum mismatch for {name}: {got} vs {sums.get(name)}")
    log.info("ok %s", name)
    return dest


def decompress(gz_path):
    out = gz_path.with_suffix("")
    if out.exists() and out.stat().st_mtime >= gz_path.stat().st_mtime:
        return out
    tmp = out.with_name(out.name + ".tmp")
    with gzip.open(gz_path, "rb") as src, tmp.open("wb") as dst:
        shutil.copyfileobj(src, dst, 1 << 22)
    tmp.rename(out)
    return out


def build_indexes(fasta, threads, with_bwa):
    subprocess.run(["samtools", "faidx", str(fasta)], check=True)
    dict_path = fasta.with_suffix(".dict")
    subprocess.run(["samtools", "dict", "-o", str(dict_path), str(fasta)], check=True)
    if with_bwa:
        if shutil.which("bwa-mem2") is None:
            raise SystemExit("bwa-mem2 not installed (conda env create -f envs/align.yaml)")
        subprocess.run(["bwa-mem2", "index", str(fasta)], check=True)


def clean(build_dir):
    removed = 0
    for p in build_dir.glob("*"):
        if p.name.endswith(".part") or p.name.endswith(".tmp") or p.name.endswith(INDEX_SUFFIXES):
            p.unlink()
            removed += 1
    log.info("removed %d partial/index files from %s", removed, build_dir.relative_to(ROOT))


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    ap = argparse.ArgumentParser()
    ap.add_argument("build", choices=sorted(BUILDS))
    ap.add_argument("--no-gtf", action="store_true")
    ap.add_argument("--bwa", action="store_true")
    ap.add_argument("--clean", action="store_true")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 4)
    args = ap.parse_args()

    spec = BUILDS[args.build]
    build_dir = REF / args.build
    build_dir.mkdir(parents=True, exist_ok=True)
    if args.clean:
        clean(build_dir)

    rel = spec["release"]
    fasta_base = f"{ENSEMBL}/release-{rel}/fasta/{spec['species']}/dna"
    gtf_base = f"{ENSEMBL}/release-{rel}/gtf/{spec['species']}"

    sums_path = build_dir / "CHECKSUMS.fasta"
    download(f"{fasta_base}/CHECKSUMS", sums_path)
    fasta_gz = fetch_verified(fasta_base, spec["fasta"], build_dir, expected_sums(sums_path))
    fasta = decompress(fasta_gz)

    if not args.no_gtf:
        gtf_sums = build_dir / "CHECKSUMS.gtf"
        download(f"{gtf_base}/CHECKSUMS", gtf_sums)
        gtf_name = spec["gtf"].format(release=rel)
        fetch_verified(gtf_base, gtf_name, build_dir, expected_sums(gtf_sums))

    build_indexes(fasta, args.threads, args.bwa)
    log.info("reference ready: %s", fasta.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
