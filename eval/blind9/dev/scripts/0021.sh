#!/usr/bin/env bash
# Integration smoke tests: start the API on localhost with a throwaway SQLite
# database, hit a few endpoints with curl, then tear everything down.
#
#   scripts/smoke.sh            # build + test
#   SKIP_BUILD=1 scripts/smoke.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PORT="${PORT:-18080}"
BASE="http://127.0.0.1:${PORT}"
WORKDIR="$(mktemp -d "${TMPDIR:-/tmp}/proj-smoke.XXXXXX")"
SERVER_PID=""
PASSED=0
FAILED=0

cleanup() {
  local rc=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ $rc -ne 0 && -f "$WORKDIR/server.log" ]]; then
    echo "--- server log (last 30 lines) ---"
    tail -n 30 "$WORKDIR/server.log"
  fi
  rm -rf -- "$WORKDIR"
  exit "$rc"
}
trap cleanup EXIT INT TERM

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

build() {
  if [[ "${SKIP_BUILD:-0}" == "1" ]]; then
    log "skipping build"
    return
  fi
  log "building server"
  (cd "$ROOT" && go build -o "$WORKDIR/proj-server" ./cmd/server)
}

start_server() {
  local bin="$WORKDIR/proj-server"
  [[ -x "$bin" ]] || bin="$ROOT/bin/proj-server"
  log "starting server on $BASE"
  PROJ_DB="sqlite://$WORKDIR/smoke.db" PROJ_LISTEN="127.0.0.1:${PORT}" \
    "$bin" >"$WORKDIR/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 50); do
    if curl -fsS "$BASE/healthz" >/dev/null 2>&1; then
      return 0
    fi
    sleep 0.2
  done
  echo "server did not become healthy" >&2
  return 1
}

expect_status() {
  local name="$1" want="$2"; shift 2
  local got
  got="$(curl -s -o "$WORKDIR/body" -w '%{http_code}' "$@")"
  if [[ "$got" == "$want" ]]; then
    PASSED=$((PASSED + 1))
    printf '  ok   %-32s %s\n' "$name" "$got"
  else
    FAILED=$((FAILED + 1))
    printf '  FAIL %-32s want %s got %s\n' "$name" "$want" "$got"
    head -c 400 "$WORKDIR/body"; echo
  fi
}

expect_json() {
  local name="$1" filter="$2" want="$3"
  local got
  got="$(jq -r "$filter" "$WORKDIR/body")"
  if [[ "$got" == "$want" ]]; then
    PASSED=$((PASSED + 1)); printf '  ok   %-32s %s\n' "$name" "$got"
  else
    FAILED=$((FAILED + 1)); printf '  FAIL %-32s want %s got %s\n' "$name" "$want" "$got"
  fi
}

run_tests() {
  log "running checks"
  expect_status "health" 200 "$BASE/healthz"
  expect_status "create user" 201 -X POST -H 'Content-Type: application/json' \
    -d '{"name":"Ada","email":"ada@example.com"}' "$BASE/v1/users"
  expect_json "created name" '.name' "Ada"
  expect_status "list users" 200 "$BASE/v1/users"
  expect_json "one user" 'length' "1"
  expect_status "unknown route" 404 "$BASE/v1/nope"
  expect_status "bad json" 400 -X POST -H 'Content-Type: application/json' -d '{' "$BASE/v1/users"
}

build
start_server
run_tests
log "passed: $PASSED  failed: $FAILED"
[[ "$FAILED" -eq 0 ]]
