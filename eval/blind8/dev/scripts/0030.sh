#!/usr/bin/env bash
# Clean build: wipe outputs inside the repo, rebuild, run tests, show sizes.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && git rev-parse --show-toplevel)"
BUILD_DIRS=(dist build coverage .turbo)

log() { printf '\033[1m%s\033[0m\n' "$*"; }

guard() {
  local target="$1"
  case "$(realpath -m "$target")" in
    "$ROOT"/*) return 0 ;;
    *) echo "refusing to touch $target (outside $ROOT)" >&2; return 1 ;;
  esac
}

clean() {
  for d in "${BUILD_DIRS[@]}"; do
    local path="$ROOT/$d"
    guard "$path" || exit 1
    if [ -e "$path" ]; then
      log "rm -rf $d"
      rm -rf -- "$path"
    fi
  done
  find "$ROOT/packages" -maxdepth 2 -name dist -type d -prune -exec rm -rf {} + 2>/dev/null || true
}

build() {
  log "installing"
  pnpm install --frozen-lockfile --prefer-offline
  log "building"
  pnpm -r --workspace-concurrency=4 build
}

test_all() {
  log "testing"
  pnpm -r test -- --reporter=dot
}

sizes() {
  log "bundle sizes"
  du -sh "$ROOT"/packages/*/dist 2>/dev/null | sort -h
}

main() {
  cd "$ROOT"
  clean
  build
  [ "${SKIP_TESTS:-0}" = 1 ] || test_all
  sizes
}

main "$@"
