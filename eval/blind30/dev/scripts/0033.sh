#!/usr/bin/env bash
# OCR + redaction pipeline for the records-request team.
#
#   tools/ocr_redact.sh incoming/request-2291      # process one request folder
#   tools/ocr_redact.sh -l deu+eng -j 4 incoming/request-2291
#   tools/ocr_redact.sh --clean                     # remove build/ocr-redact
#
# For every PDF/TIFF/PNG/JPG in the folder:
#   1. ocrmypdf (images are converted with img2pdf first) -> build/ocr-redact/<req>/ocr/
#   2. pdftotext -layout                                   -> .../text/
#   3. redaction of personal data with the patterns in config/redaction.tsv
#      (kind<TAB>extended-regex)                           -> .../redacted/
#   4. counts per kind in .../report.tsv
# Everything is local; nothing is uploaded. Originals are never modified.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out_base="$root/build/ocr-redact"
patterns="$root/config/redaction.tsv"
lang="deu+eng"
jobs="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"
clean=0
tmp=""

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*" >&2; }
die() { log "ERROR $*"; exit 1; }
on_exit() {
  local rc=$?
  [[ -n "$tmp" && -d "$tmp" ]] && rm -rf -- "$tmp"
  (( rc == 0 )) || log "failed with status $rc"
}
trap on_exit EXIT

while getopts ':l:j:h-:' opt; do
  case "$opt" in
    l) lang="$OPTARG" ;;
    j) jobs="$OPTARG" ;;
    h) sed -n '2,16p' "$0"; exit 0 ;;
    -) case "$OPTARG" in
         clean) clean=1 ;;
         *) die "unknown option --$OPTARG" ;;
       esac ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))

if (( clean )); then
  if [[ -d "$out_base" ]]; then
    log "removing ${out_base#$root/}"
    rm -rf -- "$out_base"
  fi
  exit 0
fi

