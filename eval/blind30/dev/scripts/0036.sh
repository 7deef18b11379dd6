#!/bin/sh
# Batch runner for the econometrics course materials (gretl + PSPP).
#
#   sh tools/run_models.sh            # run everything under models/ and syntax/
#   sh tools/run_models.sh -k         # keep the scratch folder for debugging
#   sh tools/run_models.sh -o out     # write results below out/ instead of build/
#
# gretl scripts (*.inp) run with `gretlcli -b`, PSPP syntax (*.sps) with `pspp -b`.
# Every script runs in its own copy of data/ so scripts that write temporary files
# cannot interfere with each other. Outputs are collected into build/models/<name>/.
# POSIX sh on purpose: the course VMs only have dash.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT="$ROOT/build/models"
KEEP=0
SCRATCH=""
FAILED=0
RUN=0

log() { printf '%s run_models: %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { printf 'run_models: %s\n' "$*" >&2; exit 1; }

cleanup() {
  if [ -n "$SCRATCH" ] && [ -d "$SCRATCH" ]; then
    if [ "$KEEP" -eq 1 ]; then
      log "scratch kept in $SCRATCH"
    else
      rm -rf "$SCRATCH"
    fi
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

while getopts 'ko:h' opt; do
  case "$opt" in
    k) KEEP=1 ;;
    o) OUT="$ROOT/$OPTARG" ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "see -h" ;;
  esac
done

have() { command -v "$1" >/dev/null 2>&1; }
have gretlcli || log "gretlcli not found, gretl scripts will be skipped"
have pspp || log "pspp not found, PSPP syntax will be skipped"

case "$OUT" in
  "$ROOT"/build/*|"$ROOT"/out/*|"$ROOT"/out) ;;
  *) die "output directory must be inside build/ or out/" ;;
esac

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/models.XXXXXX")
mkdir -p "$OUT"
SUMMARY="$OUT/summary.txt"
: > "$SUMMARY.tmp"

prepare_workdir() {
  name=$1
  work="$SCRATCH/$name"
  mkdir -p "$work"
  # copy (not link) so scripts that overwrite data files only touch their copy
  cp -R "$ROOT/data/." "$work/"
  printf '%s\n' "$work"
}

collect() {
  name=$1
  work=$2
  dest="$OUT/$name"
  rm -rf "$dest"
  mkdir -p "$dest"
  for pattern in '*.txt' '*.csv' '*.png' '*.pdf' '*.gdt' '*.spv' '*.html' '*.log'; do
    for f in "$work"/$pattern; do
      [ -e "$f" ] || continue
      # skip the input data we copied in
      base=$(basename "$f")
      if [ -e "$ROOT/data/$base" ] && cmp -s "$f" "$ROOT/data/$base"; then
        continue
      fi
      cp "$f" "$dest/"
    done
  done
}

check_gretl_output() {
  # gretlcli -b returns 0 even after some errors; look for them in the output
  output=$1
  if grep -q '^Error executing script' "$output" || grep -q '^\*\*\* error' "$output"; then
    return 1
  fi
  return 0
}

run_gretl() {
  script=$1
  name=$(basename "$script" .inp)
  work=$(prepare_workdir "gretl-$name")
  cp "$script" "$work/"
  start=$(date +%s)
  status=ok
  if ! (cd "$work" && gretlcli -b "$(basename "$script")" > "$work/$name.out.txt" 2>&1); then
    status=failed
  elif ! check_gretl_output "$work/$name.out.txt"; then
    status=script-error
  fi
  collect "gretl-$name" "$work"
  printf '%-36s %-14s %5ss\n' "gretl/$name" "$status" $(( $(date +%s) - start )) >> "$SUMMARY.tmp"
  RUN=$((RUN + 1))
  [ "$status" = ok ] || FAILED=$((FAILED + 1))
  log "gretl $name: $status"
}

run_pspp() {
  syntax=$1
  name=$(basename "$syntax" .sps)
  work=$(prepare_workdir "pspp-$name")
  cp "$syntax" "$work/"
  start=$(date +%s)
  status=ok
  if ! (cd "$work" && pspp -b -O format=txt -o "$name.out.txt" \
          -o "$name.spv" "$(basename "$syntax")" > "$work/$name.log" 2>&1); then
    status=failed
  elif grep -q '^error:' "$work/$name.log"; then
    status=syntax-error
  fi
  collect "pspp-$name" "$work"
  printf '%-36s %-14s %5ss\n' "pspp/$name" "$status" $(( $(date +%s) - start )) >> "$SUMMARY.tmp"
  RUN=$((RUN + 1))
  [ "$status" = ok ] || FAILED=$((FAILED + 1))
  log "pspp $name: $status"
}

extract_coefficients() {
  # Pull the coefficient tables of the OLS models into one CSV for the slides.
  csv="$OUT/coefficients.csv"
  printf 'model,variable,coefficient,std_error\n' > "$csv.tmp"
  for f in "$OUT"/gretl-*/*.out.txt; do
    [ -e "$f" ] || continue
    model=$(basename "$(dirname "$f")" | sed 's/^gretl-//')
    awk -v m="$model" '
      /coefficient +std\. error/ { in_tab = 1; next }
      in_tab && NF == 0 { in_tab = 0 }
      in_tab && $1 !~ /^-+$/ && NF >= 3 { printf "%s,%s,%s,%s\n", m, $1, $2, $3 }
    ' "$f" >> "$csv.tmp"
  done
  mv "$csv.tmp" "$csv"
  log "coefficients: $(($(wc -l < "$csv") - 1)) row(s) in ${csv#$ROOT/}"
}

compare_reference() {
  # The teaching team keeps reference coefficients in models/reference.csv; warn on drift.
  ref="$ROOT/models/reference.csv"
  cur="$OUT/coefficients.csv"
  [ -f "$ref" ] && [ -f "$cur" ] || return 0
  drift=$(awk -F, '
    NR == FNR { if (FNR > 1) want[$1 "," $2] = $3; next }
    FNR > 1 && ($1 "," $2) in want {
      d = $3 - want[$1 "," $2]; if (d < 0) d = -d
      if (d > 0.0005) { printf "%s %s: %s vs %s\n", $1, $2, $3, want[$1 "," $2] }
    }' "$ref" "$cur")
  if [ -n "$drift" ]; then
    log "coefficients differ from models/reference.csv:"
    printf '%s\n' "$drift" | sed 's/^/    /'
  else
    log "coefficients match the reference"
  fi
}

if have gretlcli; then
  for script in "$ROOT"/models/*.inp; do
    [ -e "$script" ] || continue
    run_gretl "$script"
  done
fi
if have pspp; then
  for syntax in "$ROOT"/syntax/*.sps; do
    [ -e "$syntax" ] || continue
    run_pspp "$syntax"
  done
fi

{
  printf 'model runs on %s (%s)\n\n' "$(hostname)" "$(date '+%Y-%m-%d %H:%M')"
  cat "$SUMMARY.tmp"
  printf '\n%d run, %d failed\n' "$RUN" "$FAILED"
} > "$SUMMARY"
rm -f "$SUMMARY.tmp"
extract_coefficients
compare_reference
cat "$SUMMARY"
[ "$FAILED" -eq 0 ]
