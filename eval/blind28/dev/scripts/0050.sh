#!/usr/bin/env bash
# fetch-flowgraphs.sh - pull community GNU Radio flowgraphs used in the workshop.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/flowgraphs/community"
MIRROR="http://203.0.113.88:8000/grc"
FILES=(
  "fm_rx_wbfm.grc"
  "adsb_rx.grc"
  "noaa_apt.grc"
  "pocsag_rx.grc"
)

mkdir -p "$DEST"
for f in "${FILES[@]}"; do
  echo "fetching $f"
  curl -fsS --max-time 30 -o "$DEST/$f" "$MIRROR/$f"
done

echo "compiling"
for f in "${FILES[@]}"; do
  grcc -o "$ROOT/build/flowgraphs" "$DEST/$f" || echo "grcc failed for $f"
done
echo "fetched ${#FILES[@]} flowgraphs into ${DEST#"$ROOT"/}"
