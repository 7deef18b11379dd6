#!/usr/bin/env bash
# Run the integration suite against a disposable Postgres container.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
NAME="proj-it-pg-$$"
PORT="${IT_PG_PORT:-55432}"
WORK="$(mktemp -d -t proj-it-XXXXXX)"

cleanup() {
  local rc=$?
  docker rm -f "$NAME" >/dev/null 2>&1 || true
  rm -rf "$WORK"
  exit $rc
}
trap cleanup EXIT INT TERM

start_db() {
  docker run -d --rm --name "$NAME" \
    -e POSTGRES_PASSWORD=test -e POSTGRES_DB=proj_test \
    -p "127.0.0.1:$PORT:5432" postgres:16-alpine >/dev/null
  for _ in $(seq 1 30); do
    if docker exec "$NAME" pg_isready -U postgres >/dev/null 2>&1; then
      return 0
    fi
    sleep 1
  done
  echo "postgres did not become ready" >&2
  return 1
}

migrate() {
  DATABASE_URL="postgres://postgres:test@127.0.0.1:$PORT/proj_test?sslmode=disable" \
    go run "$ROOT/cmd/migrate" up
}

run_tests() {
  DATABASE_URL="postgres://postgres:test@127.0.0.1:$PORT/proj_test?sslmode=disable" \
    go test -tags integration -count=1 -json ./... > "$WORK/results.json" || true
  jq -r 'select(.Action=="fail" and .Test) | "\(.Package) \(.Test)"' "$WORK/results.json" | sort -u > "$WORK/failed.txt"
}

report() {
  if [ -s "$WORK/failed.txt" ]; then
    echo "failed tests:"
    cat "$WORK/failed.txt"
    return 1
  fi
  echo "all integration tests passed"
}

start_db
migrate
run_tests
report
