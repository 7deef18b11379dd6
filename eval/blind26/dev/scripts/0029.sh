#!/usr/bin/env bash
# climate-pipeline.sh - build the regional temperature/precipitation products.
#
# Input : data/raw/era5/*.nc          (downloaded by tools/download_era5.py)
# Output: build/products/<region>/    (monthly means, climatology, anomalies)
#
# Steps
#   1. sanity-check inputs with ncdump -h (variables, units)
#   2. select the region box and remap to the project grid (config/grid.txt)
#   3. merge in time, convert units (K -> degC, m -> mm)
#   4. monthly means, 1991-2020 climatology, anomalies
#   5. add provenance attributes with ncatted, compress with nccopy
#
# Usage: tools/climate-pipeline.sh [-r region] [-j jobs] [--force] [--keep-work]
set -euo pipefail
IFS=$'\n\t'

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RAW="$ROOT/data/raw/era5"
GRID="$ROOT/config/grid.txt"
REGIONS="$ROOT/config/regions.txt"
REGION="alps"
JOBS="$(nproc 2>/dev/null || echo 2)"
FORCE=0
KEEP_WORK=0
WORK=""

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

cleanup() {
  local rc=$?
  if [[ -n "$WORK" && -d "$WORK" ]]; then
    if (( KEEP_WORK )); then
      log "keeping work dir $WORK"
    else
      rm -rf -- "$WORK"
    fi
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT

usage() { sed -n '2,15p' "$0" | cut -c3-; exit "${1:-0}"; }

while (( $# )); do
  case "$1" in
    -r|--region) REGION="$2"; shift 2 ;;
    -j|--jobs) JOBS="$2"; shift 2 ;;
    --force) FORCE=1; shift ;;
    --keep-work) KEEP_WORK=1; shift ;;
    -h|--help) usage 0 ;;
    *) die "unknown argument $1" ;;
  esac
done

for tool in cdo ncdump ncatted nccopy ncks; do
  command -v "$tool" >/dev/null || die "$tool not found (conda env 'climate'?)"
done
[[ -f "$GRID" ]] || die "missing config/grid.txt"

OUT="$ROOT/build/products/$REGION"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/climate-$REGION.XXXXXX")"
mkdir -p "$OUT"

region_box() {
  # regions.txt: name lon1 lon2 lat1 lat2
  local name lon1 lon2 lat1 lat2
  while read -r name lon1 lon2 lat1 lat2; do
    [[ "$name" == "$REGION" ]] && { echo "$lon1,$lon2,$lat1,$lat2"; return 0; }
  done < <(grep -v '^#' "$REGIONS")
  return 1
}

check_input() {
  local f="$1" header
  header="$(ncdump -h "$f")"
  grep -q 't2m(' <<<"$header" || { log "skip $f: no t2m"; return 1; }
  grep -q 'tp(' <<<"$header" || { log "skip $f: no tp"; return 1; }
  grep -q 't2m:units = "K"' <<<"$header" || { log "skip $f: t2m not in K"; return 1; }
  return 0
}
export -f check_input log

BOX="$(region_box)" || die "region $REGION not in config/regions.txt"
log "region $REGION box $BOX, $JOBS jobs"

