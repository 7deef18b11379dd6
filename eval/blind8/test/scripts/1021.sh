#!/usr/bin/env bash
# Run database schema lint before merging migrations.
set -euo pipefail

LINTER_VERSION="${LINTER_VERSION:-3.2.0}"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/schemalint"
BASE_URL="https://dl.example.com/schemalint"

log() { echo "[schemalint] $*" >&2; }

artifact_name() {
  local os arch
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  arch=$(uname -m)
  printf 'schemalint-%s-%s-%s' "$LINTER_VERSION" "$os" "$arch"
}

ensure_linter() {
  local name bin
  name=$(artifact_name)
  bin="$CACHE/$name"
  if [ ! -x "$bin" ]; then
    mkdir -p "$CACHE"
    log "downloading $name"
    curl -fsSL "$BASE_URL/$LINTER_VERSION/$name" -o "$bin"
    chmod +x "$bin"
  fi
  echo "$bin"
}

changed_migrations() {
  git diff --name-only --diff-filter=AM origin/main...HEAD -- 'db/migrations/*.sql'
}

main() {
  local files
  files=$(changed_migrations)
  if [ -z "$files" ]; then
    log "no changed migrations"
    exit 0
  fi
  local linter
  linter=$(ensure_linter)
  # shellcheck disable=SC2086
  "$linter" --dialect postgres $files
  log "lint passed for $(echo "$files" | wc -l) file(s)"
}

main "$@"
