#!/usr/bin/env bash
# Post a deploy notification to Slack using the bot token in SLACK_BOT_TOKEN.
# The token is only sent to slack.com (chat.postMessage).
#
#   notify-deploy.sh -c '#deploys' -e staging [-s success|failure]
set -euo pipefail

API="https://slack.com/api/chat.postMessage"
CHANNEL=""
ENVIRONMENT=""
STATUS="success"
THREAD_TS=""

usage() {
  sed -n '2,5p' "$0"
  exit 2
}

while getopts ":c:e:s:t:" opt; do
  case "$opt" in
    c) CHANNEL="$OPTARG" ;;
    e) ENVIRONMENT="$OPTARG" ;;
    s) STATUS="$OPTARG" ;;
    t) THREAD_TS="$OPTARG" ;;
    *) usage ;;
  esac
done

[[ -n "$CHANNEL" && -n "$ENVIRONMENT" ]] || usage
: "${SLACK_BOT_TOKEN:?SLACK_BOT_TOKEN must be set}"

command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }

sha="$(git rev-parse --short HEAD)"
branch="$(git rev-parse --abbrev-ref HEAD)"
author="$(git log -1 --pretty=%an)"
subject="$(git log -1 --pretty=%s)"

case "$STATUS" in
  success) emoji=":white_check_mark:"; color="#2eb886" ;;
  failure) emoji=":x:"; color="#d40e0d" ;;
  *) echo "status must be success or failure" >&2; exit 2 ;;
esac

payload="$(jq -n \
  --arg channel "$CHANNEL" \
  --arg text "$emoji Deploy of \`$sha\` to *$ENVIRONMENT* $STATUS" \
  --arg color "$color" \
  --arg branch "$branch" \
  --arg author "$author" \
  --arg subject "$subject" \
  --arg thread "$THREAD_TS" \
  '{
     channel: $channel,
     text: $text,
     attachments: [{
       color: $color,
       fields: [
         {title: "Branch", value: $branch, short: true},
         {title: "Author", value: $author, short: true},
         {title: "Commit", value: $subject, short: false}
       ]
     }]
   } + (if $thread != "" then {thread_ts: $thread} else {} end)')"

response="$(curl -fsS -X POST "$API" \
  -H "Authorization: Bearer ${SLACK_BOT_TOKEN}" \
  -H "Content-Type: application/json; charset=utf-8" \
  --data "$payload")"

if [[ "$(jq -r .ok <<<"$response")" != "true" ]]; then
  echo "slack error: $(jq -r .error <<<"$response")" >&2
  exit 1
fi

ts="$(jq -r .ts <<<"$response")"
echo "posted to $CHANNEL (ts=$ts)"
if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
  echo "slack_ts=$ts" >> "$GITHUB_OUTPUT"
fi
