#!/usr/bin/env bash
# Smoke test: start the API on 127.0.0.1 with a throwaway SQLite file,
# wait until it is healthy, hit the main endpoints with curl and stop it.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
PORT="${PORT:-18080}"
BASE="http://127.0.0.1:$PORT"
TMP="$(mktemp -d)"
SERVER_PID=""
FAILURES=0

stop_server() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf -- "$TMP"
}
trap stop_server EXIT

start_server() {
  echo "starting api on $BASE"
  (
    cd "$ROOT"
    APP_ENV=test \
    DATABASE_URL="sqlite:///$TMP/smoke.db" \
    LISTEN_ADDR="127.0.0.1:$PORT" \
      exec python3 -m api.server
  ) >"$TMP/server.log" 2>&1 &
  SERVER_PID=$!
}

wait_healthy() {
  local i
  for i in $(seq 1 50); do
    if curl -fsS "$BASE/healthz" >/dev/null 2>&1; then
      echo "healthy after $((i * 200)) ms"
      return 0
    fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "server exited early:" >&2
      tail -n 40 "$TMP/server.log" >&2
      return 1
    fi
    sleep 0.2
  done
  echo "server did not become healthy" >&2
  return 1
}

check() {
  local name="$1" expected="$2"; shift 2
  local code
  code="$(curl -s -o "$TMP/body" -w '%{http_code}' "$@")"
  if [[ "$code" == "$expected" ]]; then
    printf '  ok   %-28s %s\n' "$name" "$code"
  else
    printf '  FAIL %-28s got %s, want %s\n' "$name" "$code" "$expected"
    head -c 400 "$TMP/body"; echo
    FAILURES=$((FAILURES + 1))
  fi
}

run_checks() {
  check "list items (empty)" 200 "$BASE/api/items"
  check "create item" 201 -X POST "$BASE/api/items" \
    -H 'Content-Type: application/json' -d '{"name":"widget","qty":3}'
  check "get item" 200 "$BASE/api/items/1"
  check "validation error" 422 -X POST "$BASE/api/items" \
    -H 'Content-Type: application/json' -d '{"qty":-1}'
  check "unknown route" 404 "$BASE/api/nope"
  check "metrics" 200 "$BASE/metrics"
}

main() {
  start_server
  wait_healthy
  run_checks
  if (( FAILURES )); then
    echo "$FAILURES check(s) failed; server log:"
    tail -n 60 "$TMP/server.log"
    exit 1
  fi
  echo "all smoke checks passed"
}

main
