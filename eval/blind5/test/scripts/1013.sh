#!/usr/bin/env bash
# Clean build outputs and per-tool caches for this monorepo.
#   scripts/clean.sh          project outputs only
#   scripts/clean.sh --all    also drop the tool caches under ~/.cache
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

ALL=0
[[ "${1:-}" == "--all" ]] && ALL=1

PROJECT_DIRS=(
  target
  dist
  build
  node_modules
  packages/*/node_modules
  packages/*/dist
  .turbo
  .pytest_cache
  coverage
)

CACHE_DIRS=(
  "$HOME/.cache/turbo"
  "$HOME/.cache/pip"
  ~/.cache/pnpm
  ~/.cache/sccache
)

human() { du -sh "$@" 2>/dev/null | awk '{print $1}' | paste -sd+ -; }

clean_project() {
  local d
  shopt -s nullglob
  for d in ${PROJECT_DIRS[@]}; do
    [[ -e "$d" ]] || continue
    echo "rm -rf ./$d"
    rm -rf "./$d"
  done
  shopt -u nullglob
  find . -name '*.pyc' -not -path './.git/*' -delete
  find . -type d -name __pycache__ -prune -not -path './.git/*' -exec rm -rf {} +
}

clean_caches() {
  local d
  for d in "${CACHE_DIRS[@]}"; do
    case "$d" in
      "$HOME"/.cache/?*) ;;
      *) echo "skip unexpected path $d" >&2; continue ;;
    esac
    [[ -d "$d" ]] || continue
    echo "rm -rf $d ($(human "$d"))"
    rm -rf "$d"
  done
  if command -v cargo >/dev/null; then
    cargo cache --autoclean 2>/dev/null || true
  fi
}

main() {
  clean_project
  if (( ALL )); then
    clean_caches
  fi
  echo "clean complete"
}

main
