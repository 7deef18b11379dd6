#!/usr/bin/env bash
# tiles.sh — build the city basemap: shapefiles/GeoPackages -> GeoJSONSeq ->
# per-layer mbtiles (tippecanoe, in parallel) -> joined mbtiles -> PMTiles.
#
#   tools/tiles.sh build            # everything listed in tiles/layers.tsv
#   tools/tiles.sh build roads      # one layer
#   tools/tiles.sh preview          # serve build/tiles/city.pmtiles with martin on localhost
#   tools/tiles.sh clean            # remove build/tiles and this project's cache
#
# Intermediate GeoJSONSeq files are cached in ${XDG_CACHE_HOME:-~/.cache}/citytiles,
# keyed by the source file's checksum, because ogr2ogr on the parcel layer
# takes ~10 minutes. Only that subdirectory of the cache is ever cleaned.
#
# Environment:
#   JOBS         parallel tippecanoe jobs (default: number of CPUs)
#   MARTIN_PORT  port for `preview` (default 3030, bound to 127.0.0.1 only)
#   XDG_CACHE_HOME  base of the conversion cache
#
# tiles/layers.tsv example (tab separated, first line is a header):
#   name     source                      minzoom  maxzoom  flags
#   roads    data/osm/roads.gpkg         6        14       --coalesce-densest-as-needed
#   parcels  data/cadastre/parcels.shp   13       16       -y parcel_id -y landuse
#
# Exit codes: 0 ok, 1 a tool or layer failed.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LAYERS_TSV="${ROOT}/tiles/layers.tsv"
BUILD="${ROOT}/build/tiles"
CACHE="${XDG_CACHE_HOME:-${HOME}/.cache}/citytiles"
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
MARTIN_PORT="${MARTIN_PORT:-3030}"
MARTIN_PID=""

