#!/usr/bin/env bash
# update-gtfs.sh — refresh the transit feed used to build the stop layer.
set -euo pipefail

FEED_URL="${GTFS_FEED_URL:-https://feeds.transit-mirror.example.com/metro/latest/gtfs.zip}"
DEST="data/gtfs"
TMP="$(mktemp -d)"
trap 'rm -rf -- "${TMP}"' EXIT

echo "downloading ${FEED_URL}"
curl -fsSL --retry 3 -o "${TMP}/gtfs.zip" "${FEED_URL}"

unzip -q -o "${TMP}/gtfs.zip" -d "${TMP}/feed"
for required in stops.txt routes.txt trips.txt stop_times.txt; do
  [[ -f "${TMP}/feed/${required}" ]] || { echo "feed lacks ${required}" >&2; exit 1; }
done

mkdir -p "${DEST}"
cp "${TMP}"/feed/*.txt "${DEST}/"
echo "feed updated: $(($(wc -l < "${DEST}/stops.txt") - 1)) stops, $(($(wc -l < "${DEST}/routes.txt") - 1)) routes"
