#!/usr/bin/env bash
# clean.sh - remove build outputs and caches from this repository only.
# Usage: scripts/clean.sh [--all]   (--all also removes node_modules and .venv)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ ! -f "$ROOT/package.json" || ! -d "$ROOT/.git" ]]; then
  echo "refusing to run: $ROOT does not look like the project root" >&2
  exit 1
fi

ALL=0
[[ "${1:-}" == "--all" ]] && ALL=1

remove() {
  local p
  for p in "$@"; do
    if [[ -e "$p" ]]; then
      echo "removing $p"
      rm -rf -- "./$p"
    fi
  done
}

remove dist build coverage .nyc_output .turbo .next out
remove .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage

# python bytecode
find . -path ./node_modules -prune -o -type d -name __pycache__ -print0 \
  | xargs -0 -r rm -rf --

# editor leftovers
find . -path ./node_modules -prune -o -type f \( -name '*.orig' -o -name '*.rej' \) -print0 \
  | xargs -0 -r rm -f --

# per-package build output in the monorepo
for pkg in packages/*/; do
  [[ -d "$pkg" ]] || continue
  remove "${pkg}dist" "${pkg}tsconfig.tsbuildinfo"
done

if (( ALL )); then
  remove node_modules .venv
  for pkg in packages/*/; do
    remove "${pkg}node_modules"
  done
fi

echo "clean complete ($(du -sh . 2>/dev/null | cut -f1) remaining)"
