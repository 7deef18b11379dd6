#!/usr/bin/env bash
# build_rasters.sh - turn the raw survey rasters into web-ready COGs and tiles.
#
# Usage: tools/build_rasters.sh [-j JOBS] [-z MAXZOOM] [-k] [-c] [AREA...]
#   -j JOBS     parallel gdal jobs (default: nproc)
#   -z MAXZOOM  max zoom for the raster tile pyramid (default: 16)
#   -k          keep the intermediate VRT/warped files in build/tmp
#   -c          clean build/ before starting
#   AREA        one or more area names from areas.conf (default: all)
#
# Inputs live in data/raw/<area>/*.tif (as delivered by the survey office).
# Outputs: build/cog/<area>.tif, build/tiles/<area>.pmtiles
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RAW="$ROOT/data/raw"
BUILD="$ROOT/build"
TMP="$BUILD/tmp"
AREAS_CONF="$ROOT/areas.conf"

JOBS="$(nproc 2>/dev/null || echo 4)"
MAXZOOM=16
KEEP=0
CLEAN=0

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while getopts ':j:z:kch' opt; do
  case "$opt" in
    j) JOBS="$OPTARG" ;;
    z) MAXZOOM="$OPTARG" ;;
    k) KEEP=1 ;;
    c) CLEAN=1 ;;
    h) usage 0 ;;
    :) die "option -$OPTARG needs a value" ;;
    \?) usage 2 ;;
  esac
done
shift $((OPTIND - 1))

[[ "$JOBS" =~ ^[0-9]+$ ]] || die "-j expects a number"
[[ "$MAXZOOM" =~ ^[0-9]+$ && "$MAXZOOM" -le 22 ]] || die "-z expects 0..22"

for tool in gdalbuildvrt gdalwarp gdal_translate gdaladdo pmtiles; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool not found (conda env create -f envs/gdal.yaml)"
done

cleanup() {
  local rc=$?
  if [[ $KEEP -eq 0 && -d "$TMP" ]]; then
    rm -rf -- "$TMP"
  fi
  if [[ $rc -ne 0 ]]; then
    log "failed (exit $rc); partial outputs left in $BUILD"
  fi
}
trap cleanup EXIT

# areas.conf lines look like:  city_center  EPSG:25832  2.0  480000 5770000 495000 5785000
declare -A AREA_SRS AREA_RES AREA_EXTENT
read_areas() {
  local name srs res xmin ymin xmax ymax
  while read -r name srs res xmin ymin xmax ymax; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    AREA_SRS[$name]="$srs"
    AREA_RES[$name]="$res"
    AREA_EXTENT[$name]="$xmin $ymin $xmax $ymax"
  done < "$AREAS_CONF"
}

[[ -f "$AREAS_CONF" ]] || die "missing $AREAS_CONF"
read_areas

if [[ $# -eq 0 ]]; then
  mapfile -t SELECTED < <(printf '%s\n' "${!AREA_SRS[@]}" | sort)
else
  SELECTED=("$@")
fi

for a in "${SELECTED[@]}"; do
  [[ -n "${AREA_SRS[$a]:-}" ]] || die "unknown area '$a' (see $AREAS_CONF)"
done

if [[ $CLEAN -eq 1 ]]; then
  # only ever our own output directory
  case "$BUILD" in
    "$ROOT"/build) log "cleaning $BUILD"; rm -rf -- "$BUILD" ;;
    *) die "refusing to clean unexpected path $BUILD" ;;
  esac
fi
mkdir -p "$BUILD/cog" "$BUILD/tiles" "$TMP"

export GDAL_NUM_THREADS="$JOBS"
export GDAL_CACHEMAX=1024
export CPL_LOG_ERRORS=ON

build_vrt() {
  local area="$1" vrt="$TMP/$1.vrt"
  local -a inputs=()
  while IFS= read -r -d '' f; do
    inputs+=("$f")
  done < <(find "$RAW/$area" -maxdepth 1 -type f \( -name '*.tif' -o -name '*.TIF' \) -print0 | sort -z)
  (( ${#inputs[@]} > 0 )) || die "no rasters in $RAW/$area"
  log "$area: ${#inputs[@]} input rasters"
  gdalbuildvrt -q -overwrite -resolution highest "$vrt" "${inputs[@]}"
  printf '%s\n' "$vrt"
}

warp_area() {
  local area="$1" vrt="$2" out="$TMP/$1.warped.tif"
  local -a te
  read -r -a te <<< "${AREA_EXTENT[$area]}"
  gdalwarp -q -overwrite \
    -t_srs "${AREA_SRS[$area]}" -tr "${AREA_RES[$area]}" "${AREA_RES[$area]}" \
    -te "${te[@]}" -r cubic -multi -wo NUM_THREADS="$JOBS" \
    -co TILED=YES -co COMPRESS=DEFLATE -co BIGTIFF=IF_SAFER \
    "$vrt" "$out"
  printf '%s\n' "$out"
}

make_cog() {
  local area="$1" src="$2" cog="$BUILD/cog/$1.tif"
  gdal_translate -q -of COG \
    -co COMPRESS=DEFLATE -co PREDICTOR=2 -co OVERVIEWS=IGNORE_EXISTING \
    -co BLOCKSIZE=512 "$src" "$cog"
  printf '%s\n' "$cog"
}

make_tiles() {
  local area="$1" cog="$2" mb="$TMP/$1.mbtiles" out="$BUILD/tiles/$1.pmtiles"
  gdal_translate -q -of MBTILES -co TILE_FORMAT=WEBP -co QUALITY=85 \
    -co ZOOM_LEVEL_STRATEGY=UPPER "$cog" "$mb"
  gdaladdo -q -r average "$mb" 2 4 8 16 32 64
  pmtiles convert "$mb" "$out" >/dev/null
  printf '%s\n' "$out"
}

summarize() {
  local f size
  printf '\n%-28s %10s\n' "output" "size"
  for f in "$BUILD"/cog/*.tif "$BUILD"/tiles/*.pmtiles; do
    [[ -e "$f" ]] || continue
    size=$(du -h -- "$f" | cut -f1)
    printf '%-28s %10s\n' "${f#"$BUILD"/}" "$size"
  done
}

failed=()
started=$SECONDS
for area in "${SELECTED[@]}"; do
  log "== $area"
  if ! vrt=$(build_vrt "$area"); then failed+=("$area"); continue; fi
  if ! warped=$(warp_area "$area" "$vrt"); then failed+=("$area"); continue; fi
  if ! cog=$(make_cog "$area" "$warped"); then failed+=("$area"); continue; fi
  gdalinfo -stats "$cog" >/dev/null 2>&1 || log "$area: stats failed (non-fatal)"
  if [[ "$MAXZOOM" -gt 0 ]]; then
    make_tiles "$area" "$cog" >/dev/null || failed+=("$area")
  fi
  [[ $KEEP -eq 1 ]] || rm -f -- "$TMP/$area".*
done

write_manifest() {
  local manifest="$BUILD/MANIFEST.sha256"
  : > "$manifest"
  (
    cd "$BUILD"
    for f in cog/*.tif tiles/*.pmtiles; do
      [[ -e "$f" ]] || continue
      sha256sum -- "$f"
    done
  ) >> "$manifest"
  log "manifest: $(wc -l < "$manifest") entries in ${manifest#"$ROOT"/}"
}

summarize
write_manifest
log "finished in $((SECONDS - started))s"
if (( ${#failed[@]} )); then
  die "failed areas: ${failed[*]}"
fi
