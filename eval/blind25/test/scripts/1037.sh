#!/usr/bin/env bash
# genome-refs.sh - fetch and index reference genomes from UCSC for the workflows.
#
#   scripts/genome-refs.sh fetch ASSEMBLY     e.g. hg38, mm39, danRer11
#   scripts/genome-refs.sh index ASSEMBLY     samtools faidx/dict, bwa-mem2, STAR (opt-in)
#   scripts/genome-refs.sh verify ASSEMBLY    md5sum -c against UCSC's md5sum.txt
#   scripts/genome-refs.sh list               what is present under resources/genomes/
#   scripts/genome-refs.sh prune ASSEMBLY     remove index files (keeps the FASTA)
#   scripts/genome-refs.sh sizes ASSEMBLY     summary of chrom.sizes
#
# Environment:
#   THREADS=N     threads for STAR (default: nproc)
#   WITH_STAR=1   also build a STAR index (needs <assembly>.gtf next to the FASTA)
#
# Disk: hg38 needs ~3 GB for the FASTA, ~10 GB with bwa-mem2, ~30 GB with STAR.
# Memory: bwa-mem2 index ~64 GB for hg38; STAR genomeGenerate ~32 GB.
# Re-running fetch is cheap: verified files are skipped.
#
# Downloads come only from hgdownload.soe.ucsc.edu over HTTPS, resumable
# (wget -c), into resources/genomes/<assembly>/. Each file is verified
# against the md5sum.txt UCSC publishes next to it before it is used.
set -euo pipefail

base_dir="$(cd "$(dirname "$0")/.." && pwd)/resources/genomes"
ucsc=https://hgdownload.soe.ucsc.edu/goldenPath
threads=${THREADS:-$(nproc)}
with_star=${WITH_STAR:-0}

info() { printf '[refs] %s\n' "$*"; }
die() { printf '[refs] error: %s\n' "$*" >&2; exit 1; }

valid_assembly() {
  [[ $1 =~ ^[A-Za-z]+[0-9]+$ ]] || die "assembly name looks wrong: '$1'"
}

need() {
  local t
  for t in "$@"; do command -v "$t" >/dev/null || die "$t not installed (conda activate refs)"; done
}

dir_for() { printf '%s/%s\n' "$base_dir" "$1"; }

fetch_file() {
  # fetch_file URL DEST ; resumable, retries with backoff
  local url=$1 dest=$2 attempt
  for attempt in 1 2 3 4 5; do
    if wget -q -c --timeout=60 -O "$dest.part" "$url"; then
      mv -f -- "$dest.part" "$dest"
      return 0
    fi
    info "download failed (attempt $attempt), retrying in $((attempt * attempt * 5))s"
    sleep $((attempt * attempt * 5))
  done
  die "could not download $url"
}

cmd_fetch() {
  local asm=$1 dir
  valid_assembly "$asm"
  need wget md5sum
  dir=$(dir_for "$asm")
  mkdir -p "$dir"
  info "fetching $asm into ${dir#"$base_dir"/}"
  fetch_file "$ucsc/$asm/bigZips/md5sum.txt" "$dir/md5sum.txt"
  local f
  for f in "$asm.fa.gz" "$asm.chrom.sizes"; do
    if [[ -f "$dir/$f" ]] && (cd "$dir" && grep -E " $f\$" md5sum.txt | md5sum -c --status 2>/dev/null); then
      info "$f already present and verified"
      continue
    fi
    fetch_file "$ucsc/$asm/bigZips/$f" "$dir/$f"
  done
  cmd_verify "$asm"
}