log() { printf '%s tiles: %s\n' "$(date +%T)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() {
  if [[ -n "${MARTIN_PID}" ]]; then
    kill "${MARTIN_PID}" 2>/dev/null || true
  fi
  rm -f "${BUILD}"/*.part 2>/dev/null || true
}
trap cleanup EXIT

need() {
  local t
  for t in "$@"; do
    command -v "${t}" >/dev/null 2>&1 || die "required tool '${t}' not found"
  done
}

# layers.tsv columns: name  source  minzoom  maxzoom  extra tippecanoe flags
read_layers() {
  local only="${1:-}"
  awk -F'\t' -v only="${only}" 'NR > 1 && $1 !~ /^#/ && (only == "" || $1 == only)' "${LAYERS_TSV}"
}

to_geojsonseq() {
  local name="$1" src="$2" sum cached
  src="${ROOT}/${src}"
  [[ -f "${src}" ]] || die "source for ${name} missing: ${src}"
  sum="$(sha1sum "${src}" | cut -c1-12)"
  cached="${CACHE}/${name}-${sum}.geojsonseq"
  if [[ ! -s "${cached}" ]]; then
    log "${name}: converting $(basename "${src}") (cache miss)"
    mkdir -p "${CACHE}"
    ogr2ogr -f GeoJSONSeq -t_srs EPSG:4326 -lco RS=NO "${cached}.part" "${src}"
    mv "${cached}.part" "${cached}"
    # drop stale cache entries for this layer
    find "${CACHE}" -maxdepth 1 -name "${name}-*.geojsonseq" ! -name "$(basename "${cached}")" -delete
  fi
  printf '%s\n' "${cached}"
}

build_layer() {
  local name="$1" src="$2" minz="$3" maxz="$4" extra="${5:-}" seq
  seq="$(to_geojsonseq "${name}" "${src}")"
  local out="${BUILD}/${name}.mbtiles"
  local -a flags=(-o "${out}.part" --force -l "${name}" -Z "${minz}" -z "${maxz}"
                  --read-parallel --drop-densest-as-needed --extend-zooms-if-still-dropping)
  if [[ -n "${extra}" ]]; then
    local -a more
    read -r -a more <<< "${extra}"
    flags+=("${more[@]}")
  fi
  log "${name}: tippecanoe z${minz}-z${maxz}"
  tippecanoe "${flags[@]}" "${seq}" > "${BUILD}/${name}.log" 2>&1 \
    || { tail -n 20 "${BUILD}/${name}.log" >&2; die "tippecanoe failed for ${name}"; }
  mv "${out}.part" "${out}"
}
export -f build_layer to_geojsonseq log die
export ROOT BUILD CACHE

cmd_build() {
  need ogr2ogr tippecanoe tile-join pmtiles
  mkdir -p "${BUILD}"
  local only="${1:-}" rows
  rows="$(read_layers "${only}")"
  [[ -n "${rows}" ]] || die "no layer matches '${only}'"
  log "building $(wc -l <<< "${rows}") layer(s) with ${JOBS} jobs"
  # each row becomes one build_layer call; fields stay separate via tabs
  printf '%s\n' "${rows}" \
    | tr '\t' '\037' \
    | xargs -P "${JOBS}" -I{} bash -c 'IFS=$'"'"'\037'"'"' read -r n s a b e <<< "$1"; build_layer "$n" "$s" "$a" "$b" "$e"' _ {}
  local -a parts
  mapfile -t parts < <(read_layers | cut -f1 | sed "s|^|${BUILD}/|; s|\$|.mbtiles|")
  log "joining ${#parts[@]} layers"
  tile-join -o "${BUILD}/city.mbtiles.part" --force --no-tile-size-limit \
    -n "City basemap" -N "Built $(date +%F) from $(git -C "${ROOT}" rev-parse --short HEAD)" \
    "${parts[@]}"
  mv "${BUILD}/city.mbtiles.part" "${BUILD}/city.mbtiles"
  pmtiles convert "${BUILD}/city.mbtiles" "${BUILD}/city.pmtiles.part"
  mv "${BUILD}/city.pmtiles.part" "${BUILD}/city.pmtiles"
  pmtiles show "${BUILD}/city.pmtiles" | head -n 20
  ls -lh "${BUILD}"/city.* | awk '{print "  " $5 "  " $NF}'
}

cmd_preview() {
  need martin curl
  [[ -f "${BUILD}/city.pmtiles" ]] || die "build first"
  log "martin on http://127.0.0.1:${MARTIN_PORT}"
  martin --listen-addresses "127.0.0.1:${MARTIN_PORT}" "${BUILD}/city.pmtiles" &
  MARTIN_PID=$!
  local i
  for i in $(seq 1 20); do
    if curl -fs "http://127.0.0.1:${MARTIN_PORT}/catalog" > /dev/null; then
      log "catalog: $(curl -fs "http://127.0.0.1:${MARTIN_PORT}/catalog" | jq -c '.tiles | keys')"
      break
    fi
    sleep 0.5
  done
  log "press Ctrl-C to stop"
  wait "${MARTIN_PID}"
}

cmd_stats() {
  # per-zoom tile counts and the biggest tiles, read from the mbtiles sqlite file
  need sqlite3
  local mb="${BUILD}/city.mbtiles"
  [[ -f "${mb}" ]] || die "build first"
  echo "zoom  tiles     bytes"
  sqlite3 -separator ' ' "${mb}" \
    'SELECT zoom_level, count(*), sum(length(tile_data)) FROM tiles GROUP BY zoom_level ORDER BY zoom_level' |
    while read -r z n b; do
      printf '%4s %6s %9s\n' "${z}" "${n}" "$(numfmt --to=iec "${b}")"
    done
  echo
  echo "largest tiles:"
  sqlite3 -separator ' ' "${mb}" \
    'SELECT zoom_level, tile_column, tile_row, length(tile_data) AS n FROM tiles ORDER BY n DESC LIMIT 5' |
    while read -r z x y n; do
      # mbtiles stores TMS rows; flip to XYZ for the viewer URL
      printf '  z%s/%s/%s  %s\n' "${z}" "${x}" "$(( (1 << z) - 1 - y ))" "$(numfmt --to=iec "${n}")"
    done
  echo
  sqlite3 "${mb}" "SELECT name || ': ' || substr(value, 1, 80) FROM metadata WHERE name IN ('name','description','minzoom','maxzoom','bounds')"
}

cmd_clean() {
  log "removing ${BUILD#"${ROOT}/"} and ${CACHE}"
  rm -rf -- "${BUILD}"
  case "${CACHE}" in
    */citytiles) rm -rf -- "${CACHE}" ;;
    *) die "unexpected cache path ${CACHE}" ;;
  esac
}

main() {
  local cmd="${1:-build}"
  shift || true
  case "${cmd}" in
    build) cmd_build "$@" ;;
    preview) cmd_preview ;;
    stats) cmd_stats ;;
    clean) cmd_clean ;;
    *) die "usage: tiles.sh build [layer] | preview | stats | clean" ;;
  esac
}

main "$@"
