#!/usr/bin/env bash
# align.sh - align paired-end reads for every sample in the sheet.
#
# usage: scripts/align.sh [--threads N] [--jobs J] [--force] [--only SAMPLE]...
#
# For each row of config/units.tsv (sample, unit, fq1, fq2):
#   bwa-mem2 mem | samtools fixmate | sort | markdup  ->  results/bam/<sample>.bam
# Samples run J at a time in the background; we keep their PIDs and wait
# for them, and on Ctrl-C we terminate only those PIDs. Per-sample temp
# directories live in results/bam/.tmp/<sample> and are removed on success.
set -o errexit -o nounset -o pipefail

cd "$(dirname "$(readlink -f "$0")")/.."
top=$PWD
ref=resources/genome/GRCh38.fa
units=config/units.tsv
out=results/bam
threads=4
jobs=2
force=0
declare -a only=()
declare -a pids=()

usage() { sed -n '3,10p' "$0" | cut -c3-; }
note() { echo "[align $(date +%H:%M:%S)] $*"; }
bail() { note "ERROR: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case $1 in
    --threads) threads=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --force) force=1; shift ;;
    --only) only+=("$2"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) bail "unknown argument $1" ;;
  esac
done

for exe in bwa-mem2 samtools; do
  command -v "$exe" >/dev/null 2>&1 || bail "$exe not found; conda activate align"
done
[ -s "$ref.bwt.2bit.64" ] || bail "reference not indexed: bwa-mem2 index $ref"
[ -s "$ref.fai" ] || samtools faidx "$ref"
mkdir -p "$out/.tmp" logs/align

interrupt() {
  note "interrupted; stopping ${#pids[@]} job(s) started by this script"
  local p
  for p in "${pids[@]}"; do
    kill -TERM "$p" 2>/dev/null || true
  done
  wait || true
  exit 130
}
trap interrupt INT TERM

wanted() {
  local s=$1 o
  [ ${#only[@]} -eq 0 ] && return 0
  for o in "${only[@]}"; do [ "$o" = "$s" ] && return 0; done
  return 1
}

align_sample() {
  local sample=$1 tmp="$out/.tmp/$1" log="logs/align/$1.log"
  local -a r1=() r2=() rg=()
  local s u f1 f2
  while IFS=$'\t' read -r s u f1 f2; do
    [ "$s" = "$sample" ] || continue
    r1+=("$f1"); r2+=("$f2"); rg+=("$u")
  done < <(tail -n +2 "$units")
  mkdir -p "$tmp"
  {
    local i parts=()
    for i in "${!r1[@]}"; do
      local part="$tmp/${rg[$i]}.bam"
      bwa-mem2 mem -t "$threads" \
        -R "@RG\tID:${sample}.${rg[$i]}\tSM:${sample}\tPL:ILLUMINA\tLB:${sample}" \
        "$ref" "${r1[$i]}" "${r2[$i]}" \
        | samtools fixmate -m -u - - \
        | samtools sort -u -@ 2 -T "$tmp/sort.${rg[$i]}" -o "$part" -
      parts+=("$part")
    done
    samtools merge -f -u -@ 2 - "${parts[@]}" \
      | samtools markdup -@ "$threads" -T "$tmp/markdup" -s -f "$out/$sample.markdup.json" --json - "$out/$sample.bam"
    samtools index -@ "$threads" "$out/$sample.bam"
  } > "$log" 2>&1
  rm -rf -- "$tmp"
}

run_limited() {
  # keep at most $jobs background alignments running
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
    wait -n || true
  done
  align_sample "$1" &
  pids+=("$!")
  note "started $1 (pid $!)"
}

verify_inputs() {
  # every FASTQ must exist, be non-empty and pass a quick gzip integrity test
  local s u f1 f2 bad=0 f
  while IFS=$'\t' read -r s u f1 f2; do
    wanted "$s" || continue
    for f in "$f1" "$f2"; do
      if [ ! -s "$f" ]; then
        note "$s/$u: missing or empty $f"
        bad=$((bad + 1))
      elif ! head -c 1048576 "$f" | gzip -t 2>/dev/null; then
        # a truncated 1 MiB prefix fails gzip -t at EOF; only warn on bad magic
        if [ "$(head -c 2 "$f" | od -An -tx1 | tr -d ' ')" != "1f8b" ]; then
          note "$s/$u: $f is not gzip"
          bad=$((bad + 1))
        fi
      fi
    done
  done < <(tail -n +2 "$units")
  [ $bad -eq 0 ] || bail "$bad input problem(s)"
}

coverage_report() {
  local bam name
  : > "$out/coverage.tsv"
  printf 'sample\tmean_depth\tcovered_pct\n' >> "$out/coverage.tsv"
  for bam in "$out"/*.bam; do
    [ -e "$bam" ] || continue
    name=$(basename "$bam" .bam)
    samtools coverage "$bam" 2>/dev/null \
      | awk -v s="$name" 'NR>1 && $1 !~ /_/ {len+=$3; cov+=$5; d+=$7*$3}
          END {if (len) printf "%s\t%.1f\t%.1f\n", s, d/len, 100*cov/len}' \
      >> "$out/coverage.tsv"
  done
  note "coverage table: $out/coverage.tsv"
}

write_manifest() {
  ( cd "$out" && find . -maxdepth 1 -name '*.bam' -printf '%f\t%s\t%TY-%Tm-%Td\n' | sort ) \
    > "$out/MANIFEST.tsv"
}

mapfile -t samples < <(tail -n +2 "$units" | cut -f1 | sort -u)
[ ${#samples[@]} -gt 0 ] || bail "no samples in $units"
verify_inputs

started=0
for sample in "${samples[@]}"; do
  wanted "$sample" || continue
  if [ -s "$out/$sample.bam" ] && [ $force -eq 0 ]; then
    note "$sample: exists (use --force to redo)"
    continue
  fi
  run_limited "$sample"
  started=$((started + 1))
done

failed=0
for p in "${pids[@]}"; do
  wait "$p" || failed=$((failed + 1))
done
trap - INT TERM

note "$started sample(s) aligned, $failed failed"
if [ $failed -gt 0 ]; then
  note "see logs/align/*.log"
  exit 1
fi

# summary of duplication rates from the markdup JSON files
for js in "$out"/*.markdup.json; do
  [ -e "$js" ] || continue
  printf '%-20s %s\n' "$(basename "$js" .markdup.json)" \
    "$(grep -o '"DUPLICATE TOTAL": [0-9]*' "$js" | awk '{print $3}') duplicates"
done

# post-processing of everything in results/bam (also earlier runs)
coverage_report
write_manifest
note "manifest: $out/MANIFEST.tsv"
rmdir "$out/.tmp" 2>/dev/null || true
note "done in $SECONDS s (workspace $top)"
