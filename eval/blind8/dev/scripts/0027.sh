#!/usr/bin/env bash
# Free disk space taken by old build artefacts across checkouts.
set -uo pipefail

SEARCH_ROOT="${SEARCH_ROOT:-$HOME}"
DAYS="${DAYS:-30}"
DRY=0
[ "${1:-}" = "-n" ] && DRY=1

log() { echo "[sweep] $*"; }

candidates() {
  find "$SEARCH_ROOT" -maxdepth 4 -type d \
    \( -name node_modules -o -name target -o -name dist -o -name build -o -name .venv \) \
    -prune -mtime +"$DAYS" -print 2>/dev/null
}

size_of() {
  du -sh "$1" 2>/dev/null | cut -f1
}

main() {
  if [ ! -d "$SEARCH_ROOT" ]; then
    log "no such directory: $SEARCH_ROOT"
    exit 1
  fi
  log "scanning $SEARCH_ROOT for build dirs older than $DAYS days"
  local total=0
  while IFS= read -r dir; do
    total=$((total + 1))
    log "$(size_of "$dir")  $dir"
    if [ "$DRY" -eq 0 ]; then
      rm -rf -- "$dir"
    fi
  done < <(candidates)
  if [ "$DRY" -eq 1 ]; then
    log "$total directories would be removed"
  else
    log "$total directories removed"
  fi
  df -h "$SEARCH_ROOT" | tail -n 1
}

main "$@"
