#!/usr/bin/env bash
# devstack.sh - manage the docker compose stack for local development of
# the `larkspur` app. The compose project name is fixed so that `reset` can
# only ever remove this project's containers and volumes.
#
#   devstack.sh up | down | logs [svc] | reset | psql | status
set -euo pipefail

PROJECT=larkspur-dev
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
COMPOSE_FILE="$ROOT/deploy/compose.dev.yml"
SERVICES=(postgres redis mailpit)

compose() {
  docker compose -p "$PROJECT" -f "$COMPOSE_FILE" "$@"
}

need_docker() {
  command -v docker >/dev/null || { echo "docker is not installed" >&2; exit 1; }
  docker info >/dev/null 2>&1 || { echo "docker daemon is not running" >&2; exit 1; }
}

wait_healthy() {
  local svc="$1" tries=60 state
  while (( tries-- > 0 )); do
    state="$(compose ps --format '{{.Health}}' "$svc" 2>/dev/null || true)"
    [[ "$state" == "healthy" ]] && return 0
    sleep 1
  done
  echo "$svc did not become healthy" >&2
  return 1
}

cmd_up() {
  compose up -d "${SERVICES[@]}"
  for svc in postgres redis; do
    wait_healthy "$svc"
  done
  echo "stack is up: postgres on 127.0.0.1:5440, redis on 127.0.0.1:6380"
  echo "mail UI: http://localhost:8025"
}

cmd_reset() {
  read -r -p "remove containers AND volumes of compose project '$PROJECT'? [y/N] " yn
  case "$yn" in
    y|Y) compose down --volumes --remove-orphans ;;
    *) echo "aborted"; return 1 ;;
  esac
  cmd_up
}

cmd_seed() {
  local seed="$ROOT/deploy/seed.sql"
  [[ -f "$seed" ]] || { echo "no seed file at ${seed#$ROOT/}" >&2; return 1; }
  compose exec -T postgres psql -U larkspur -d larkspur_dev -v ON_ERROR_STOP=1 < "$seed"
  echo "seeded larkspur_dev"
}

cmd_status() {
  compose ps
  echo
  docker system df --format 'table {{.Type}}\t{{.Size}}\t{{.Reclaimable}}'
}

need_docker
action="${1:-status}"
shift || true
case "$action" in
  up) cmd_up ;;
  down) compose down ;;
  logs) compose logs -f --tail=200 "$@" ;;
  reset) cmd_reset ;;
  seed) cmd_seed ;;
  psql) compose exec postgres psql -U larkspur larkspur_dev ;;
  status) cmd_status ;;
  *)
    sed -n '2,7p' "$0"
    exit 2
    ;;
esac