mapfile -t INPUTS < <(find "$RAW" -maxdepth 1 -name '*.nc' -print | sort)
(( ${#INPUTS[@]} )) || die "no input files in ${RAW#$ROOT/}"
log "${#INPUTS[@]} input files"

# 1+2: check and cut/remap each month in parallel
printf '%s\0' "${INPUTS[@]}" | xargs -0 -P "$JOBS" -I{} bash -c '
  f="$1"; work="$2"; box="$3"; grid="$4"
  check_input "$f" || exit 0
  out="$work/$(basename "$f" .nc).remap.nc"
  cdo -s -O remapbil,"$grid" -sellonlatbox,"$box" "$f" "$out"
' _ {} "$WORK" "$BOX" "$GRID"

mapfile -t CUT < <(find "$WORK" -name '*.remap.nc' | sort)
(( ${#CUT[@]} )) || die "no usable inputs after checks"

MERGED="$WORK/merged.nc"
log "merging ${#CUT[@]} files"
cdo -s -O mergetime "${CUT[@]}" "$MERGED"

# 3: unit conversion into a new file; variable metadata updated afterwards
CONVERTED="$WORK/converted.nc"
cdo -s -O -expr,'t2m=t2m-273.15;tp=tp*1000' "$MERGED" "$CONVERTED"
ncatted -O -a units,t2m,o,c,"degC" -a units,tp,o,c,"mm" "$CONVERTED"

build_product() {
  local name="$1"; shift
  local target="$OUT/$name.nc"
  if [[ -f "$target" && $FORCE -eq 0 ]]; then
    log "$name exists (use --force to rebuild)"
    return 0
  fi
  log "building $name"
  "$@" "$WORK/$name.tmp.nc"
  nccopy -d 4 -s "$WORK/$name.tmp.nc" "$target"
  ncatted -O -h \
    -a source,global,o,c,"ERA5 via Copernicus CDS" \
    -a pipeline,global,o,c,"tools/climate-pipeline.sh $(git -C "$ROOT" rev-parse --short HEAD)" \
    -a region,global,o,c,"$REGION $BOX" \
    "$target"
}

# 4: products
build_product monthly_mean cdo -s -O monmean "$CONVERTED"
build_product climatology_1991_2020 cdo -s -O ymonmean -selyear,1991/2020 "$OUT/monthly_mean.nc"
build_product anomalies cdo -s -O ymonsub "$OUT/monthly_mean.nc" "$OUT/climatology_1991_2020.nc"
build_product annual_mean cdo -s -O yearmean "$OUT/monthly_mean.nc"

# 5: quick summary for the notebook
SUMMARY="$OUT/summary.txt"
{
  echo "region: $REGION ($BOX)"
  echo "inputs: ${#CUT[@]} of ${#INPUTS[@]} files"
  echo "time range: $(cdo -s showdate "$OUT/monthly_mean.nc" | awk '{print $1" .. "$NF}')"
  echo "products:"
  for f in "$OUT"/*.nc; do
    printf '  %-32s %8s\n' "$(basename "$f")" "$(du -h "$f" | cut -f1)"
  done
  echo "regional mean t2m anomaly, last 12 months:"
  cdo -s -outputtab,date,value -fldmean -seltimestep,-12/-1 -selname,t2m "$OUT/anomalies.nc" \
    | tail -n 12 | sed 's/^/  /'
} >"$SUMMARY"

log "products in ${OUT#$ROOT/}"
cat "$SUMMARY"

# optional: verify that every product opens cleanly and has the time axis
bad=0
for f in "$OUT"/*.nc; do
  if ! ncks -m "$f" >/dev/null 2>&1; then
    log "cannot read ${f#$ROOT/}"
    bad=$((bad + 1))
  fi
done
(( bad == 0 )) || die "$bad product(s) unreadable"

# quick-look PNG of the last anomaly month, if ncview-style plotting is available
plot_last_month() {
  command -v python3 >/dev/null || return 0
  python3 - "$OUT/anomalies.nc" "$OUT/anomaly_last_month.png" <<'PY' || log "plot skipped"
import sys
import xarray as xr
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

src, dst = sys.argv[1], sys.argv[2]
ds = xr.open_dataset(src)
last = ds["t2m"].isel(time=-1)
fig, ax = plt.subplots(figsize=(7, 5))
last.plot(ax=ax, cmap="RdBu_r", center=0)
ax.set_title(f"t2m anomaly {str(last.time.values)[:7]}")
fig.savefig(dst, dpi=120, bbox_inches="tight")
PY
}
plot_last_month

# remove stale products from regions that no longer exist in regions.txt
for dir in "$ROOT"/build/products/*/; do
  name="$(basename "$dir")"
  if ! grep -q "^$name " "$REGIONS"; then
    log "removing stale products for $name"
    rm -rf -- "$ROOT/build/products/$name"
  fi
done

log "done"
