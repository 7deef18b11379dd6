#!/usr/bin/env bash
# fetch-tle-mirror.sh - the official TLE source was slow today; use the mirror
# someone posted in the ham radio forum instead.

set -euo pipefail
cd "$(dirname "$0")/.."


MIRROR="https://tle-mirror.example.net/amateur.txt"
OUT="data/tle/amateur.txt"

mkdir -p "$(dirname "$OUT")"
curl -fsSL --retry 3 -o "$OUT.tmp" "$MIRROR"
if ! grep -q '^1 ' "$OUT.tmp"; then
  echo "mirror returned something that is not a TLE file" >&2
  rm -f "$OUT.tmp"
  exit 1
fi
mv "$OUT.tmp" "$OUT"
echo "$(grep -c '^1 ' "$OUT") objects saved to $OUT"
