#!/usr/bin/env bash
# Batch CASA imaging for the VLA continuum project.
#
#   reduction/image_all.sh [-l list.txt] [-j 2] [--clean-products] [--dry-run]
#
# For every measurement set named in the list (default: reduction/ms_list.txt)
# run `casa --nogui --nologger -c reduction/scripts/tclean_cont.py <ms> <outdir>`
# with a per-MS log file, up to -j concurrent CASA processes. CASA leaves
# ipython/log droppings in the working directory, so every job gets its own
# work dir under build/casa_work/ which is removed afterwards.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LIST="$ROOT/reduction/ms_list.txt"
JOBS=2
CLEAN_PRODUCTS=0
DRY=0
CASA_BIN="${CASA_BIN:-casa}"
SCRIPT="$ROOT/reduction/scripts/tclean_cont.py"
OUT="$ROOT/build/images"
WORK="$ROOT/build/casa_work"
LOGS="$ROOT/build/casa_logs"

log() { echo "[$(date +%T)] $*"; }
die() { echo "[$(date +%T)] fatal: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -l) LIST="$2"; shift 2 ;;
    -j) JOBS="$2"; shift 2 ;;
    --clean-products) CLEAN_PRODUCTS=1; shift ;;
    --dry-run) DRY=1; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
done

[[ -f "$LIST" ]] || die "no MS list at $LIST"
[[ -f "$SCRIPT" ]] || die "missing $SCRIPT"
command -v "$CASA_BIN" >/dev/null || die "casa not on PATH (module load casa/6.6)"
[[ "$JOBS" =~ ^[1-9]$ ]] || die "-j must be 1-9 (each CASA job needs ~20 GB RAM)"

mkdir -p "$OUT" "$WORK" "$LOGS"

if (( CLEAN_PRODUCTS )); then
  log "removing previous CASA products in build/images"
  find "$OUT" -mindepth 1 -maxdepth 1 \( -name '*.image' -o -name '*.residual' -o -name '*.model' \
       -o -name '*.pb' -o -name '*.psf' -o -name '*.sumwt' -o -name '*.fits' \) -exec rm -rf -- {} +
fi

declare -a MS_LIST=()
while IFS= read -r line; do
  line="${line%%#*}"
  line="$(echo "$line" | xargs)"
  [[ -z "$line" ]] && continue
  ms="$ROOT/$line"
  if [[ ! -d "$ms" ]]; then
    log "skip: $line (not found)"
    continue
  fi
  MS_LIST+=("$ms")
done < "$LIST"
(( ${#MS_LIST[@]} )) || die "nothing to image"
log "${#MS_LIST[@]} measurement set(s), $JOBS parallel"

declare -A JOB_OF=()
running=0
failures=0

start_job() {
  local ms="$1" name wd
  name="$(basename "$ms" .ms)"
  wd="$WORK/$name"
  rm -rf -- "$wd"
  mkdir -p "$wd"
  if (( DRY )); then
    log "[dry-run] $CASA_BIN --nogui --nologger -c $SCRIPT $ms $OUT/$name"
    return 0
  fi
  (
    cd "$wd" || exit 1
    "$CASA_BIN" --nogui --nologger --nocrashreport --logfile "$LOGS/$name.casa.log" \
      -c "$SCRIPT" "$ms" "$OUT/$name" > "$LOGS/$name.stdout" 2>&1
  ) &
  JOB_OF[$!]="$name"
  running=$((running + 1))
  log "started $name (pid $!)"
}

finish_one() {
  local pid rc name
  wait -n -p pid
  rc=$?
  name="${JOB_OF[$pid]:-unknown}"
  unset "JOB_OF[$pid]"
  running=$((running - 1))
  if (( rc == 0 )); then
    log "finished $name"
    rm -rf -- "$WORK/$name"
  else
    failures=$((failures + 1))
    log "FAILED $name (rc=$rc); work dir kept: build/casa_work/$name"
    tail -n 15 "$LOGS/$name.stdout" 2>/dev/null | sed 's/^/    /'
  fi
}

cancel_all() {
  local pid
  log "interrupt: stopping ${#JOB_OF[@]} CASA job(s) started here"
  for pid in "${!JOB_OF[@]}"; do
    kill -TERM "$pid" 2>/dev/null
  done
  wait
  exit 130
}
trap cancel_all INT TERM

for ms in "${MS_LIST[@]}"; do
  while (( running >= JOBS )); do
    finish_one
  done
  start_job "$ms"
done
while (( running > 0 )); do
  finish_one
done

(( DRY )) && exit 0

export_fits() {
  # tclean_cont.py writes <name>.image.pbcor; export FITS with casa's exportfits
  local img name
  for img in "$OUT"/*/*.image.pbcor; do
    [[ -d "$img" ]] || continue
    name="$(basename "$(dirname "$img")")"
    [[ -f "$OUT/$name.fits" ]] && continue
    "$CASA_BIN" --nogui --nologger --nocrashreport --logfile "$LOGS/export_$name.log" \
      -c "exportfits(imagename='$img', fitsimage='$OUT/$name.fits', dropdeg=True)" >/dev/null 2>&1 \
      && log "exported $name.fits" || log "exportfits failed for $name"
  done
}

image_stats() {
  local f
  printf '%-28s %12s %12s\n' "image" "rms(Jy/bm)" "peak(Jy/bm)"
  for f in "$OUT"/*.fits; do
    [[ -f "$f" ]] || continue
    python3 - "$f" <<'PY'
import sys
import numpy as np
from astropy.io import fits
data = np.squeeze(fits.getdata(sys.argv[1]))
finite = data[np.isfinite(data)]
mad = np.median(np.abs(finite - np.median(finite))) * 1.4826
print(f"{sys.argv[1].rsplit('/', 1)[-1]:<28} {mad:12.3e} {finite.max():12.3e}")
PY
  done
}

provenance() {
  # record which CASA and script version produced the images
  {
    echo "date: $(date -Iseconds)"
    echo "casa: $("$CASA_BIN" --version 2>/dev/null | head -n 1)"
    echo "script: ${SCRIPT#$ROOT/} ($(sha256sum "$SCRIPT" | cut -c1-12))"
    echo "git: $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo n/a)"
    echo "measurement sets:"
    printf '  %s\n' "${MS_LIST[@]#$ROOT/}"
  } > "$OUT/PROVENANCE.txt"
}

export_fits
provenance
image_stats | tee "$OUT/stats.txt"

# CASA drops casa-*.log and ipython-*.log into the launch dir when --logfile is ignored
find "$WORK" -maxdepth 1 -type f \( -name 'casa-*.log' -o -name 'ipython-*.log' \) -delete 2>/dev/null
rmdir "$WORK" 2>/dev/null || true

log "images in ${OUT#$ROOT/}, logs in ${LOGS#$ROOT/}; $failures failure(s)"
(( failures == 0 ))
