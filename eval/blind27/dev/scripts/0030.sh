#!/usr/bin/env bash
# Merge per-job ROOT outputs and produce the standard histogram set.
#
#   analysis/batch_hists.sh -i out/2026-11-30 -o build/hists [-j 8] [-c]
#
# 1. groups out/<sample>_job*.root by sample name
# 2. hadd each group into build/hists/<sample>.root (in parallel)
# 3. runs macros/make_hists.C and macros/plot_ratio.C in batch mode
# 4. writes a manifest with entries per sample
set -euo pipefail
shopt -s nullglob

TOP="$(cd "$(dirname "$0")/.." && pwd)"
INPUT=""
OUTPUT="$TOP/build/hists"
JOBS="$(nproc 2>/dev/null || echo 4)"
CLEAN=0
MACROS="$TOP/macros"
ROOT_BIN="${ROOT_BIN:-root}"

log() { echo "[$(date +%T)] $*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts "i:o:j:ch" o; do
  case "$o" in
    i) INPUT="$OPTARG" ;;
    o) OUTPUT="$OPTARG" ;;
    j) JOBS="$OPTARG" ;;
    c) CLEAN=1 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -n "$INPUT" ]] || die "-i input directory is required"
INPUT="$(realpath "$INPUT")"
OUTPUT="$(realpath -m "$OUTPUT")"
[[ -d "$INPUT" ]] || die "no such directory: $INPUT"
case "$OUTPUT" in
  "$TOP"/build/*) ;;
  *) die "output must live under build/ (got $OUTPUT)" ;;
esac
command -v hadd >/dev/null || die "hadd not found; source thisroot.sh"
command -v "$ROOT_BIN" >/dev/null || die "$ROOT_BIN not found"

if (( CLEAN )) && [[ -d "$OUTPUT" ]]; then
  log "cleaning $OUTPUT"
  rm -rf -- "$OUTPUT"
fi
mkdir -p "$OUTPUT/logs" "$OUTPUT/plots"

WORK="$(mktemp -d "$OUTPUT/.work.XXXX")"
trap 'rm -rf -- "$WORK"' EXIT

declare -A GROUPS_COUNT=()
for f in "$INPUT"/*_job*.root; do
  base="$(basename "$f")"
  sample="${base%%_job*}"
  echo "$f" >> "$WORK/$sample.list"
  GROUPS_COUNT[$sample]=$(( ${GROUPS_COUNT[$sample]:-0} + 1 ))
done
(( ${#GROUPS_COUNT[@]} )) || die "no *_job*.root files in $INPUT"

for s in "${!GROUPS_COUNT[@]}"; do
  log "sample $s: ${GROUPS_COUNT[$s]} files"
done | sort

check_inputs() {
  local list="$1" bad=0 f
  while IFS= read -r f; do
    if ! "$ROOT_BIN" -l -b -q -e "TFile f(\"$f\"); return f.IsZombie() || f.TestBit(TFile::kRecovered);" \
         >/dev/null 2>&1; then
      log "  corrupt or recovered: $f"
      bad=$((bad + 1))
    fi
  done < "$list"
  return "$bad"
}

merge_one() {
  local list="$1"
  local sample
  sample="$(basename "$list" .list)"
  local target="$OUTPUT/$sample.root"
  if hadd -f -k -j 2 "$target" $(cat "$list") > "$OUTPUT/logs/hadd_$sample.log" 2>&1; then
    echo "ok $sample"
  else
    echo "FAIL $sample"
  fi
}
export -f merge_one
export OUTPUT

if [[ "${SKIP_CHECK:-0}" != 1 ]]; then
  for list in "$WORK"/*.list; do
    check_inputs "$list" || log "$(basename "$list" .list) has corrupt inputs (hadd -k will skip them)"
  done
fi

log "merging with $JOBS parallel jobs"
printf '%s\n' "$WORK"/*.list | xargs -P "$JOBS" -I{} bash -c 'merge_one "$@"' _ {} \
  | tee "$WORK/merge_status.txt"
if grep -q '^FAIL' "$WORK/merge_status.txt"; then
  die "some merges failed; see $OUTPUT/logs"
fi

run_macro() {
  local macro="$1"; shift
  local args="" a
  for a in "$@"; do
    args+="${args:+,}\"$a\""
  done
  local name
  name="$(basename "$macro" .C)"
  log "macro $name($args)"
  "$ROOT_BIN" -l -b -q "$macro($args)" > "$OUTPUT/logs/$name.log" 2>&1 \
    || { tail -n 20 "$OUTPUT/logs/$name.log" >&2; die "$name failed"; }
}

for f in "$OUTPUT"/*.root; do
  run_macro "$MACROS/make_hists.C" "$f" "$OUTPUT/plots"
done
if [[ -f "$OUTPUT/data.root" && -f "$OUTPUT/mc.root" ]]; then
  run_macro "$MACROS/plot_ratio.C" "$OUTPUT/data.root" "$OUTPUT/mc.root" "$OUTPUT/plots/ratio.pdf"
fi

entries() {
  "$ROOT_BIN" -l -b -q -e "TFile f(\"$1\"); auto t = (TTree*)f.Get(\"events\"); std::cout << (t ? t->GetEntries() : -1) << std::endl;" 2>/dev/null \
    | tail -n 1
}

MANIFEST="$OUTPUT/manifest.tsv"
{
  printf 'sample\tfiles\tentries\tsize\n'
  for f in "$OUTPUT"/*.root; do
    s="$(basename "$f" .root)"
    printf '%s\t%s\t%s\t%s\n' "$s" "${GROUPS_COUNT[$s]:-?}" "$(entries "$f")" "$(du -h "$f" | cut -f1)"
  done
} > "$MANIFEST"
column -t "$MANIFEST" >&2

# Machine-readable copy of the manifest for the dashboard
manifest_json() {
  local first=1 sample files nentries size
  printf '{\n  "input": "%s",\n  "samples": [\n' "${INPUT#$TOP/}"
  while IFS=$'\t' read -r sample files nentries size; do
    [[ "$sample" == "sample" ]] && continue
    (( first )) || printf ',\n'
    first=0
    printf '    {"name": "%s", "files": %s, "entries": %s, "size": "%s"}' \
      "$sample" "${files/\?/null}" "$nentries" "$size"
  done < "$MANIFEST"
  printf '\n  ]\n}\n'
}
manifest_json > "$OUTPUT/manifest.json"

# Compare against the previous manifest if there is one
PREV="$OUTPUT/../manifest.previous.tsv"
if [[ -f "$PREV" ]]; then
  log "changes since previous batch:"
  diff <(sort "$PREV") <(sort "$MANIFEST") >&2 || true
fi
cp -- "$MANIFEST" "$PREV"

# Keep a record of the inputs and the code version that produced them
{
  echo "input: $INPUT"
  echo "date: $(date -Iseconds)"
  echo "git: $(git -C "$TOP" describe --always --dirty 2>/dev/null || echo n/a)"
  echo "root: $("$ROOT_BIN" --version 2>&1 | head -n 1)"
} > "$OUTPUT/PROVENANCE"

# Remove per-sample hadd logs that only contain the banner
for l in "$OUTPUT"/logs/hadd_*.log; do
  if [[ "$(wc -l < "$l")" -le 3 ]]; then
    rm -f -- "$l"
  fi
done

plots=("$OUTPUT"/plots/*.pdf)
log "done: ${#plots[@]} plots in ${OUTPUT#$TOP/}/plots"
