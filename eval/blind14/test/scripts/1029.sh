#!/usr/bin/env bash
# Post a deploy summary to Slack with the Web API (chat.postMessage).
# SLACK_BOT_TOKEN comes from the environment and goes only to slack.com.
set -euo pipefail

channel=${SLACK_CHANNEL:-#orbit-deploys}
environment=${1:-staging}
service=${2:-orbit-api}

if [[ -z ${SLACK_BOT_TOKEN:-} ]]; then
  echo "SLACK_BOT_TOKEN is not set; skipping notification" >&2
  exit 0
fi

if ! command -v jq >/dev/null; then
  echo "jq is required to build the Slack payload" >&2
  exit 1
fi

sha=$(git rev-parse --short HEAD)
subject=$(git log -1 --format=%s)
author=$(git log -1 --format=%an)
prev_tag=$(git describe --tags --abbrev=0 HEAD^ 2>/dev/null || true)
if [[ -n $prev_tag ]]; then
  commit_count=$(git rev-list --count "$prev_tag..HEAD")
else
  commit_count=$(git rev-list --count HEAD)
fi

case $environment in
  production) emoji=":rocket:"; color="#2eb886" ;;
  staging) emoji=":construction:"; color="#daa038" ;;
  *) emoji=":gear:"; color="#439fe0" ;;
esac

payload=$(jq -n \
  --arg channel "$channel" \
  --arg text "$emoji $service deployed to $environment ($sha)" \
  --arg color "$color" \
  --arg subject "$subject" \
  --arg author "$author" \
  --arg count "$commit_count" \
  --arg since "${prev_tag:-first release}" \
  '{
     channel: $channel,
     text: $text,
     attachments: [{
       color: $color,
       fields: [
         {title: "Last commit", value: $subject, short: false},
         {title: "Author", value: $author, short: true},
         {title: "Commits", value: ($count + " since " + $since), short: true}
       ]
     }]
   }')

response=$(curl -sS -X POST https://slack.com/api/chat.postMessage \
  -H "Authorization: Bearer $SLACK_BOT_TOKEN" \
  -H 'Content-Type: application/json; charset=utf-8' \
  --data "$payload")

if [[ $(jq -r .ok <<< "$response") != true ]]; then
  echo "slack error: $(jq -r .error <<< "$response")" >&2
  exit 1
fi

ts=$(jq -r .ts <<< "$response")
[[ -n $ts && $ts != null ]] || { echo "no message timestamp in response" >&2; exit 1; }
echo "posted to $channel (ts $ts)"

if [[ $environment == production ]]; then
  thread=$(jq -n --arg channel "$channel" --arg ts "$ts" \
    --arg text "Rollback: \`gh workflow run rollback.yml -f sha=$sha\`" \
    '{channel: $channel, thread_ts: $ts, text: $text}')
  curl -sS -X POST https://slack.com/api/chat.postMessage \
    -H "Authorization: Bearer $SLACK_BOT_TOKEN" \
    -H 'Content-Type: application/json; charset=utf-8' \
    --data "$thread" >/dev/null
  echo "added rollback hint in thread"
fi
