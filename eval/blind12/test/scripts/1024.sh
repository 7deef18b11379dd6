#!/usr/bin/env bash
# Post (or update) a coverage summary comment on the current pull request.
# Uses GH_TOKEN against api.github.com only. Reads coverage/coverage-summary.json.
#   usage: scripts/coverage-comment.sh <pr-number>
set -euo pipefail

API="https://api.github.com"
MARKER="<!-- coverage-bot -->"
SUMMARY="coverage/coverage-summary.json"
PR="${1:?usage: $0 <pr-number>}"
: "${GH_TOKEN:?GH_TOKEN is required}"

repo_slug() {
  git remote get-url origin | sed -E 's#(git@github.com:|https://github.com/)##; s#\.git$##'
}

gh_api() {
  local method="$1" path="$2"; shift 2
  curl -fsS -X "$method" "$API$path" \
    -H "Authorization: Bearer $GH_TOKEN" \
    -H "Accept: application/vnd.github+json" \
    -H "X-GitHub-Api-Version: 2022-11-28" \
    "$@"
}

pct() {
  jq -r --arg k "$1" '.total[$k].pct' "$SUMMARY"
}

render_body() {
  local lines statements branches functions
  lines="$(pct lines)"; statements="$(pct statements)"
  branches="$(pct branches)"; functions="$(pct functions)"
  cat <<EOF
$MARKER
### Coverage for \`$(git rev-parse --short HEAD)\`

| metric | % |
|---|---:|
| lines | $lines |
| statements | $statements |
| branches | $branches |
| functions | $functions |
EOF
}

existing_comment_id() {
  local slug="$1"
  gh_api GET "/repos/$slug/issues/$PR/comments?per_page=100" \
    | jq -r --arg m "$MARKER" '[.[] | select(.body | startswith($m))][0].id // empty'
}

below_threshold() {
  # exit status 0 when line coverage is below COVERAGE_MIN (default 80)
  local min="${COVERAGE_MIN:-80}" lines
  lines="$(pct lines)"
  awk -v l="$lines" -v m="$min" 'BEGIN { exit !(l < m) }'
}

threshold_note() {
  if below_threshold; then
    printf '\n> :warning: line coverage is below the %s%% target\n' "${COVERAGE_MIN:-80}"
  fi
}

main() {
  [[ -f "$SUMMARY" ]] || { echo "no $SUMMARY; run tests with coverage first" >&2; exit 1; }
  local slug body payload id
  slug="$(repo_slug)"
  body="$(render_body)$(threshold_note)"
  if [[ "${DRY_RUN:-0}" == 1 ]]; then
    printf '%s\n' "$body"
    exit 0
  fi
  payload="$(jq -n --arg body "$body" '{body: $body}')"
  id="$(existing_comment_id "$slug")"
  if [[ -n "$id" ]]; then
    gh_api PATCH "/repos/$slug/issues/comments/$id" --data "$payload" >/dev/null
    echo "updated coverage comment $id on #$PR"
  else
    gh_api POST "/repos/$slug/issues/$PR/comments" --data "$payload" \
      | jq -r '"created comment " + (.id|tostring)'
  fi
}

main
