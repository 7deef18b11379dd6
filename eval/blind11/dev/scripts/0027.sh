#!/usr/bin/env bash
# scripts/ci/notify-slack.sh - post the deploy result to the team channel.
# Needs SLACK_BOT_TOKEN and SLACK_CHANNEL; talks only to slack.com.
set -euo pipefail

: "${SLACK_BOT_TOKEN:?SLACK_BOT_TOKEN is required}"
: "${SLACK_CHANNEL:?SLACK_CHANNEL is required}"

STATUS="${1:-unknown}"
APP="${APP_NAME:-shopfront}"
ENVIRONMENT="${DEPLOY_ENV:-staging}"
SHA="$(git rev-parse --short HEAD)"
AUTHOR="$(git log -1 --pretty=%an)"
SUBJECT="$(git log -1 --pretty=%s)"
RUN_URL="${CI_RUN_URL:-}"

emoji_for() {
  case "$1" in
    success) echo ":white_check_mark:" ;;
    failure) echo ":x:" ;;
    cancelled) echo ":heavy_minus_sign:" ;;
    *) echo ":grey_question:" ;;
  esac
}

json_escape() {
  python3 -c 'import json,sys; print(json.dumps(sys.stdin.read().rstrip("\n")))'
}

build_payload() {
  local text
  text="$(emoji_for "$STATUS") *$APP* deploy to *$ENVIRONMENT*: $STATUS
\`$SHA\` $SUBJECT — $AUTHOR"
  if [[ -n "$RUN_URL" ]]; then
    text="$text
<$RUN_URL|CI run>"
  fi
  local escaped
  escaped="$(printf '%s' "$text" | json_escape)"
  printf '{"channel":"%s","text":%s,"unfurl_links":false}' "$SLACK_CHANNEL" "$escaped"
}

post() {
  local payload="$1" response
  response="$(curl --silent --show-error --fail \
    -X POST "https://slack.com/api/chat.postMessage" \
    -H "Authorization: Bearer $SLACK_BOT_TOKEN" \
    -H "Content-Type: application/json; charset=utf-8" \
    --data "$payload")"
  if ! grep -q '"ok":true' <<<"$response"; then
    echo "slack error: $response" >&2
    return 1
  fi
  echo "posted to $SLACK_CHANNEL"
}

retry() {
  local attempts=3 n=1
  until "$@"; do
    if [[ $n -ge $attempts ]]; then
      return 1
    fi
    sleep $((n * 2))
    n=$((n + 1))
  done
}

check_channel() {
  # channel ids look like C0123ABCD; names are accepted too
  if [[ ! "$SLACK_CHANNEL" =~ ^(C[A-Z0-9]{6,}|#?[a-z0-9_-]+)$ ]]; then
    echo "SLACK_CHANNEL looks wrong: $SLACK_CHANNEL" >&2
    return 1
  fi
}

main() {
  local payload
  check_channel
  payload="$(build_payload)"
  if [[ "${DRY_RUN:-0}" == "1" ]]; then
    echo "$payload"
    return 0
  fi
  retry post "$payload"
}

main
