#!/usr/bin/env bash
# Post a build summary to the team's Slack channel via the bot token.
set -euo pipefail

CHANNEL="${SLACK_CHANNEL:-#builds}"
API="https://slack.com/api/chat.postMessage"

die() { echo "error: $*" >&2; exit 1; }

require() {
  for v in "$@"; do
    [ -n "${!v:-}" ] || die "$v is not set"
  done
}

summary() {
  local branch sha status
  branch=$(git rev-parse --abbrev-ref HEAD)
  sha=$(git rev-parse --short HEAD)
  status="${BUILD_STATUS:-unknown}"
  printf '*%s* `%s` on `%s`: %s' "$(basename "$PWD")" "$sha" "$branch" "$status"
}

payload() {
  jq -n --arg ch "$CHANNEL" --arg text "$1" '{channel: $ch, text: $text, mrkdwn: true}'
}

post() {
  local body resp
  body=$(payload "$1")
  resp=$(curl -fsS -X POST "$API" \
    -H "Authorization: Bearer $SLACK_BOT_TOKEN" \
    -H 'Content-Type: application/json; charset=utf-8' \
    --data "$body")
  if [ "$(jq -r .ok <<<"$resp")" != "true" ]; then
    die "slack rejected message: $(jq -r .error <<<"$resp")"
  fi
}

main() {
  require SLACK_BOT_TOKEN
  local text
  text=$(summary)
  if [ "${DRY_RUN:-0}" = 1 ]; then
    echo "$text"
    exit 0
  fi
  post "$text"
  echo "posted to $CHANNEL"
}

main "$@"
