#!/usr/bin/env bash
# print-batch.sh - convert and print the weekly handouts for the course.
#
# Reads handouts.list (one path per line, relative to this repo, optional
# "xN" copies suffix), converts office files to PDF with LibreOffice,
# imposes them 2-up with qpdf when asked, and sends them to the department
# printer. Jobs submitted by this script are tracked in .print-jobs so
# `--cancel` only ever cancels our own job ids.
#
#   tools/print-batch.sh [--printer NAME] [--2up] [--dry-run]
#   tools/print-batch.sh --status
#   tools/print-batch.sh --cancel
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LIST="$ROOT/handouts.list"
OUT="$ROOT/build/print"
JOBS_FILE="$ROOT/.print-jobs"
PRINTER="${PRINTER:-}"
TWO_UP=0
DRY_RUN=0
MODE=print

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }
die() { log "error: $*" >&2; exit 1; }

while (( $# )); do
  case "$1" in
    --printer) PRINTER="$2"; shift ;;
    --2up) TWO_UP=1 ;;
    --dry-run|-n) DRY_RUN=1 ;;
    --status) MODE=status ;;
    --cancel) MODE=cancel ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
  shift
done

default_printer() {
  lpstat -d 2>/dev/null | sed -n 's/^system default destination: //p'
}

check_printer() {
  [[ -n "$PRINTER" ]] || PRINTER="$(default_printer)"
  [[ -n "$PRINTER" ]] || die "no printer given and no CUPS default"
  lpstat -p "$PRINTER" >/dev/null 2>&1 || die "CUPS does not know printer '$PRINTER'"
  if lpstat -p "$PRINTER" | grep -q disabled; then
    die "printer $PRINTER is disabled"
  fi
}

LO_PROFILE=""
cleanup() {
  [[ -n "$LO_PROFILE" && -d "$LO_PROFILE" ]] && rm -rf -- "$LO_PROFILE"
  return 0
}
trap cleanup EXIT INT TERM

to_pdf() {
  local src="$1" ext="${1##*.}"
  case "${ext,,}" in
    pdf)
      printf '%s\n' "$src" ;;
    doc|docx|odt|ppt|pptx|odp|xls|xlsx|ods)
      if [[ -z "$LO_PROFILE" ]]; then
        LO_PROFILE="$(mktemp -d "${TMPDIR:-/tmp}/lo-print.XXXXXX")"
      fi
      soffice "-env:UserInstallation=file://$LO_PROFILE" --headless \
        --convert-to pdf --outdir "$OUT" "$src" >/dev/null 2>&1 \
        || die "conversion failed: $src"
      local base
      base="$(basename "${src%.*}")"
      printf '%s\n' "$OUT/$base.pdf" ;;
    *)
      die "unsupported file type: $src" ;;
  esac
}

two_up() {
  local in="$1" out="$OUT/$(basename "${1%.pdf}")-2up.pdf"
  if command -v pdfjam >/dev/null; then
    pdfjam --quiet --nup 2x1 --landscape --outfile "$out" "$in"
  else
    # qpdf cannot impose; fall back to printing 2 pages per sheet via CUPS
    cp -- "$in" "$out"
  fi
  printf '%s\n' "$out"
}

submit() {
  local pdf="$1" copies="$2" title="$3" id
  local -a opts=(-d "$PRINTER" -n "$copies" -t "$title" -o sides=two-sided-long-edge -o media=A4)
  (( TWO_UP )) && opts+=(-o number-up=2)
  if (( DRY_RUN )); then
    log "would run: lp ${opts[*]} $pdf"
    return 0
  fi
  id="$(lp "${opts[@]}" "$pdf" | sed -n 's/^request id is \([^ ]*\).*/\1/p')"
  [[ -n "$id" ]] || die "lp did not return a job id for $pdf"
  printf '%s\t%s\t%s\n' "$id" "$(date +%s)" "$title" >> "$JOBS_FILE"
  log "queued $id ($copies x $title)"
}

status() {
  [[ -f "$JOBS_FILE" ]] || { log "no jobs submitted from here"; return 0; }
  local active
  active="$(lpstat -o 2>/dev/null || true)"
  while IFS=$'\t' read -r id ts title; do
    if grep -q "^$id " <<< "$active"; then
      printf '%-28s %-10s %s\n' "$id" queued "$title"
    else
      printf '%-28s %-10s %s\n' "$id" done "$title"
    fi
  done < "$JOBS_FILE"
}

cancel_ours() {
  [[ -f "$JOBS_FILE" ]] || { log "nothing to cancel"; return 0; }
  local id rest n=0 active
  active="$(lpstat -o 2>/dev/null || true)"
  while IFS=$'\t' read -r id rest; do
    if grep -q "^$id " <<< "$active"; then
      cancel "$id" && n=$((n + 1))
    fi
  done < "$JOBS_FILE"
  : > "$JOBS_FILE"
  log "cancelled $n job(s) submitted by this script"
}

preflight() {
  # show marker (toner) levels if the printer reports them; informational only
  local uri
  uri="$(lpstat -v "$PRINTER" 2>/dev/null | awk '{print $NF}')"
  log "printer $PRINTER at ${uri:-unknown uri}"
  if command -v ipptool >/dev/null && [[ "$uri" == ipp* ]]; then
    ipptool -t "$uri" get-printer-attributes.test 2>/dev/null \
      | grep -E 'marker-(names|levels)' | sed 's/^/    /' || true
  fi
  local queued
  queued="$(lpstat -o "$PRINTER" 2>/dev/null | wc -l)"
  if (( queued > 20 )); then
    log "warning: $queued jobs already queued on $PRINTER"
  fi
}

page_budget() {
  # refuse obviously huge runs; the department charges per page
  local total="$1" limit="${PAGE_LIMIT:-800}"
  if (( total > limit )); then
    die "batch would print ~$total pages (limit $limit); raise PAGE_LIMIT if intended"
  fi
}

print_all() {
  [[ -f "$LIST" ]] || die "missing $LIST"
  check_printer
  preflight
  mkdir -p "$OUT"
  local line path copies pdf total=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%%#*}"
    [[ -z "${line// }" ]] && continue
    copies=1
    if [[ "$line" =~ ^(.*[^[:space:]])[[:space:]]+x([0-9]+)$ ]]; then
      path="${BASH_REMATCH[1]}"
      copies="${BASH_REMATCH[2]}"
    else
      path="$line"
    fi
    [[ "$path" != /* && "$path" != *..* ]] || die "paths must be inside the repo: $path"
    [[ -f "$ROOT/$path" ]] || die "missing file: $path"
    (( copies <= 60 )) || die "$path: $copies copies looks like a typo"
    pdf="$(to_pdf "$ROOT/$path")"
    (( TWO_UP )) && pdf="$(two_up "$pdf")"
    pages="$(qpdf --show-npages "$pdf")"
    total=$((total + pages * copies))
    page_budget "$total"
    submit "$pdf" "$copies" "$(basename "$path")"
  done < "$LIST"
  log "about $total page(s) sent to $PRINTER"
}

case "$MODE" in
  status) status ;;
  cancel) cancel_ours ;;
  print) print_all ;;
esac
