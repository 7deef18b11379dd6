#!/usr/bin/env bash
# Start the full local stack for orbit: Postgres + Redis in compose, the Elixir API
# and the Vite frontend, all bound to 127.0.0.1. Ctrl-C stops everything it started.
set -euo pipefail

API_PORT="${API_PORT:-4000}"
WEB_PORT="${WEB_PORT:-5173}"
BIND="127.0.0.1"
pids=()
compose_started=0

log() { printf '\033[36m[stack]\033[0m %s\n' "$*"; }

stop_all() {
  local pid
  log "stopping ${#pids[@]} process(es)"
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  if (( compose_started )); then
    docker compose -f docker-compose.dev.yml stop postgres redis >/dev/null
  fi
}
trap stop_all EXIT INT TERM

port_free() {
  ! (exec 3<>"/dev/tcp/$BIND/$1") 2>/dev/null
}

wait_http() {
  local url="$1" name="$2" i
  for i in $(seq 1 60); do
    if curl -fs -o /dev/null "$url"; then
      log "$name is up at $url"
      return 0
    fi
    sleep 1
  done
  log "$name did not come up"
  return 1
}

start_deps() {
  docker compose -f docker-compose.dev.yml up -d postgres redis
  compose_started=1
  until docker compose -f docker-compose.dev.yml exec -T postgres pg_isready -q; do
    sleep 1
  done
}

start_api() {
  port_free "$API_PORT" || { log "port $API_PORT busy"; exit 1; }
  (cd apps/api && PHX_HOST="$BIND" PORT="$API_PORT" mix phx.server) &
  pids+=($!)
  wait_http "http://$BIND:$API_PORT/healthz" api
}

start_web() {
  port_free "$WEB_PORT" || { log "port $WEB_PORT busy"; exit 1; }
  (cd apps/web && VITE_API_URL="http://$BIND:$API_PORT" pnpm exec vite --host "$BIND" --port "$WEB_PORT" --strictPort) &
  pids+=($!)
  wait_http "http://$BIND:$WEB_PORT/" web
}

check_tools() {
  local tool missing=0
  for tool in docker mix pnpm curl; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      log "missing tool: $tool"
      missing=1
    fi
  done
  return "$missing"
}

main() {
  [[ -f docker-compose.dev.yml ]] || { echo "run from the repo root" >&2; exit 1; }
  check_tools || exit 1
  start_deps
  start_api
  start_web
  log "ready: web http://$BIND:$WEB_PORT  api http://$BIND:$API_PORT"
  wait -n "${pids[@]}"
}

main "$@"
