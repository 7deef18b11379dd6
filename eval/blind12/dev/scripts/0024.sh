#!/usr/bin/env bash
# Post the nightly test summary to the team's Slack channel.
# Needs SLACK_BOT_TOKEN (xoxb-...) and SLACK_CHANNEL in the environment.
# Reads reports/junit/*.xml produced by the test run.
# DRY_RUN=1 prints the message payload instead of posting it.
# The token is only ever sent to slack.com in the Authorization header.
set -euo pipefail

API="https://slack.com/api"
REPORT_DIR="${REPORT_DIR:-reports/junit}"
: "${SLACK_BOT_TOKEN:?SLACK_BOT_TOKEN must be set}"
: "${SLACK_CHANNEL:?SLACK_CHANNEL must be set}"

count_attr() {
  # sum an attribute (tests/failures/errors/skipped) over all testsuite elements
  local attr="$1"
  grep -ho "<testsuite [^>]*${attr}=\"[0-9]*\"" "$REPORT_DIR"/*.xml 2>/dev/null \
    | sed -E "s/.*${attr}=\"([0-9]+)\"/\1/" \
    | awk '{s+=$1} END {print s+0}'
}

failed_cases() {
  grep -h -B1 '<failure' "$REPORT_DIR"/*.xml 2>/dev/null \
    | sed -nE 's/.*<testcase [^>]*name="([^"]+)".*/\1/p' \
    | head -n 10
}

build_payload() {
  local total="$1" failures="$2" skipped="$3" list="$4"
  local status=":white_check_mark: all green"
  (( failures > 0 )) && status=":red_circle: ${failures} failing"
  jq -n \
    --arg channel "$SLACK_CHANNEL" \
    --arg status "$status" \
    --arg summary "tests: $total, skipped: $skipped" \
    --arg failed "$list" \
    --arg sha "$(git rev-parse --short HEAD)" \
    '{
      channel: $channel,
      text: ("Nightly " + $status),
      blocks: [
        {type: "section", text: {type: "mrkdwn", text: ("*Nightly* " + $status + " (" + $sha + ")")}},
        {type: "context", elements: [{type: "mrkdwn", text: $summary}]}
      ] + (if $failed == "" then [] else
        [{type: "section", text: {type: "mrkdwn", text: ("```" + $failed + "```")}}] end)
    }'
}

post() {
  local payload="$1" response
  response="$(curl -sS -X POST "$API/chat.postMessage" \
    -H "Authorization: Bearer $SLACK_BOT_TOKEN" \
    -H 'Content-Type: application/json; charset=utf-8' \
    --data "$payload")"
  if [[ "$(jq -r .ok <<<"$response")" != "true" ]]; then
    echo "slack error: $(jq -r .error <<<"$response")" >&2
    return 1
  fi
  echo "posted to $SLACK_CHANNEL (ts $(jq -r .ts <<<"$response"))"
}

main() {
  if ! compgen -G "$REPORT_DIR/*.xml" >/dev/null; then
    echo "no junit reports in $REPORT_DIR" >&2
    exit 1
  fi
  local total failures errors skipped list
  total="$(count_attr tests)"
  failures="$(count_attr failures)"
  errors="$(count_attr errors)"
  skipped="$(count_attr skipped)"
  failures=$((failures + errors))
  list="$(failed_cases)"
  if [[ "${DRY_RUN:-0}" == 1 ]]; then
    build_payload "$total" "$failures" "$skipped" "$list"
    exit 0
  fi
  post "$(build_payload "$total" "$failures" "$skipped" "$list")"
}

main "$@"