[[ $# -eq 1 ]] || die "usage: $0 [-l langs] [-j jobs] <request-folder>"
src="$(cd "$1" && pwd)"
req="$(basename "$src")"
out="$out_base/$req"
for t in ocrmypdf pdftotext img2pdf sed awk; do
  command -v "$t" >/dev/null || die "$t not installed"
done
[[ -f "$patterns" ]] || die "missing $patterns"
mkdir -p "$out/ocr" "$out/text" "$out/redacted"
tmp="$(mktemp -d)"

# Build one sed script from the pattern table; kinds become the placeholder label.
build_sed() {
  local kind regex
  : > "$tmp/redact.sed"
  while IFS=$'\t' read -r kind regex; do
    [[ -z "$kind" || "$kind" == \#* ]] && continue
    # escape the delimiter we use in the sed script
    regex="${regex//|/\\|}"
    printf 's|%s|[REDACTED:%s]|g\n' "$regex" "$kind" >> "$tmp/redact.sed"
  done < "$patterns"
  log "$(wc -l < "$tmp/redact.sed") redaction pattern(s) loaded"
}

to_pdf() {
  local in=$1 pdf
  case "${in,,}" in
    *.pdf) printf '%s\n' "$in" ;;
    *.tif|*.tiff|*.png|*.jpg|*.jpeg)
      pdf="$tmp/$(basename "${in%.*}").pdf"
      img2pdf --output "$pdf" "$in"
      printf '%s\n' "$pdf" ;;
    *) return 1 ;;
  esac
}

ocr_one() {
  local in=$1 name pdf rc=0
  name="$(basename "${in%.*}")"
  pdf="$(to_pdf "$in")" || { log "skipping $(basename "$in") (unsupported type)"; return 0; }
  if [[ -f "$out/ocr/$name.pdf" && "$out/ocr/$name.pdf" -nt "$in" ]]; then
    log "up to date: $name"
  else
    ocrmypdf --skip-text --rotate-pages --deskew --clean -l "$lang" --jobs 1 \
      --output-type pdf "$pdf" "$tmp/$name.ocr.pdf" > "$tmp/$name.log" 2>&1 || rc=$?
    if (( rc != 0 && rc != 6 )); then
      log "ocrmypdf failed on $name (rc=$rc): $(tail -n1 "$tmp/$name.log")"
      return 1
    fi
    mv -f "$tmp/$name.ocr.pdf" "$out/ocr/$name.pdf"
  fi
  pdftotext -layout -enc UTF-8 "$out/ocr/$name.pdf" "$out/text/$name.txt"
}

redact_one() {
  local txt=$1 name
  name="$(basename "$txt")"
  sed -E -f "$tmp/redact.sed" "$txt" > "$tmp/$name.red"
  mv -f "$tmp/$name.red" "$out/redacted/$name"
}

count_kinds() {
  local f kind
  printf 'file\tkind\tcount\n' > "$out/report.tsv"
  for f in "$out/redacted/"*.txt; do
    [[ -e "$f" ]] || continue
    grep -oE '\[REDACTED:[a-z_]+\]' "$f" | sort | uniq -c | while read -r n kind; do
      kind="${kind#[REDACTED:}"
      printf '%s\t%s\t%s\n' "$(basename "$f")" "${kind%]}" "$n"
    done >> "$out/report.tsv"
  done
}

double_check() {
  # Anything that still looks like an e-mail address or IBAN after redaction is a bug.
  local hits
  hits="$(grep -lE '[[:alnum:]._%+-]+@[[:alnum:].-]+\.[[:alpha:]]{2,}|[A-Z]{2}[0-9]{2}( ?[0-9A-Z]{4}){4}' \
          "$out/redacted/"*.txt 2>/dev/null || true)"
  if [[ -n "$hits" ]]; then
    log "possible unredacted data in:"
    printf '  %s\n' $hits >&2
    return 1
  fi
}

self_test() {
  # Run the redaction script over config/redaction-samples.txt and compare with the
  # expected output, so a broken regex is noticed before real documents are processed.
  local samples="$root/config/redaction-samples.txt"
  local expected="$root/config/redaction-samples.expected"
  [[ -f "$samples" && -f "$expected" ]] || { log "no redaction samples, skipping self-test"; return 0; }
  sed -E -f "$tmp/redact.sed" "$samples" > "$tmp/samples.out"
  if ! diff -u "$expected" "$tmp/samples.out" > "$tmp/samples.diff"; then
    log "redaction self-test failed:"
    head -n 20 "$tmp/samples.diff" >&2
    return 1
  fi
  log "redaction self-test passed"
}

write_manifest() {
  # Which originals produced which outputs, with checksums, for the request file.
  local f
  {
    printf 'original\tsha256\tredacted\n'
    for f in "${inputs[@]}"; do
      local base
      base="$(basename "${f%.*}")"
      printf '%s\t%s\t%s\n' "$(basename "$f")" "$(sha256sum "$f" | cut -d' ' -f1)" \
        "$( [[ -f "$out/redacted/$base.txt" ]] && echo "redacted/$base.txt" || echo '-')"
    done
  } > "$out/manifest.tsv"
}

export -f ocr_one to_pdf log die
export out lang tmp

build_sed
self_test || die "fix config/redaction.tsv first"
mapfile -d '' inputs < <(find "$src" -maxdepth 1 -type f -print0 | sort -z)
log "request $req: ${#inputs[@]} file(s), $jobs parallel job(s)"
failed=0
printf '%s\0' "${inputs[@]}" | xargs -0 -P "$jobs" -I{} bash -c 'ocr_one "$1"' _ {} || failed=1

for txt in "$out/text/"*.txt; do
  [[ -e "$txt" ]] && redact_one "$txt"
done
count_kinds
write_manifest
double_check || failed=1
log "results in ${out#$root/}/redacted; counts in report.tsv"
exit "$failed"
