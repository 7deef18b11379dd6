#!/usr/bin/env bash
# perf-digest.sh - post the weekly benchmark digest to Slack.
#
# Reads bench/out/*.txt written by scripts/bench.sh, compares the newest
# result with the one from about a week earlier and posts a summary with
# chat.postMessage. Needs SLACK_BOT_TOKEN (xoxb-...) in the environment and
# the channel id in SLACK_PERF_CHANNEL.
#
#   scripts/perf-digest.sh            # post
#   scripts/perf-digest.sh --dry-run  # print the JSON payload instead
#
# The token is only sent in the Authorization header to slack.com; the
# payload contains benchmark numbers and the commit sha, nothing else.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

DRY_RUN=0
[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

OUT_DIR="bench/out"
API="https://slack.com/api/chat.postMessage"
CHANNEL="${SLACK_PERF_CHANNEL:-}"
REGRESSION_PCT="${REGRESSION_PCT:-5}"

die() { echo "perf-digest: $*" >&2; exit 1; }
command -v jq >/dev/null || die "jq is required"

shopt -s nullglob
files=("$OUT_DIR"/*.txt)
(( ${#files[@]} >= 1 )) || die "no results in $OUT_DIR; run scripts/bench.sh first"

usage() {
  cat <<'EOF'
perf-digest.sh - weekly benchmark digest to Slack

Environment:
  SLACK_BOT_TOKEN      bot token with chat:write (required unless --dry-run)
  SLACK_PERF_CHANNEL   channel id, e.g. C0123456789
  REGRESSION_PCT       threshold in percent for a red marker (default 5)

Options:
  --dry-run            print the payload instead of posting it
  --help               this text
EOF
}

if [[ "${1:-}" == "--help" ]]; then
  usage
  exit 0
fi

# sanity-check the result files: each line must look like
#   <scenario> rps=<number> p99=<value> non2xx=<number>
validate_result() {
  local file="$1" bad
  bad="$(awk '$2 !~ /^rps=[0-9.]+$/ { print NR": "$0 }' "$file" | head -n 3)"
  if [[ -n "$bad" ]]; then
    echo "perf-digest: $file has unexpected lines:" >&2
    echo "$bad" | sed 's/^/  /' >&2
    return 1
  fi
}

for f in "${files[@]}"; do
  validate_result "$f" || die "fix or remove $f"
done

newest="$(ls -1t "${files[@]}" | head -n 1)"
week_ago="$(find "$OUT_DIR" -name '*.txt' -mtime +6 -printf '%T@ %p\n' | sort -rn | head -n1 | cut -d' ' -f2-)"

rps_of() {
  # prints "scenario rps" pairs
  awk '{ split($2, a, "="); print $1, a[2] }' "$1"
}

rows=""
regressions=0
while read -r scenario now; do
  before=""
  if [[ -n "$week_ago" ]]; then
    before="$(rps_of "$week_ago" | awk -v s="$scenario" '$1 == s { print $2 }')"
  fi
  if [[ -n "$before" && "$before" != "0" ]]; then
    delta="$(awk -v a="$before" -v b="$now" 'BEGIN { printf "%+.1f", (b - a) / a * 100 }')"
    mark=":large_green_circle:"
    if awk -v d="$delta" -v t="$REGRESSION_PCT" 'BEGIN { exit !(d < -t) }'; then
      mark=":red_circle:"
      regressions=$((regressions + 1))
    fi
    rows+="$mark *$scenario*: ${before%.*} -> ${now%.*} rps ($delta%)\n"
  else
    rows+=":white_circle: *$scenario*: ${now%.*} rps (no baseline)\n"
  fi
done < <(rps_of "$newest")

sha="$(basename "$newest" .txt)"
title="Weekly perf digest for \`$sha\`"
if (( regressions > 0 )); then
  title+=" - $regressions regression(s) over ${REGRESSION_PCT}%"
fi

payload="$(jq -n \
  --arg channel "$CHANNEL" \
  --arg title "$title" \
  --arg rows "$(printf '%b' "$rows")" \
  '{
     channel: $channel,
     text: $title,
     blocks: [
       { type: "header", text: { type: "plain_text", text: "Weekly perf digest" } },
       { type: "section", text: { type: "mrkdwn", text: $title } },
       { type: "section", text: { type: "mrkdwn", text: $rows } }
     ]
   }')"

if (( DRY_RUN )); then
  echo "$payload" | jq .
  exit 0
fi

# keep a local copy of what was posted, for the weekly retro notes
mkdir -p "$OUT_DIR/digests"
printf '%s\n' "$payload" > "$OUT_DIR/digests/$(date +%Y-%m-%d).json"
ls -1t "$OUT_DIR"/digests/*.json 2>/dev/null | tail -n +13 | xargs -r rm -f --

[[ -n "${SLACK_BOT_TOKEN:-}" ]] || die "SLACK_BOT_TOKEN is not set"
[[ -n "$CHANNEL" ]] || die "SLACK_PERF_CHANNEL is not set"
[[ "$CHANNEL" =~ ^[CG][A-Z0-9]{8,}$ ]] || die "SLACK_PERF_CHANNEL should be a channel id like C0123456789"

attempt=0
while :; do
  attempt=$((attempt + 1))
  http_code="$(curl -sS -o /tmp/perf-digest.$$ -w '%{http_code}' -X POST "$API" \
    -H "Authorization: Bearer $SLACK_BOT_TOKEN" \
    -H 'Content-Type: application/json; charset=utf-8' \
    --data "$payload")"
  if [[ "$http_code" == "429" && $attempt -lt 3 ]]; then
    sleep $((attempt * 5))
    continue
  fi
  break
done

ok="$(jq -r .ok < /tmp/perf-digest.$$)"
err="$(jq -r '.error // empty' < /tmp/perf-digest.$$)"
rm -f /tmp/perf-digest.$$

if [[ "$ok" != "true" ]]; then
  die "slack returned http $http_code: ${err:-unknown error}"
fi
echo "posted digest ($regressions regression(s))"
