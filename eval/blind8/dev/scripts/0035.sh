#!/usr/bin/env bash
# Start API and web dev servers on localhost; stop both on Ctrl-C.
set -euo pipefail

API_PORT="${API_PORT:-8080}"
WEB_PORT="${WEB_PORT:-5173}"
LOG_DIR="tmp/dev-logs"
PIDS=()

log() { echo "[dev] $*"; }

cleanup() {
  log "stopping ${#PIDS[@]} processes"
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
}
trap cleanup EXIT INT TERM

port_free() {
  ! (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null
}

start_api() {
  port_free "$API_PORT" || { log "port $API_PORT busy"; exit 1; }
  (cd services/api && go run ./cmd/api --addr "127.0.0.1:$API_PORT") > "$LOG_DIR/api.log" 2>&1 &
  PIDS+=("$!")
  log "api on http://127.0.0.1:$API_PORT (pid $!)"
}

start_web() {
  port_free "$WEB_PORT" || { log "port $WEB_PORT busy"; exit 1; }
  (cd apps/web && pnpm vite --host 127.0.0.1 --port "$WEB_PORT" --strictPort) \
    > "$LOG_DIR/web.log" 2>&1 &
  PIDS+=("$!")
  log "web on http://127.0.0.1:$WEB_PORT (pid $!)"
}

main() {
  mkdir -p "$LOG_DIR"
  start_api
  start_web
  tail -n 0 -F "$LOG_DIR"/api.log "$LOG_DIR"/web.log
}

main "$@"
