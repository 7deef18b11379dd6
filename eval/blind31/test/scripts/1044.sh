#!/usr/bin/env bash
# release-basemap.sh — cut a basemap release: build the GTFS stop layer and the
# OSM-derived layers, join them, convert to PMTiles, run the render smoke
# test, and (with --publish) upload to the project's release bucket.
#
#   tools/release-basemap.sh 2024.06            # build + check only
#   tools/release-basemap.sh 2024.06 --publish  # also upload with the AWS CLI
#
# Uploads use the AWS CLI profile "basemap-release" (configured by the release
# manager; credentials never appear in this script) and go to
# s3://$BUCKET/basemap/<version>/ only. BUCKET must match basemap-releases-*.
# A release that already exists in the bucket is never overwritten.
#
# Inputs (all inside the repository):
#   data/gtfs/stops.txt          agency GTFS export (stops layer)
#   data/osm/{roads,water,landuse,buildings}.gpkg
#                                OSM extracts prepared by tools/osm-extract.sh
#
# Outputs:
#   build/release/<version>/basemap.pmtiles
#   build/release/<version>/header.json   (pmtiles header, used by `diff`)
#   build/release/<version>/SHA256SUMS
#
# Temporary GeoJSONSeq and per-layer mbtiles files live in a mktemp dir under
# build/ that is removed on exit, successful or not.
#
# Release checklist (docs/release.md) in short:
#   1. build without --publish and look at the render smoke test output
#   2. compare with the previous release: release-basemap.sh diff OLD NEW
#   3. publish, then verify: release-basemap.sh verify NEW
#   4. bump the viewer's default tileset URL in a separate PR
#
# Tools: GDAL (ogr2ogr), tippecanoe/tile-join, pmtiles, jq; the AWS CLI only
# for --publish, list and verify.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VERSION="${1:-}"
PUBLISH=0
[[ "${2:-}" == "--publish" ]] && PUBLISH=1
BUCKET="${BASEMAP_BUCKET:-basemap-releases-dev}"
PROFILE="basemap-release"
OUT="${ROOT}/build/release/${VERSION}"
WORK=""

log() { printf '[release %s] %s\n' "${VERSION:-?}" "$*"; }
die() { printf '[release] error: %s\n' "$*" >&2; exit 1; }

usage() {
  cat <<'EOF'
usage:
  release-basemap.sh VERSION [--publish]   build (and optionally upload) a release
  release-basemap.sh list                  list published releases in the bucket
  release-basemap.sh verify VERSION        re-download a release and check SHA256SUMS
  release-basemap.sh diff OLD NEW          compare two local release headers

VERSION looks like 2024.06 or 2024.06.1. Uploads use the AWS CLI profile
"basemap-release" and only ever write to s3://$BASEMAP_BUCKET/basemap/VERSION/.
EOF
}

list_releases() {
  command -v aws >/dev/null || die "list needs the AWS CLI"
  aws --profile "${PROFILE}" s3 ls "s3://${BUCKET}/basemap/" | awk '$1 == "PRE" {print "  " $2}' | tr -d '/'
}

verify_release() {
  local version="$1" tmp
  [[ "${version}" =~ ^[0-9]{4}\.[0-9]{2}(\.[0-9]+)?$ ]] || die "bad version ${version}"
  command -v aws >/dev/null || die "verify needs the AWS CLI"
  tmp="$(mktemp -d)"
  aws --profile "${PROFILE}" s3 cp --quiet "s3://${BUCKET}/basemap/${version}/basemap.pmtiles" "${tmp}/basemap.pmtiles"
  aws --profile "${PROFILE}" s3 cp --quiet "s3://${BUCKET}/basemap/${version}/SHA256SUMS" "${tmp}/SHA256SUMS"
  if (cd "${tmp}" && sha256sum -c --quiet SHA256SUMS); then
    printf 'release %s: checksum OK\n' "${version}"
  else
    rm -rf -- "${tmp}"
    die "release ${version}: checksum mismatch"
  fi
  pmtiles verify "${tmp}/basemap.pmtiles"
  rm -rf -- "${tmp}"
}

diff_releases() {
  local old="${ROOT}/build/release/$1/header.json" new="${ROOT}/build/release/$2/header.json"
  [[ -f "${old}" && -f "${new}" ]] || die "both releases must have been built locally"
  local key
  for key in min_zoom max_zoom min_lon_e7 min_lat_e7 max_lon_e7 max_lat_e7 tile_entries_count addressed_tiles_count; do
    printf '  %-24s %14s -> %s\n' "${key}" "$(jq -r ".${key}" "${old}")" "$(jq -r ".${key}" "${new}")"
  done
  printf '  %-24s %14s -> %s\n' "size" \
    "$(du -h "${ROOT}/build/release/$1/basemap.pmtiles" | cut -f1)" \
    "$(du -h "${ROOT}/build/release/$2/basemap.pmtiles" | cut -f1)"
}

