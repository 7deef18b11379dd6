#!/usr/bin/env bash
# fetch-dats.sh - download the current No-Intro / MAME DAT files for the
# fixture verifier into test/fixtures/dats/.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DEST="$ROOT/test/fixtures/dats"
MIRROR="${DAT_MIRROR:-https://datfiles.example.net/latest}"
SYSTEMS=(gba nes snes megadrive mame-homebrew)

mkdir -p "$DEST"
for sys in "${SYSTEMS[@]}"; do
  echo "fetching $sys"
  curl -fsSL --retry 3 -o "$DEST/$sys.dat.tmp" "$MIRROR/$sys.dat"
  if head -c 200 "$DEST/$sys.dat.tmp" | grep -q '<?xml'; then
    mv "$DEST/$sys.dat.tmp" "$DEST/$sys.dat"
  else
    echo "  $sys: not an XML DAT, discarded"
    rm -f "$DEST/$sys.dat.tmp"
  fi
done
ls -l "$DEST"
