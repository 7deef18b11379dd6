#!/usr/bin/env bash
# announce-release.sh - post a release announcement to Slack.
#
#   tools/announce-release.sh v0.9.0              # post to $SLACK_RELEASE_CHANNEL
#   tools/announce-release.sh v0.9.0 --preview    # print the payload only
#   tools/announce-release.sh v0.9.0 --thread 1718012345.001200
#
# Reads the release notes section for the tag from CHANGELOG.md, adds the
# download links of the GitHub release (via `gh`), and calls Slack's
# chat.postMessage with SLACK_BOT_TOKEN. The token is only ever sent in the
# Authorization header to slack.com.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

TAG="${1:-}"
shift || true
PREVIEW=0
THREAD_TS=""
while (( $# )); do
  case "$1" in
    --preview) PREVIEW=1; shift ;;
    --thread) THREAD_TS="${2:?}"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

die() { echo "announce: $*" >&2; exit 1; }
[[ "$TAG" =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-rc\.[0-9]+)?$ ]] || die "usage: $0 vX.Y.Z [--preview]"
[[ -z "$THREAD_TS" || "$THREAD_TS" =~ ^[0-9]+\.[0-9]+$ ]] || die "--thread must be a Slack ts"
command -v jq >/dev/null || die "jq required"

VERSION="${TAG#v}"
CHANNEL="${SLACK_RELEASE_CHANNEL:-}"
API="https://slack.com/api/chat.postMessage"

notes_section() {
  awk -v v="$VERSION" '
    $0 ~ "^## \\[?" v "\\]?" { on = 1; next }
    on && /^## / { exit }
    on { print }
  ' CHANGELOG.md | sed '/^[[:space:]]*$/N;/^\n$/D' | head -n 40
}

assets() {
  if command -v gh >/dev/null && gh release view "$TAG" >/dev/null 2>&1; then
    gh release view "$TAG" --json assets,url \
      --jq '"<\(.url)|Release page>", (.assets[] | "- <\(.url)|\(.name)>")'
  else
    echo "(GitHub release not found; links omitted)"
  fi
}

check_changelog_format() {
  # the awk extraction expects "## X.Y.Z" or "## [X.Y.Z]" headings
  if ! grep -qE '^## \[?[0-9]+\.[0-9]+\.[0-9]+' CHANGELOG.md 2>/dev/null; then
    echo "warning: CHANGELOG.md has no version headings in the expected format" >&2
  fi
}

truncate_notes() {
  # Slack section blocks are limited to 3000 characters
  local text="$1"
  if (( ${#text} > 2900 )); then
    printf '%s\n_(truncated, see the release page)_' "${text:0:2800}"
  else
    printf '%s' "$text"
  fi
}

emoji_for() {
  case "$TAG" in
    *-rc.*) echo ":test_tube:" ;;
    *.0) echo ":rocket:" ;;
    *) echo ":package:" ;;
  esac
}

already_announced() {
  [[ -f .release-announcements ]] && grep -q "^$TAG " .release-announcements
}

contributors() {
  # first names of commit authors since the previous tag, for the thank-you line
  local prev
  prev="$(git describe --tags --abbrev=0 "$TAG^" 2>/dev/null || true)"
  git log "${prev:+$prev..}$TAG" --no-merges --format='%aN' 2>/dev/null \
    | awk '{print $1}' | sort -u | paste -sd ', ' -
}

stats_line() {
  local prev files commits
  prev="$(git describe --tags --abbrev=0 "$TAG^" 2>/dev/null || true)"
  commits="$(git rev-list --count "${prev:+$prev..}$TAG" 2>/dev/null || echo '?')"
  files="$(git diff --name-only "${prev:-$TAG~1}" "$TAG" 2>/dev/null | wc -l | tr -d ' ')"
  printf '%s commits, %s files changed' "$commits" "$files"
}

if already_announced && (( ! PREVIEW )) && [[ -z "$THREAD_TS" ]]; then
  die "$TAG was already announced (see .release-announcements); use --thread to follow up"
fi

check_changelog_format
NOTES="$(notes_section)"
[[ -n "$NOTES" ]] || NOTES="_No changelog entry found for $VERSION._"
NOTES="$(truncate_notes "$NOTES")"
LINKS="$(assets)"
THANKS="$(contributors)"
[[ -n "$THANKS" ]] && LINKS+=$'\n'"Thanks to $THANKS ($(stats_line))"
HEADER="$(emoji_for) *ledger $TAG* is out"

PAYLOAD="$(jq -n \
  --arg channel "$CHANNEL" \
  --arg header "$HEADER" \
  --arg notes "$NOTES" \
  --arg links "$LINKS" \
  --arg thread "$THREAD_TS" \
  '{
     channel: $channel,
     text: $header,
     unfurl_links: false,
     blocks: [
       { type: "section", text: { type: "mrkdwn", text: $header } },
       { type: "section", text: { type: "mrkdwn", text: ($notes | .[0:2900]) } },
       { type: "context", elements: [ { type: "mrkdwn", text: $links } ] }
     ]
   } + (if $thread != "" then { thread_ts: $thread } else {} end)')"

if (( PREVIEW )); then
  jq . <<<"$PAYLOAD"
  exit 0
fi

[[ -n "${SLACK_BOT_TOKEN:-}" ]] || die "SLACK_BOT_TOKEN not set"
[[ "$CHANNEL" =~ ^[CG][A-Z0-9]{8,}$ ]] || die "SLACK_RELEASE_CHANNEL must be a channel id"

RESPONSE_FILE="$(mktemp)"
trap 'rm -f -- "$RESPONSE_FILE"' EXIT

for attempt in 1 2 3; do
  code="$(curl -sS -o "$RESPONSE_FILE" -w '%{http_code}' \
    --header "Authorization: Bearer $SLACK_BOT_TOKEN" \
    --header 'Content-Type: application/json; charset=utf-8' \
    --data "$PAYLOAD" "$API")"
  if [[ "$code" == 429 ]]; then
    sleep $((attempt * 3))
    continue
  fi
  break
done

if [[ "$(jq -r .ok "$RESPONSE_FILE")" != "true" ]]; then
  die "Slack error (HTTP $code): $(jq -r '.error // "unknown"' "$RESPONSE_FILE")"
fi
TS="$(jq -r .ts "$RESPONSE_FILE")"
echo "announced $TAG (ts $TS)"
echo "$TAG $TS" >> .release-announcements