cmd_verify() {
  local asm=$1 dir
  valid_assembly "$asm"
  dir=$(dir_for "$asm")
  [[ -f "$dir/md5sum.txt" ]] || die "no md5sum.txt for $asm; fetch first"
  local listed=0 ok=0 line f
  while read -r line; do
    f=${line##* }
    [[ -f "$dir/$f" ]] || continue
    listed=$((listed + 1))
    if (cd "$dir" && printf '%s\n' "$line" | md5sum -c --status); then
      ok=$((ok + 1))
    else
      info "checksum FAILED: $f (removing it)"
      rm -f -- "$dir/$f"
    fi
  done < "$dir/md5sum.txt"
  info "$ok/$listed file(s) verified"
  (( ok == listed )) || die "verification failed; run fetch again"
}

cmd_index() {
  local asm=$1 dir fa
  valid_assembly "$asm"
  need samtools bgzip
  dir=$(dir_for "$asm")
  [[ -f "$dir/$asm.fa.gz" ]] || die "fetch $asm first"
  fa="$dir/$asm.fa"
  if [[ ! -s $fa || "$dir/$asm.fa.gz" -nt $fa ]]; then
    info "decompressing"
    gzip -dc "$dir/$asm.fa.gz" > "$fa.tmp" && mv -f -- "$fa.tmp" "$fa"
  fi
  info "samtools faidx/dict"
  samtools faidx "$fa"
  samtools dict -a "$asm" -o "$dir/$asm.dict" "$fa"
  if command -v bwa-mem2 >/dev/null; then
    if [[ ! -s "$fa.bwt.2bit.64" ]]; then
      info "bwa-mem2 index (takes a while, ~64 GB RAM for hg38)"
      bwa-mem2 index "$fa"
    fi
  else
    info "bwa-mem2 not installed; skipping its index"
  fi
  if [[ $with_star == 1 ]]; then
    need STAR
    local star="$dir/star"
    mkdir -p "$star"
    [[ -f "$dir/$asm.gtf" ]] || die "STAR needs $asm.gtf in $dir"
    STAR --runMode genomeGenerate --runThreadN "$threads" --genomeDir "$star" \
      --genomeFastaFiles "$fa" --sjdbGTFfile "$dir/$asm.gtf" --outTmpDir "$star/_tmp"
    rm -rf -- "$star/_tmp"
  fi
  info "index done"
}

cmd_list() {
  [[ -d $base_dir ]] || { info "no genomes yet"; return 0; }
  local d asm size
  printf '%-12s %8s  %s\n' assembly size files
  for d in "$base_dir"/*/; do
    [[ -d $d ]] || continue
    asm=$(basename "$d")
    size=$(du -sh "$d" | cut -f1)
    printf '%-12s %8s  %s\n' "$asm" "$size" "$(cd "$d" && ls | tr '\n' ' ')"
  done
}

cmd_prune() {
  local asm=$1 dir
  valid_assembly "$asm"
  dir=$(dir_for "$asm")
  [[ -d $dir ]] || die "no $asm"
  # only derived index files inside this assembly's directory
  local removed=0 f
  for f in "$dir/$asm.fa".{fai,0123,amb,ann,bwt.2bit.64,pac} "$dir/$asm.dict" "$dir/$asm.fa"; do
    [[ -e $f ]] || continue
    rm -f -- "$f"
    removed=$((removed + 1))
  done
  [[ -d "$dir/star" ]] && { rm -rf -- "$dir/star"; removed=$((removed + 1)); }
  info "removed $removed derived file(s); kept $asm.fa.gz and md5sum.txt"
}

cmd_sizes() {
  # chromosome sizes summary from the UCSC chrom.sizes file
  local asm=$1 dir
  valid_assembly "$asm"
  dir=$(dir_for "$asm")
  [[ -f "$dir/$asm.chrom.sizes" ]] || die "fetch $asm first"
  awk '{n++; total += $2; if ($1 !~ /_/) main++} END {
         printf "%d sequences (%d primary), %.2f Gb\n", n, main, total / 1e9 }' "$dir/$asm.chrom.sizes"
}

main() {
  local cmd=${1:-}
  case $cmd in
    fetch|index|verify|prune|sizes)
      [[ $# -ge 2 ]] || die "usage: genome-refs.sh $cmd ASSEMBLY"
      "cmd_$cmd" "$2" ;;
    list) cmd_list ;;
    *) sed -n '2,13p' "$0"; exit 2 ;;
  esac
}

main "$@"
