#!/usr/bin/env bash
# Batch RTK post-processing of the field campaign with RTKLIB.
#
# For every rover RINEX observation file in data/rinex/<campaign>/rover/ this
# script finds the base station file of the same day, the broadcast
# navigation file, runs `rnx2rtkp` with conf/rtk/<profile>.conf and writes
# build/sol/<campaign>/<rover>.pos plus a short quality summary (fix ratio,
# number of epochs, mean position of fixed epochs).
#
#   tools/rtk-batch.sh campaign-2024-05
#   tools/rtk-batch.sh campaign-2024-05 --profile kinematic -j 4
#   tools/rtk-batch.sh campaign-2024-05 --clean      # remove our previous outputs first
set -Eeuo pipefail
shopt -s nullglob

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CAMPAIGN=${1:-}
shift || true
PROFILE=static
JOBS=2
CLEAN=0

log() { printf '[rtk] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --profile) PROFILE=$2; shift 2 ;;
    -j) JOBS=$2; shift 2 ;;
    --clean) CLEAN=1; shift ;;
    *) die "unknown option $1" ;;
  esac
done

[[ -n "$CAMPAIGN" ]] || die "usage: tools/rtk-batch.sh <campaign> [--profile p] [-j n] [--clean]"
[[ "$CAMPAIGN" =~ ^[A-Za-z0-9._-]+$ ]] || die "campaign name contains unexpected characters"

DATA="$ROOT/data/rinex/$CAMPAIGN"
CONF="$ROOT/conf/rtk/$PROFILE.conf"
OUT="$ROOT/build/sol/$CAMPAIGN"

[[ -d "$DATA/rover" ]] || die "missing $DATA/rover"
[[ -d "$DATA/base" ]] || die "missing $DATA/base"
[[ -f "$CONF" ]] || die "missing profile $CONF"
command -v rnx2rtkp >/dev/null || die "rnx2rtkp not found (apt install rtklib)"

