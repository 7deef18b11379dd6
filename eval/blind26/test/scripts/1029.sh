#!/usr/bin/env bash
# seasonal-stats.sh - seasonal means, climatology and trends for the
# precipitation study.
#
# inputs : data/processed/pr_daily_*.nc   (one file per year, mm/day)
# outputs: build/seasonal/
#            pr_seasmean.nc        seasonal means per year (DJF/MAM/JJA/SON)
#            pr_yseasmean.nc       1991-2020 seasonal climatology
#            pr_seasanom.nc        anomalies vs climatology
#            pr_trend_{a,b}.nc     linear trend per grid cell (trend per year)
#            summary.tsv           area means per season and year
#
# usage: tools/seasonal-stats.sh [--years 1991-2024] [--mask config/land_mask.nc] [--keep-tmp]
set -Eeuo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IN_DIR="$HERE/data/processed"
OUT_DIR="$HERE/build/seasonal"
YEARS="1991-2024"
CLIM="1991/2020"
MASK=""
KEEP_TMP=0
TMPD=""

log()   { echo "[$(date +%H:%M:%S)] $*"; }
abort() { echo "[$(date +%H:%M:%S)] ABORT: $*" >&2; exit 1; }

finish() {
  local rc=$?
  if [[ -n "$TMPD" && -d "$TMPD" ]]; then
    if (( KEEP_TMP )); then
      log "intermediate files kept in $TMPD"
    else
      rm -rf -- "$TMPD"
    fi
  fi
  (( rc == 0 )) || echo "seasonal-stats failed (exit $rc)" >&2
}
trap finish EXIT

while (( $# )); do
  case "$1" in
    --years) YEARS="$2"; shift 2 ;;
    --mask) MASK="$2"; shift 2 ;;
    --keep-tmp) KEEP_TMP=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) abort "unknown option $1" ;;
  esac
done

[[ "$YEARS" =~ ^([0-9]{4})-([0-9]{4})$ ]] || abort "--years must look like 1991-2024"
Y0="${BASH_REMATCH[1]}"
Y1="${BASH_REMATCH[2]}"
(( Y1 > Y0 )) || abort "year range is empty"

for tool in cdo ncatted ncks ncdump; do
  command -v "$tool" >/dev/null || abort "$tool not found"
done
if [[ -n "$MASK" ]]; then
  [[ -f "$MASK" ]] || abort "mask file $MASK not found"
fi

TMPD="$(mktemp -d "${TMPDIR:-/tmp}/seasonal.XXXXXX")"
mkdir -p "$OUT_DIR"

collect_inputs() {
  local y f
  for (( y = Y0; y <= Y1; y++ )); do
    f="$IN_DIR/pr_daily_$y.nc"
    if [[ -f "$f" ]]; then
      printf '%s\n' "$f"
    else
      echo "missing year $y" >&2
    fi
  done
}

mapfile -t FILES < <(collect_inputs)
(( ${#FILES[@]} >= 10 )) || abort "need at least 10 years of input, found ${#FILES[@]}"
log "${#FILES[@]} yearly file(s) from $Y0 to $Y1"

check_units() {
  local f units
  for f in "${FILES[@]}"; do
    units="$(ncks --trd -m -v pr "$f" | sed -n 's/.*pr attribute [0-9]*: units, .*value = \(.*\)$/\1/p' | head -n 1)"
    if [[ "$units" != "mm/day" && "$units" != "mm day-1" ]]; then
      abort "$(basename "$f"): pr units are '$units', expected mm/day"
    fi
  done
  log "units ok"
}

merge_inputs() {
  log "merging"
  cdo -s -O mergetime "${FILES[@]}" "$TMPD/pr_all.nc"
  if [[ -n "$MASK" ]]; then
    log "applying land mask"
    cdo -s -O ifthen "$MASK" "$TMPD/pr_all.nc" "$TMPD/pr_masked.nc"
    mv "$TMPD/pr_masked.nc" "$TMPD/pr_all.nc"
  fi
}

seasonal_products() {
  log "seasonal means"
  cdo -s -O seasmean "$TMPD/pr_all.nc" "$OUT_DIR/pr_seasmean.nc"
  log "climatology $CLIM"
  cdo -s -O yseasmean -selyear,"$CLIM" "$TMPD/pr_all.nc" "$OUT_DIR/pr_yseasmean.nc"
  log "anomalies"
  cdo -s -O yseassub "$OUT_DIR/pr_seasmean.nc" "$OUT_DIR/pr_yseasmean.nc" "$OUT_DIR/pr_seasanom.nc"
}

trends() {
  local season
  for season in DJF MAM JJA SON; do
    log "trend $season"
    cdo -s -O selseason,"$season" "$OUT_DIR/pr_seasmean.nc" "$TMPD/pr_$season.nc"
    cdo -s -O trend "$TMPD/pr_$season.nc" "$OUT_DIR/pr_trend_a_$season.nc" "$OUT_DIR/pr_trend_b_$season.nc"
    ncatted -O -a long_name,pr,o,c,"linear trend of $season precipitation (mm/day per year)" \
      "$OUT_DIR/pr_trend_b_$season.nc"
  done
}

annotate() {
  local f rev
  rev="$(git -C "$HERE" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  for f in "$OUT_DIR"/*.nc; do
    ncatted -O -h \
      -a history_pipeline,global,o,c,"tools/seasonal-stats.sh @ $rev, years $YEARS" \
      -a climatology_period,global,o,c,"${CLIM/\//-}" \
      "$f"
  done
}

summary_table() {
  local out="$OUT_DIR/summary.tsv"
  printf 'date\tseason_mean_mm_day\n' >"$out"
  cdo -s -outputtab,date,value -fldmean "$OUT_DIR/pr_seasmean.nc" \
    | awk 'NR > 1 && $1 !~ /^#/ { printf "%s\t%.3f\n", $1, $2 }' >>"$out"
  log "summary: $(($(wc -l <"$out") - 1)) season(s) in ${out#$HERE/}"
}

quick_check() {
  local f bad=0
  for f in "$OUT_DIR"/*.nc; do
    if ! ncdump -h "$f" >/dev/null 2>&1; then
      echo "unreadable: $f" >&2
      bad=$((bad + 1))
    fi
  done
  (( bad == 0 )) || abort "$bad unreadable output file(s)"
  log "all outputs readable"
}

remove_stale() {
  # products from an older layout of this script
  local old
  for old in "$OUT_DIR"/pr_trend_[ab].nc "$OUT_DIR"/pr_seasanom_*.nc; do
    [[ -e "$old" ]] || continue
    rm -f -- "$old"
    log "removed stale $(basename "$old")"
  done
}

record_inputs() {
  # provenance: which input files (and their sizes/mtimes) built this run
  local f
  {
    printf 'file\tbytes\tmodified\n'
    for f in "${FILES[@]}"; do
      printf '%s\t%s\t%s\n' "${f#$HERE/}" "$(stat -c %s "$f")" "$(date -r "$f" +%F)"
    done
  } >"$OUT_DIR/inputs.tsv"
}

check_units
record_inputs
merge_inputs
seasonal_products
trends
annotate
summary_table
quick_check
remove_stale
log "done - products in ${OUT_DIR#$HERE/}"