case "${VERSION}" in
  ""|-h|--help) usage; exit 0 ;;
  list) list_releases; exit 0 ;;
  verify) verify_release "${2:-}"; exit 0 ;;
  diff) diff_releases "${2:-}" "${3:-}"; exit 0 ;;
esac

[[ "${VERSION}" =~ ^[0-9]{4}\.[0-9]{2}(\.[0-9]+)?$ ]] || die "usage: release-basemap.sh YYYY.MM[.N] [--publish]"
[[ "${BUCKET}" == basemap-releases-* ]] || die "bucket ${BUCKET} is not a basemap release bucket"
for t in ogr2ogr tippecanoe tile-join pmtiles jq; do
  command -v "${t}" >/dev/null || die "${t} missing"
done

WORK="$(mktemp -d "${ROOT}/build/.release.XXXXXX")"
trap 'rm -rf -- "${WORK}"' EXIT

stops_layer() {
  local gtfs="${ROOT}/data/gtfs/stops.txt"
  [[ -f "${gtfs}" ]] || die "missing data/gtfs/stops.txt"
  ogr2ogr -f GeoJSONSeq "${WORK}/stops.geojsonseq" "CSV:${gtfs}" \
    -oo X_POSSIBLE_NAMES=stop_lon -oo Y_POSSIBLE_NAMES=stop_lat -a_srs EPSG:4326 \
    -sql "SELECT stop_id, stop_name, location_type FROM stops WHERE location_type IN ('0', '1', '')"
  tippecanoe -q -o "${WORK}/stops.mbtiles" -l stops -Z 11 -z 16 -r1 --no-feature-limit --force \
    "${WORK}/stops.geojsonseq"
}

osm_layers() {
  local layer src
  for layer in roads water landuse buildings; do
    src="${ROOT}/data/osm/${layer}.gpkg"
    [[ -f "${src}" ]] || die "missing ${src#"${ROOT}/"}"
    ogr2ogr -f GeoJSONSeq -t_srs EPSG:4326 "${WORK}/${layer}.geojsonseq" "${src}"
    tippecanoe -q -o "${WORK}/${layer}.mbtiles" -l "${layer}" -zg --drop-densest-as-needed \
      --extend-zooms-if-still-dropping --force "${WORK}/${layer}.geojsonseq"
    log "layer ${layer} built"
  done
}

join_and_convert() {
  mkdir -p "${OUT}"
  tile-join -q -o "${WORK}/basemap.mbtiles" --force --no-tile-size-limit \
    -n "basemap ${VERSION}" -A "© OpenStreetMap contributors; transit data: local agency GTFS" \
    "${WORK}"/{stops,roads,water,landuse,buildings}.mbtiles
  pmtiles convert "${WORK}/basemap.mbtiles" "${OUT}/basemap.pmtiles"
  pmtiles verify "${OUT}/basemap.pmtiles"
  pmtiles show "${OUT}/basemap.pmtiles" --header-json > "${OUT}/header.json"
  (cd "${OUT}" && sha256sum basemap.pmtiles > SHA256SUMS)
  log "basemap.pmtiles $(du -h "${OUT}/basemap.pmtiles" | cut -f1)"
}

smoke_test() {
  if [[ -x "${ROOT}/node_modules/.bin/tsx" ]]; then
    PMTILES_FILE="${OUT}/basemap.pmtiles" "${ROOT}/node_modules/.bin/tsx" "${ROOT}/tools/render-check.ts" \
      || die "render smoke test failed"
  else
    log "tsx not installed; skipping render smoke test"
  fi
}

publish() {
  local prefix="s3://${BUCKET}/basemap/${VERSION}/"
  if aws --profile "${PROFILE}" s3 ls "${prefix}" >/dev/null 2>&1; then
    die "${prefix} already exists; releases are immutable"
  fi
  aws --profile "${PROFILE}" s3 cp "${OUT}/basemap.pmtiles" "${prefix}basemap.pmtiles" \
    --content-type application/vnd.pmtiles --cache-control "public, max-age=31536000, immutable"
  aws --profile "${PROFILE}" s3 cp "${OUT}/header.json" "${prefix}header.json" --content-type application/json
  aws --profile "${PROFILE}" s3 cp "${OUT}/SHA256SUMS" "${prefix}SHA256SUMS" --content-type text/plain
  log "published to ${prefix}"
}

main() {
  log "building into ${OUT#"${ROOT}/"}"
  stops_layer
  osm_layers
  join_and_convert
  smoke_test
  if (( PUBLISH )); then
    command -v aws >/dev/null || die "--publish needs the AWS CLI"
    publish
  else
    log "not published (add --publish)"
  fi
}

main
