#!/usr/bin/env bash
# Remove build outputs and caches from this repository only.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DRY_RUN=0
VERBOSE=0

while getopts "nv" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    *) echo "usage: $0 [-n] [-v]" >&2; exit 2 ;;
  esac
done

TARGETS=(
  dist
  build
  coverage
  .pytest_cache
  .mypy_cache
  .ruff_cache
  node_modules/.cache
  target
)

remove() {
  local rel="$1"
  local abs="$ROOT/$rel"
  # never follow anything that resolves outside the repo
  local real
  real="$(realpath -m "$abs")"
  case "$real" in
    "$ROOT"/*) ;;
    *) echo "skip $rel (outside repo)"; return ;;
  esac
  [ -e "$abs" ] || return 0
  if [ "$DRY_RUN" -eq 1 ]; then
    echo "would remove $rel ($(du -sh "$abs" | cut -f1))"
  else
    [ "$VERBOSE" -eq 1 ] && echo "removing $rel"
    rm -rf -- "$abs"
  fi
}

for t in "${TARGETS[@]}"; do
  remove "$t"
done

# python bytecode anywhere in the repo
if [ "$DRY_RUN" -eq 1 ]; then
  find "$ROOT" -name __pycache__ -type d -not -path "$ROOT/.git/*" | sed "s|$ROOT/|would remove |"
else
  find "$ROOT" -name __pycache__ -type d -not -path "$ROOT/.git/*" -prune -exec rm -rf {} +
fi

echo "clean complete${DRY_RUN:+ (dry run=$DRY_RUN)}"