if [[ $CLEAN -eq 1 && -d "$OUT" ]]; then
  case "$OUT" in
    "$ROOT"/build/sol/*) rm -rf -- "$OUT"; log "removed previous outputs in ${OUT#"$ROOT"/}" ;;
    *) die "refusing to clean $OUT" ;;
  esac
fi
mkdir -p "$OUT"

# RINEX 2 short names: ssssdddf.yyo  ->  day-of-year is characters 5-7
doy_of() {
  local name
  name=$(basename "$1")
  if [[ "$name" =~ ^[a-z0-9]{4}([0-9]{3})[0-9a-x]\.[0-9]{2}[oO]$ ]]; then
    printf '%s\n' "${BASH_REMATCH[1]}"
  elif [[ "$name" =~ _([0-9]{4})([0-9]{3})[0-9]{4}_ ]]; then
    # RINEX 3 long names: SITE00CCC_R_YYYYDDDHHMM_...
    printf '%s\n' "${BASH_REMATCH[2]}"
  else
    return 1
  fi
}

find_base() {
  local doy=$1 f
  for f in "$DATA"/base/*; do
    [[ "$(doy_of "$f" 2>/dev/null)" == "$doy" ]] && { printf '%s\n' "$f"; return 0; }
  done
  return 1
}

find_nav() {
  local doy=$1 f
  for f in "$DATA"/nav/brdc"$doy"*.[0-9][0-9][nNpP] "$DATA"/nav/*_"$doy"*_MN.rnx "$DATA"/nav/brdc*.nav; do
    [[ -f "$f" ]] && { printf '%s\n' "$f"; return 0; }
  done
  return 1
}

summarise() {
  local pos=$1
  awk '
    /^%/ {next}
    NF >= 6 {
      n++
      if ($6 == 1) { fixed++; lat += $3; lon += $4; h += $5 }
      else if ($6 == 2) float++
    }
    END {
      if (n == 0) { print "no epochs"; exit }
      printf "epochs=%d fixed=%d (%.1f%%) float=%d", n, fixed, 100 * fixed / n, float
      if (fixed > 0) printf " mean=%.9f,%.9f,%.4f", lat / fixed, lon / fixed, h / fixed
      printf "\n"
    }' "$pos"
}

process_one() {
  local rover=$1
  local name doy base nav pos logf
  name=$(basename "$rover")
  name=${name%.*}
  doy=$(doy_of "$rover") || { log "skip $(basename "$rover"): cannot parse day of year"; return 0; }
  base=$(find_base "$doy") || { log "skip $name: no base file for day $doy"; return 0; }
  nav=$(find_nav "$doy") || { log "skip $name: no navigation file for day $doy"; return 0; }
  pos="$OUT/$name.pos"
  logf="$OUT/$name.log"
  if rnx2rtkp -k "$CONF" -o "$pos" "$rover" "$base" "$nav" > "$logf" 2>&1; then
    printf '%-24s %s\n' "$name" "$(summarise "$pos")"
  else
    printf '%-24s FAILED (see %s)\n' "$name" "${logf#"$ROOT"/}"
  fi
}

export -f process_one doy_of find_base find_nav summarise log
export DATA CONF OUT ROOT

rovers=("$DATA"/rover/*)
[[ ${#rovers[@]} -gt 0 ]] || die "no rover files in ${DATA#"$ROOT"/}/rover"
log "processing ${#rovers[@]} rover file(s) with profile '$PROFILE' (-j $JOBS)"

printf '%s\0' "${rovers[@]}" \
  | xargs -0 -n1 -P "$JOBS" bash -c 'process_one "$1"' _ \
  | sort | tee "$OUT/summary.txt"

failed=$(grep -c FAILED "$OUT/summary.txt" || true)
total=$(wc -l < "$OUT/summary.txt")
log "done: $total processed, $failed failed; solutions in ${OUT#"$ROOT"/}"

# convert the fixed solutions to GPX for a quick look in any map viewer
if command -v gpsbabel >/dev/null; then
  for pos in "$OUT"/*.pos; do
    awk '!/^%/ && NF >= 6 && $6 == 1 {printf "%s,%s,%s\n", $3, $4, $5}' "$pos" > "${pos%.pos}.csv"
    if [[ -s "${pos%.pos}.csv" ]]; then
      gpsbabel -i unicsv -f "${pos%.pos}.csv" -o gpx -F "${pos%.pos}.gpx" 2>/dev/null \
        || log "gpsbabel failed for $(basename "$pos")"
    fi
    rm -f "${pos%.pos}.csv"
  done
  log "GPX previews written next to the .pos files"
fi

write_report() {
  # markdown summary for the campaign wiki page
  local report="$OUT/REPORT.md"
  {
    printf '# RTK post-processing: %s\n\n' "$CAMPAIGN"
    printf -- '- profile: `%s`\n' "$PROFILE"
    printf -- '- rtklib: %s\n' "$(rnx2rtkp 2>&1 | head -n1 | tr -d '\r' || echo unknown)"
    printf -- '- generated: %s\n\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    printf '| rover | epochs | fixed | fix ratio |\n|---|---|---|---|\n'
    awk '
      /FAILED/ { printf "| %s | - | - | failed |\n", $1; next }
      {
        e = f = r = "-"
        for (i = 2; i <= NF; i++) {
          if ($i ~ /^epochs=/) { split($i, a, "="); e = a[2] }
          if ($i ~ /^fixed=/) { split($i, a, "="); f = a[2] }
          if ($i ~ /^\(/) { r = $i; gsub(/[()]/, "", r) }
        }
        printf "| %s | %s | %s | %s |\n", $1, e, f, r
      }' "$OUT/summary.txt"
    printf '\nRover files with a fix ratio below 80%% should be re-processed with the\n'
    printf '`kinematic` profile or checked for cycle slips (see docs/rtk.md).\n'
  } > "$report.tmp"
  mv "$report.tmp" "$report"
  log "report written to ${report#"$ROOT"/}"
}

write_report

# keep the log files of successful runs only when asked; they are large
if [[ "${RTK_KEEP_LOGS:-0}" != 1 ]]; then
  for logf in "$OUT"/*.log; do
    base=$(basename "$logf" .log)
    grep -q "^$base .*FAILED" "$OUT/summary.txt" || rm -f -- "$logf"
  done
fi
[[ $failed -eq 0 ]]
