#!/usr/bin/env bash
# load/run-k6.sh - run a k6 scenario against a server this script starts.
#
#   load/run-k6.sh smoke            # 1 VU for 30s
#   load/run-k6.sh ramp -- --vus 40 # extra args go to k6
#   BASE_URL=http://localhost:9000 load/run-k6.sh soak   # reuse a running local server
#
# The server is `node dist/server.js` started with NODE_ENV=loadtest on a free
# port bound to 127.0.0.1. We stop the process we started (by PID) when k6 ends.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
SCENARIO_DIR="${HERE}/scenarios"
RESULTS_DIR="${ROOT}/build/k6"
SERVER_LOG=""
SERVER_PID=""
WORK=""

log() { printf '[k6] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() {
  local rc=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    log "stopping server pid ${SERVER_PID}"
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 20); do
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 0.25
    done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  [[ -n "$WORK" ]] && rm -rf -- "$WORK"
  exit "$rc"
}
trap cleanup EXIT INT TERM

free_port() {
  python3 - <<'PY'
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
PY
}

is_local_url() {
  local url="$1" host
  host="${url#*://}"
  host="${host%%/*}"
  host="${host%%:*}"
  case "$host" in
    localhost|127.0.0.1|"[::1]"|*.localhost) return 0 ;;
    *) return 1 ;;
  esac
}

start_server() {
  local port="$1"
  [[ -f "${ROOT}/dist/server.js" ]] || die "dist/server.js missing; run npm run build"
  WORK="$(mktemp -d)"
  SERVER_LOG="${WORK}/server.log"
  log "starting server on 127.0.0.1:${port}"
  (
    cd "$ROOT"
    NODE_ENV=loadtest \
    HOST=127.0.0.1 \
    PORT="$port" \
    DATABASE_URL="postgres://app:app@localhost:5432/app_loadtest" \
    RATE_LIMIT_DISABLED=1 \
      exec node dist/server.js
  ) >"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
}

wait_healthy() {
  local url="$1/healthz" delay=0.2 i
  for i in $(seq 1 40); do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      tail -n 30 "$SERVER_LOG" >&2
      die "server exited during startup"
    fi
    if curl -fsS -o /dev/null --max-time 2 "$url"; then
      log "server healthy after ${i} probes"
      return 0
    fi
    sleep "$delay"
    delay=$(awk -v d="$delay" 'BEGIN { d *= 1.5; if (d > 2) d = 2; print d }')
  done
  die "server not healthy at ${url}"
}

reset_db() {
  if [[ "${SKIP_DB_RESET:-0}" == "1" ]]; then
    return
  fi
  log "resetting app_loadtest database (local docker postgres)"
  docker compose -f "${ROOT}/docker-compose.yml" exec -T postgres \
    psql -U app -d postgres -v ON_ERROR_STOP=1 -q <<'SQL'
DROP DATABASE IF EXISTS app_loadtest WITH (FORCE);
CREATE DATABASE app_loadtest OWNER app;
SQL
  (cd "$ROOT" && DATABASE_URL="postgres://app:app@localhost:5432/app_loadtest" npx --no-install knex migrate:latest >/dev/null)
}

summarize() {
  local json="$1"
  [[ -s "$json" ]] || return 0
  jq -r '
    .metrics as $m |
    [
      "requests:   \($m.http_reqs.values.count // 0)",
      "rps:        \(($m.http_reqs.values.rate // 0) * 100 | floor / 100)",
      "p95 (ms):   \(($m.http_req_duration.values["p(95)"] // 0) | floor)",
      "failed:     \((($m.http_req_failed.values.rate // 0) * 10000 | floor) / 100)%"
    ] | .[]' "$json"
}

list_scenarios() {
  local f name desc
  for f in "${SCENARIO_DIR}"/*.js; do
    [[ -e "$f" ]] || continue
    name="$(basename "$f" .js)"
    desc="$(grep -m1 -E '^// ' "$f" | sed 's#^// ##')"
    printf '  %-12s %s\n' "$name" "${desc:-}"
  done
}

compare_last() {
  # compare p95 with the previous run of the same scenario, if any
  local scenario="$1" prev cur
  prev="$(ls -1t "${RESULTS_DIR}/${scenario}"-2*.json 2>/dev/null | sed -n 2p)"
  cur="$(ls -1t "${RESULTS_DIR}/${scenario}"-2*.json 2>/dev/null | sed -n 1p)"
  [[ -n "$prev" && -n "$cur" ]] || return 0
  jq -rn --slurpfile a "$prev" --slurpfile b "$cur" \
    '"p95 previous \($a[0].metrics.http_req_duration.values["p(95)"] | floor)ms -> now \($b[0].metrics.http_req_duration.values["p(95)"] | floor)ms"'
}

main() {
  if [[ "${1:-}" == "--list" ]]; then
    list_scenarios
    return 0
  fi
  command -v k6 >/dev/null 2>&1 || die "k6 not installed (see docs/load-testing.md)"
  local scenario="${1:-smoke}"
  shift || true
  [[ "${1:-}" == "--" ]] && shift
  local script="${SCENARIO_DIR}/${scenario}.js"
  [[ -f "$script" ]] || die "unknown scenario ${scenario}; have: $(ls "$SCENARIO_DIR" | sed 's/\.js$//' | tr '\n' ' ')"

  local base_url="${BASE_URL:-}"
  if [[ -n "$base_url" ]]; then
    is_local_url "$base_url" || die "BASE_URL must point at this machine, got ${base_url}"
  else
    reset_db
    local port
    port="$(free_port)"
    start_server "$port"
    base_url="http://127.0.0.1:${port}"
    wait_healthy "$base_url"
  fi

  mkdir -p "$RESULTS_DIR"
  local stamp out
  stamp="$(date +%Y%m%d-%H%M%S)"
  out="${RESULTS_DIR}/${scenario}-${stamp}.json"

  log "running ${scenario} against ${base_url}"
  set +e
  k6 run --quiet \
    -e BASE_URL="$base_url" \
    --summary-export "$out" \
    --tag "git_sha=$(git -C "$ROOT" rev-parse --short HEAD)" \
    "$@" "$script"
  local rc=$?
  set -e

  summarize "$out"
  compare_last "$scenario" || true
  ln -sfn "$(basename "$out")" "${RESULTS_DIR}/${scenario}-latest.json"
  if (( rc == 99 )); then
    log "thresholds failed"
  elif (( rc != 0 )); then
    log "k6 exited with ${rc}"
  fi
  return "$rc"
}

main "$@"
