#!/usr/bin/env bash
# hocr_batch.sh - page-level OCR with tesseract for the newspaper digitisation
#
#   tools/hocr_batch.sh issues/1923-04-17            # one issue folder of page JPEGs
#   tools/hocr_batch.sh -l deu_latf -p 4 issues/1923-04-*
#   tools/hocr_batch.sh --rebuild issues/1923-04-17  # ignore existing output
#
# For every page image: tesseract -> hOCR + plain text + per-page PDF, then qpdf merges
# the pages of an issue into output/<issue>/<issue>.pdf. Word confidences from the hOCR
# are summarised so the QA team can pick pages for manual correction. Output is written
# to output/<issue>/ and the per-issue temp folder is always removed.
set -Eeuo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
LANGS=deu_latf+deu
PARALLEL=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
REBUILD=0
PSM=3
LOW_CONF=70
declare -a ISSUES=()
WORKDIRS=()

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

cleanup() {
  local d
  for d in "${WORKDIRS[@]}"; do
    [[ -d $d ]] && rm -rf -- "$d"
  done
}
trap cleanup EXIT
trap 'die "interrupted"' INT TERM

while (( $# )); do
  case $1 in
    -l) LANGS=$2; shift 2 ;;
    -p) PARALLEL=$2; shift 2 ;;
    --psm) PSM=$2; shift 2 ;;
    --rebuild) REBUILD=1; shift ;;
    --low) LOW_CONF=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | cut -c3-; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) ISSUES+=("$1"); shift ;;
  esac
