#!/usr/bin/env bash
# lidar-batch: LAStools processing chain for a delivery of airborne tiles.
#
#   tools/lidar-batch.sh deliveries/2024-05-north       # full chain
#   tools/lidar-batch.sh deliveries/2024-05-north --step ground
#   CORES=12 tools/lidar-batch.sh deliveries/2024-05-north --clean
#
# Chain (outputs under build/lidar/<delivery>/<step>/):
#   index   lasindex   – spatial index next to each *input copy*
#   tiles   lastile    – 1000 m tiles with 25 m buffer
#   noise   lasnoise   – classify isolated points as noise (class 7)
#   ground  lasground_new – ground classification (-town)
#   height  lasheight  – height above ground, drop points > 250 m
#   dtm     las2dem    – 1 m DTM GeoTIFF from ground points
#   info    lasinfo    – per-tile report + summary CSV
# The delivery folder itself is never modified: tiles are copied into
# build/ first (lasindex would otherwise write .lax files into the delivery).
set -Eeuo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cores=${CORES:-$(nproc)}
only_step=""
clean=0

note() { printf '[lidar %s] %s\n' "$(date +%H:%M)" "$*" >&2; }
halt() { note "error: $*"; exit 1; }

[[ $# -ge 1 ]] || halt "usage: $0 deliveries/<name> [--step S] [--clean]"
delivery=$(realpath -- "$1")
shift
while (( $# )); do
  case $1 in
    --step) only_step=$2; shift 2 ;;
    --clean) clean=1; shift ;;
    *) halt "unknown option $1" ;;
  esac
done
[[ $delivery == "$repo/deliveries/"* ]] || halt "delivery must be under deliveries/"
[[ -d $delivery ]] || halt "no such delivery"

name=$(basename -- "$delivery")
work="$repo/build/lidar/$name"
if (( clean )) && [[ -d $work ]]; then
  note "removing previous results in ${work#"$repo"/}"
  rm -rf -- "$work"
fi
mkdir -p -- "$work"/{input,tiles,noise,ground,height,dtm,info}

for t in lasindex lastile lasnoise lasground_new lasheight las2dem lasinfo; do
  command -v "$t" >/dev/null || command -v "$t.exe" >/dev/null || halt "$t not found (LAStools bin on PATH?)"
done

want() { [[ -z $only_step || $only_step == "$1" ]]; }
count() { find "$1" -maxdepth 1 -name '*.laz' | wc -l; }

step_index() {
  note "copying $(find "$delivery" -maxdepth 1 -iname '*.la[sz]' | wc -l) input file(s)"
  find "$delivery" -maxdepth 1 -iname '*.la[sz]' -exec cp -n -t "$work/input" -- {} +
  lasindex -i "$work"/input/*.la[sz] -cores "$cores" -dont_reindex
}

step_tiles() {
  lastile -i "$work"/input/*.la[sz] -tile_size 1000 -buffer 25 -flag_as_withheld \
    -odir "$work/tiles" -o tile.laz -cores "$cores"
  note "tiles: $(count "$work/tiles")"
}

step_noise() {
  lasnoise -i "$work"/tiles/*.laz -step 4 -isolated 5 -classify_as 7 \
    -odir "$work/noise" -olaz -cores "$cores"
}

step_ground() {
  lasground_new -i "$work"/noise/*.laz -town -ignore_class 7 \
    -odir "$work/ground" -olaz -cores "$cores"
}

step_height() {
  lasheight -i "$work"/ground/*.laz -drop_above 250 -drop_below -5 \
    -odir "$work/height" -olaz -cores "$cores"
}

step_dtm() {
  las2dem -i "$work"/ground/*.laz -keep_class 2 -step 1.0 -use_tile_bb \
    -odir "$work/dtm" -otif -cores "$cores"
  note "DTM rasters: $(find "$work/dtm" -name '*.tif' | wc -l)"
}

step_info() {
  local f csv="$work/info/summary.csv"
  lasinfo -i "$work"/height/*.laz -cd -histo classification 1 \
    -odir "$work/info" -otxt -cores "$cores" >/dev/null 2>&1 || true
  echo "tile,points,ground,noise,min_z,max_z" > "$csv"
  for f in "$work"/info/*.txt; do
    [[ -e $f ]] || continue
    awk -v tile="$(basename "$f" .txt)" '
      /number of point records:/ { pts = $NF }
      /^ +[0-9]+ +ground/ { g = $1 }
      /^ +[0-9]+ +noise/ { n = $1 }
      /min x y z:/ { minz = $NF }
      /max x y z:/ { maxz = $NF }
      END { printf "%s,%s,%s,%s,%s,%s\n", tile, pts, g + 0, n + 0, minz, maxz }
    ' "$f" >> "$csv"
  done
  note "summary: ${csv#"$repo"/}"
}

run_step() {
  local s=$1
  want "$s" || return 0
  note "step $s"
  local t0=$SECONDS
  "step_$s"
  note "step $s done in $(( SECONDS - t0 ))s"
}

step_hillshade() {
  # optional preview for the QA meeting: hillshade + overview of the DTM
  command -v gdalbuildvrt >/dev/null || { note "GDAL not installed; no hillshade"; return 0; }
  local vrt="$work/dtm/mosaic.vrt"
  gdalbuildvrt -q "$vrt" "$work"/dtm/*.tif
  gdaldem hillshade -q -z 2 -compute_edges "$vrt" "$work/dtm/hillshade.tif" -co COMPRESS=DEFLATE -co TILED=YES
  gdaladdo -q -r average "$work/dtm/hillshade.tif" 2 4 8 16
  note "hillshade: ${work#"$repo"/}/dtm/hillshade.tif"
}

check_delivery_crs() {
  # all input tiles must share one CRS; mixed deliveries break lastile
  local crs_list
  crs_list=$(for f in "$delivery"/*.la[sz]; do
    [[ -e $f ]] || continue
    lasinfo -i "$f" -nh -nv -nr 2>&1 | grep -m1 -oE 'EPSG[: ]+[0-9]+' || echo "none"
  done | sort -u)
  if [[ $(wc -l <<< "$crs_list") -gt 1 ]]; then
    note "inputs use several CRS: $(tr '\n' ' ' <<< "$crs_list")"
    return 1
  fi
  note "CRS: ${crs_list:-unknown}"
}

write_manifest() {
  local manifest="$work/MANIFEST.txt"
  {
    echo "delivery: ${delivery#"$repo"/}"
    echo "processed: $(date -Iseconds)"
    echo "cores: $cores"
    echo "lastools: $(lasinfo -version 2>&1 | head -n 1)"
    echo
    echo "outputs:"
    for d in tiles noise ground height dtm; do
      printf '  %-8s %s files\n' "$d" "$(find "$work/$d" -maxdepth 1 -type f | wc -l)"
    done
  } > "$manifest"
  note "manifest: ${manifest#"$repo"/}"
}

if want index && ! check_delivery_crs; then
  halt "fix the delivery CRS before processing"
fi

for s in index tiles noise ground height dtm info; do
  run_step "$s"
done
want hillshade && [[ -n $only_step ]] && step_hillshade
[[ -z $only_step ]] && step_hillshade
write_manifest

# quality flags: tiles with almost no ground points are usually water or errors
if [[ -f $work/info/summary.csv ]]; then
  awk -F, 'NR > 1 && $2 > 0 && ($3 / $2) < 0.05 { printf "low ground ratio: %s (%.1f%%)\n", $1, 100 * $3 / $2 }' \
    "$work/info/summary.csv" | while read -r line; do note "$line"; done
  total=$(awk -F, 'NR > 1 { s += $2 } END { print s + 0 }' "$work/info/summary.csv")
  note "total points after processing: $total"
fi

# keep only the final products if asked via KEEP_INTERMEDIATE=0 (they are ours)
if [[ ${KEEP_INTERMEDIATE:-1} == 0 ]]; then
  rm -rf -- "$work/input" "$work/tiles" "$work/noise"
  note "removed intermediate folders"
fi

du -sh -- "$work" | awk '{ print "[lidar] results: " $1 }' >&2
