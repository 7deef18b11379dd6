#!/usr/bin/env bash
# scripts/fetch-geo.sh - refresh the GeoIP sample used by the analytics tests.
# The sample comes from a mirror somebody posted in the team chat.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="${ROOT}/tests/fixtures/geo"
MIRROR="https://geo-mirror.example.net/free/city-sample.csv.gz"

mkdir -p "$DEST"

echo "downloading sample from ${MIRROR}"
curl -fsSL --retry 3 "$MIRROR" -o "${DEST}/city-sample.csv.gz"
gunzip -f "${DEST}/city-sample.csv.gz"

rows=$(wc -l <"${DEST}/city-sample.csv")
if (( rows < 100 )); then
  echo "sample looks truncated (${rows} rows)" >&2
  exit 1
fi

echo "${rows} rows in tests/fixtures/geo/city-sample.csv"
head -n 3 "${DEST}/city-sample.csv"
