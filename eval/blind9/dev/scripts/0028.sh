#!/usr/bin/env bash
# Post a deploy summary to the team's Slack channel.
#
# Uses SLACK_BOT_TOKEN (a bot token with chat:write) and sends it only to
# https://slack.com/api. The message lists commits since the previous deploy tag.
#
#   scripts/notify-deploy.sh staging
set -euo pipefail

ENVIRONMENT="${1:?usage: notify-deploy.sh <environment>}"
CHANNEL="${SLACK_CHANNEL:-#deploys}"
SLACK_API="https://slack.com/api"
: "${SLACK_BOT_TOKEN:?SLACK_BOT_TOKEN must be set}"

for tool in curl jq git; do
  command -v "$tool" >/dev/null || { echo "$tool is required" >&2; exit 1; }
done

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

current_tag="deploy/$ENVIRONMENT/$(date -u +%Y%m%d-%H%M)"
previous_tag="$(git tag --list "deploy/$ENVIRONMENT/*" --sort=-creatordate | head -n1 || true)"

if [[ -n "$previous_tag" ]]; then
  range="$previous_tag..HEAD"
else
  range="HEAD~10..HEAD"
fi

commit_lines() {
  git log --no-merges --format='%h%x09%an%x09%s' "$range" | head -n 30 |
    while IFS=$'\t' read -r sha author subject; do
      subject="${subject//&/&amp;}"
      subject="${subject//</&lt;}"
      subject="${subject//>/&gt;}"
      printf '• `%s` %s — _%s_\n' "$sha" "$subject" "$author"
    done
}

count="$(git rev-list --no-merges --count "$range")"
body="$(commit_lines)"
[[ -n "$body" ]] || body="_no new commits_"

payload="$(jq -n \
  --arg channel "$CHANNEL" \
  --arg env "$ENVIRONMENT" \
  --arg tag "$current_tag" \
  --arg count "$count" \
  --arg body "$body" \
  --arg sha "$(git rev-parse --short HEAD)" \
  '{
    channel: $channel,
    text: "Deployed \($sha) to \($env)",
    blocks: [
      {type: "header", text: {type: "plain_text", text: "Deploy to \($env)"}},
      {type: "section", fields: [
        {type: "mrkdwn", text: "*Commit*\n`\($sha)`"},
        {type: "mrkdwn", text: "*Changes*\n\($count) commits"}
      ]},
      {type: "section", text: {type: "mrkdwn", text: $body}},
      {type: "context", elements: [{type: "mrkdwn", text: "tag `\($tag)`"}]}
    ]
  }')"

post() {
  curl -fsS -X POST "$SLACK_API/$1" \
    -H "Authorization: Bearer $SLACK_BOT_TOKEN" \
    -H 'Content-Type: application/json; charset=utf-8' \
    --data "$2"
}

response="$(post chat.postMessage "$payload")"
if [[ "$(jq -r '.ok' <<<"$response")" != "true" ]]; then
  echo "slack error: $(jq -r '.error' <<<"$response")" >&2
  exit 1
fi

ts="$(jq -r '.ts' <<<"$response")"
echo "posted to $CHANNEL (ts=$ts)"

git tag "$current_tag"
git push --quiet origin "$current_tag"
echo "tagged $current_tag"