done
(( ${#ISSUES[@]} )) || die "no issue folders given"

for t in tesseract qpdf awk xargs; do
  command -v "$t" >/dev/null || die "missing tool: $t"
done
installed=$(tesseract --list-langs 2>/dev/null | tail -n +2 | tr '\n' ' ')
IFS='+' read -r -a wanted <<<"$LANGS"
for l in "${wanted[@]}"; do
  [[ " $installed " == *" $l "* ]] || die "tesseract language $l not installed (have: $installed)"
done

ocr_page() {
  # $1 = image, $2 = work dir; writes <stem>.hocr/.txt/.pdf into the work dir
  local img=$1 work=$2 stem
  stem=$(basename "${img%.*}")
  OMP_THREAD_LIMIT=1 tesseract "$img" "$work/$stem" -l "$LANGS" --psm "$PSM" \
    -c hocr_font_info=0 hocr txt pdf >"$work/$stem.log" 2>&1 \
    || { echo "FAILED $stem: $(tail -n1 "$work/$stem.log")" >&2; return 1; }
}
export -f ocr_page
export LANGS PSM

confidence() {
  # mean x_wconf of all words in an hOCR file
  grep -o "x_wconf [0-9]\+" "$1" | awk '{s += $2; n++} END {if (n) printf "%.1f", s / n; else print "0"}'
}

issue_done() {
  local out=$1
  [[ -f $out/done.json && $REBUILD -eq 0 ]]
}

process_issue() {
  local dir=$1 issue out work
  issue=$(basename "$dir")
  out="$ROOT/output/$issue"
  if issue_done "$out"; then
    log "$issue: already done"
    return 0
  fi
  shopt -s nullglob nocaseglob
  local -a pages=("$dir"/*.jpg "$dir"/*.jpeg "$dir"/*.tif "$dir"/*.png)
  shopt -u nocaseglob
  (( ${#pages[@]} )) || { log "$issue: no page images"; return 0; }
  work=$(mktemp -d "${TMPDIR:-/tmp}/hocr-$issue.XXXXXX")
  WORKDIRS+=("$work")
  log "$issue: ${#pages[@]} page(s), $PARALLEL parallel"
  printf '%s\0' "${pages[@]}" | xargs -0 -n 1 -P "$PARALLEL" -I{} bash -c 'ocr_page "$1" "$2"' _ {} "$work" \
    || die "$issue: OCR failed for at least one page"
  mkdir -p "$out/hocr" "$out/text"
  local -a pdfs=()
  local p stem
  for p in "${pages[@]}"; do
    stem=$(basename "${p%.*}")
    pdfs+=("$work/$stem.pdf")
    mv -f -- "$work/$stem.hocr" "$out/hocr/"
    mv -f -- "$work/$stem.txt" "$out/text/"
  done
  qpdf --empty --pages "${pdfs[@]}" -- --linearize "$work/$issue.pdf"
  mv -f -- "$work/$issue.pdf" "$out/$issue.pdf"
  write_quality "$issue" "$out"
  rm -rf -- "$work"
}

write_quality() {
  local issue=$1 out=$2 f stem conf low=0 total=0
  {
    printf 'page\tmean_conf\n'
    for f in "$out"/hocr/*.hocr; do
      stem=$(basename "$f" .hocr)
      conf=$(confidence "$f")
      printf '%s\t%s\n' "$stem" "$conf"
      total=$((total + 1))
      if awk -v c="$conf" -v l="$LOW_CONF" 'BEGIN {exit !(c < l)}'; then
        low=$((low + 1))
      fi
    done
  } > "$out/quality.tsv"
  printf '{"issue":"%s","pages":%d,"low_confidence_pages":%d,"threshold":%s,"langs":"%s","finished":"%s"}\n' \
    "$issue" "$total" "$low" "$LOW_CONF" "$LANGS" "$(date -Is)" > "$out/done.json"
  log "$issue: $total page(s), $low below confidence $LOW_CONF"
}

index_all() {
  # concatenated plain text per issue for the full-text search loader
  local out
  for out in "$ROOT"/output/*/; do
    [[ -f $out/done.json ]] || continue
    cat "$out"/text/*.txt > "$out/fulltext.txt"
  done
  find "$ROOT/output" -maxdepth 2 -name done.json -newer "$ROOT/output/.last-index" 2>/dev/null \
    | sed 's#/done.json$##; s#.*/##' > "$ROOT/output/changed-issues.txt" || true
  touch "$ROOT/output/.last-index"
}

preflight_images() {
  # reject images that tesseract handles badly: too small, CMYK JPEGs, 1-bit PNGs
  local dir=$1 img w h bad=0
  command -v identify >/dev/null || return 0
  for img in "$dir"/*.{jpg,jpeg,tif,png}; do
    [[ -e $img ]] || continue
    read -r w h < <(identify -format '%w %h\n' "$img" 2>/dev/null | head -n1)
    if [[ -z ${w:-} ]]; then
      log "$(basename "$img"): unreadable image"
      bad=$((bad + 1))
    elif (( w < 1500 || h < 1500 )); then
      log "$(basename "$img"): only ${w}x${h}px; OCR quality will be poor"
    fi
    if identify -format '%[colorspace]' "$img" 2>/dev/null | grep -q CMYK; then
      log "$(basename "$img"): CMYK colour space; convert to sRGB first"
      bad=$((bad + 1))
    fi
  done
  return "$bad"
}

qa_list() {
  # pages below the confidence threshold across all issues, worst first
  local f
  for f in "$ROOT"/output/*/quality.tsv; do
    [[ -f $f ]] || continue
    awk -F'\t' -v issue="$(basename "$(dirname "$f")")" -v l="$LOW_CONF" \
      'NR > 1 && $2 < l {print $2 "\t" issue "\t" $1}' "$f"
  done | sort -n > "$ROOT/output/qa-pages.tsv"
  log "QA list: $(wc -l < "$ROOT/output/qa-pages.tsv" | tr -d ' ') page(s) in output/qa-pages.tsv"
}

mkdir -p "$ROOT/output"
for issue_dir in "${ISSUES[@]}"; do
  [[ -d $issue_dir ]] && { preflight_images "$issue_dir" || die "fix the images in $issue_dir first"; }
done
failed=0
for issue_dir in "${ISSUES[@]}"; do
  [[ -d $issue_dir ]] || { log "skipping $issue_dir (not a folder)"; continue; }
  process_issue "$issue_dir" || failed=$((failed + 1))
done
index_all
qa_list
(( failed == 0 )) || die "$failed issue(s) failed"
log "done"
