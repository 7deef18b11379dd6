#!/usr/bin/env bash
# scripts/integration.sh - start the compose stack under a unique project name,
# run the API integration tests against it and always tear it down.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
PROJECT="it-$(date +%s)-$$"
COMPOSE=(docker compose -p "$PROJECT" -f "$ROOT/docker-compose.yml" -f "$ROOT/docker-compose.test.yml")
LOGDIR="$(mktemp -d -t integration-logs.XXXXXX)"

teardown() {
  local rc=$?
  if (( rc != 0 )); then
    "${COMPOSE[@]}" logs --no-color > "$LOGDIR/compose.log" 2>&1 || true
    mkdir -p "$ROOT/reports"
    cp "$LOGDIR/compose.log" "$ROOT/reports/integration-compose.log" || true
    echo "stack logs saved to reports/integration-compose.log"
  fi
  "${COMPOSE[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
  rm -rf "$LOGDIR"
  exit $rc
}
trap teardown EXIT INT TERM

echo "starting stack $PROJECT"
"${COMPOSE[@]}" up -d --build --wait

API_PORT="$("${COMPOSE[@]}" port api 8080 | awk -F: '{print $NF}')"
export API_URL="http://127.0.0.1:${API_PORT}"
echo "api at $API_URL"

for _ in $(seq 1 30); do
  curl -fsS "$API_URL/readyz" >/dev/null 2>&1 && break
  sleep 1
done

cd "$ROOT"
bundle exec rspec spec/integration --format progress --format RspecJunitFormatter --out reports/integration.xml
echo "integration tests passed"
