#!/usr/bin/env bash
# CI step: run tests, collect JUnit XML, and post a summary to Slack.
set -uo pipefail

REPORT_DIR="${REPORT_DIR:-reports}"
SLACK_WEBHOOK_URL="${SLACK_WEBHOOK_URL:-}"
RUN_URL="${GITHUB_SERVER_URL:-https://github.com}/${GITHUB_REPOSITORY:-local}/actions/runs/${GITHUB_RUN_ID:-0}"

mkdir -p "$REPORT_DIR"

run_tests() {
  go test ./... -json 2>&1 | tee "$REPORT_DIR/go-test.json" | go-junit-report -parser gojson > "$REPORT_DIR/junit.xml"
  return "${PIPESTATUS[0]}"
}

count() {
  local attr="$1"
  grep -o "$attr=\"[0-9]*\"" "$REPORT_DIR/junit.xml" | head -1 | grep -o '[0-9]*' || echo 0
}

notify() {
  local status="$1" tests failures
  tests="$(count tests)"
  failures="$(count failures)"
  if [[ -z "$SLACK_WEBHOOK_URL" ]]; then
    echo "SLACK_WEBHOOK_URL not set; skipping notification"
    return 0
  fi
  local emoji=":white_check_mark:"
  [[ "$status" -ne 0 ]] && emoji=":x:"
  local text="$emoji ${GITHUB_REPOSITORY:-repo}@${GITHUB_REF_NAME:-local}: $tests tests, $failures failures <$RUN_URL|run>"
  curl -fsS -X POST -H 'Content-Type: application/json' \
    --data "$(jq -n --arg t "$text" '{text: $t}')" \
    "$SLACK_WEBHOOK_URL" >/dev/null
}

write_outputs() {
  if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
    {
      echo "tests=$(count tests)"
      echo "failures=$(count failures)"
    } >> "$GITHUB_OUTPUT"
  fi
}

main() {
  run_tests
  local rc=$?
  write_outputs
  notify "$rc"
  exit "$rc"
}

main "$@"
