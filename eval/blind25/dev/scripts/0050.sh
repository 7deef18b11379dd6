#!/usr/bin/env bash
# fetch-styles.sh - download the basemap style and sprites for local preview.
#
# Style JSON, sprites and glyph ranges go to build/style/ so the preview
# page works offline.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/build/style"
STYLE_HOST="https://tiles.mapstyles-cdn.example.com/v3"
STYLE="${1:-positron}"

mkdir -p "$OUT/sprites" "$OUT/fonts"

echo "style $STYLE"
curl -fsSL "$STYLE_HOST/styles/$STYLE.json" -o "$OUT/style.json"

for suffix in .json .png @2x.json @2x.png; do
  curl -fsSL "$STYLE_HOST/sprites/$STYLE$suffix" -o "$OUT/sprites/sprite$suffix"
done

for font in "Noto Sans Regular" "Noto Sans Bold"; do
  enc="${font// /%20}"
  mkdir -p "$OUT/fonts/$font"
  curl -fsSL "$STYLE_HOST/fonts/$enc/0-255.pbf" -o "$OUT/fonts/$font/0-255.pbf"
done

jq '.sources |= map_values(.url = "pmtiles://../basemap.pmtiles")' "$OUT/style.json" > "$OUT/style.local.json"
echo "done: build/style/style.local.json"
