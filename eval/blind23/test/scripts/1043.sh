#!/usr/bin/env bash
#
# access-report.sh - summarise the dev reverse proxy's access logs for
# tessera's HTTP API (out/logs/access*.log, combined log format) and optionally
# post the summary to Slack with the project's bot token.
#
#   tools/access-report.sh                     # last 24 h, print
#   tools/access-report.sh --hours 6 --top 15
#   tools/access-report.sh --post              # chat.postMessage to $SLACK_CHANNEL
#
# Token: SLACK_BOT_TOKEN from the environment or the git-ignored .env file.
# It is only used in the Authorization header of requests to slack.com.

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly TOP=$(git rev-parse --show-toplevel)
readonly LOGS="$TOP/out/logs"
readonly SLACK_API=https://slack.com/api/chat.postMessage
HOURS=24
TOP_N=10
POST=false
CHANNEL=${SLACK_CHANNEL:-"#tessera-dev"}
SCRATCH=""

say()  { printf '%s\n' "$*"; }
yell() { printf '%s: %s\n' "$PROG" "$*" >&2; }
abort() { yell "$*"; exit 1; }

cleanup() { [[ -n $SCRATCH ]] && rm -rf -- "$SCRATCH"; }
trap cleanup EXIT

while (( $# )); do
  case $1 in
    --hours) HOURS=${2:?}; shift ;;
    --top) TOP_N=${2:?}; shift ;;
    --post) POST=true ;;
    --channel) CHANNEL=${2:?}; shift ;;
    *) abort "unknown option $1" ;;
  esac
  shift
done

[[ $HOURS =~ ^[0-9]+$ ]] || abort "--hours must be an integer"
command -v jq >/dev/null || abort "jq is required"
SCRATCH=$(mktemp -d)

check_channel() {
  # Slack channel names: lowercase, no spaces; IDs start with C/G
  case $CHANNEL in
    \#[a-z0-9._-]*|C[A-Z0-9]*|G[A-Z0-9]*) ;;
    *) abort "suspicious Slack channel '$CHANNEL'" ;;
  esac
}

top_clients() {
  # per-client counts (first field = remote address) for spotting a runaway test
  say ""
  say "*Top clients*"
  shopt -s nullglob
  local f
  for f in "$LOGS"/access*.log; do awk '{print $1}' "$f"; done | sort | uniq -c | sort -rn |
    head -n 5 | awk '{printf "• %s: %d\n", $2, $1}'
  shopt -u nullglob
}

dotenv_value() {
  local key=$1 line
  [[ -f $TOP/.env ]] || return 1
  while IFS= read -r line; do
    [[ $line == "$key="* ]] || continue
    line=${line#"$key="}
    line=${line%\"}; line=${line#\"}
    printf '%s' "$line"
    return 0
  done <"$TOP/.env"
  return 1
}

# Combined log format -> epoch<TAB>status<TAB>method<TAB>path<TAB>bytes<TAB>rt
normalise() {
  awk -v since="$(date -d "-$HOURS hours" +%s)" '
    BEGIN {
      split("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec", m, " ")
      for (i = 1; i <= 12; i++) mon[m[i]] = i
    }
    {
      # [10/Oct/2024:13:55:36 +0000]
      ts = substr($4, 2)
      split(ts, p, /[\/:]/)
      epoch = mktime(p[3] " " mon[p[2]] " " p[1] " " p[4] " " p[5] " " p[6])
      if (epoch < since) next
      method = substr($6, 2)
      path = $7
      sub(/\?.*/, "", path)
      gsub(/\/[0-9]+/, "/:id", path)
      rt = ($NF ~ /^[0-9.]+$/) ? $NF : "-"
      printf "%d\t%s\t%s\t%s\t%s\t%s\n", epoch, $9, method, path, $10, rt
    }'
}

collect() {
  local f
  shopt -s nullglob
  for f in "$LOGS"/access*.log "$LOGS"/access*.log.gz; do
    if [[ $f == *.gz ]]; then zcat -- "$f"; else cat -- "$f"; fi
  done | normalise >"$SCRATCH/records.tsv"
  shopt -u nullglob
}

summarise() {
  local total errors5 errors4
  total=$(wc -l <"$SCRATCH/records.tsv")
  errors5=$(awk -F'\t' '$2 >= 500' "$SCRATCH/records.tsv" | wc -l)
  errors4=$(awk -F'\t' '$2 >= 400 && $2 < 500' "$SCRATCH/records.tsv" | wc -l)
  {
    say "*tessera API access report* - last ${HOURS}h"
    say "requests: $total, 4xx: $errors4, 5xx: $errors5"
    say ""
    say "*Top routes*"
    awk -F'\t' '{print $3 " " $4}' "$SCRATCH/records.tsv" | sort | uniq -c | sort -rn |
      head -n "$TOP_N" | awk '{c = $1; $1 = ""; printf "• %s%s\n", c, $0}'
    say ""
    say "*5xx by route*"
    awk -F'\t' '$2 >= 500 {print $3 " " $4}' "$SCRATCH/records.tsv" | sort | uniq -c |
      sort -rn | head -n "$TOP_N" | awk '{c = $1; $1 = ""; printf "• %s%s\n", c, $0}'
    say ""
    say "*Slowest routes (p95 seconds)*"
    awk -F'\t' '$6 != "-" {print $3 " " $4 "\t" $6}' "$SCRATCH/records.tsv" |
      sort -t$'\t' -k1,1 -k2,2n |
      awk -F'\t' '
        { key = $1; v[key, ++n[key]] = $2 }
        END { for (k in n) { i = int(n[k] * 0.95); if (i < 1) i = 1; printf "%s\t%.3f\t%d\n", k, v[k, i], n[k] } }' |
      sort -t$'\t' -k2,2nr | head -n "$TOP_N" | awk -F'\t' '{printf "• %s: %ss (%d req)\n", $1, $2, $3}'
  } >"$SCRATCH/report.txt"
}

post() {
  local token
  token=${SLACK_BOT_TOKEN:-$(dotenv_value SLACK_BOT_TOKEN || true)}
  [[ -n $token ]] || abort "SLACK_BOT_TOKEN not set (environment or .env)"
  jq -n --arg ch "$CHANNEL" --rawfile text "$SCRATCH/report.txt" \
    '{channel: $ch, text: $text, unfurl_links: false}' >"$SCRATCH/payload.json"
  local attempt=1 resp
  while :; do
    resp=$(curl -sS --max-time 20 -X POST "$SLACK_API" \
      -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/json; charset=utf-8' \
      --data @"$SCRATCH/payload.json") || resp='{"ok":false,"error":"curl"}'
    if jq -e '.ok' >/dev/null <<<"$resp"; then
      say "posted to $CHANNEL"
      return 0
    fi
    (( attempt >= 4 )) && abort "Slack API error: $(jq -r '.error' <<<"$resp")"
    sleep $(( attempt * 2 ))
    attempt=$(( attempt + 1 ))
  done
}

status_histogram() {
  say ""
  say "*Status codes*"
  awk -F'\t' '{ c[$2]++ } END { for (s in c) printf "%s\t%d\n", s, c[s] }' "$SCRATCH/records.tsv" |
    sort -n | awk -F'\t' '{ printf "• %s: %d\n", $1, $2 }'
}

hourly() {
  say ""
  say "*Requests per hour*"
  awk -F'\t' '{ h = strftime("%m-%d %Hh", $1); c[h]++ } END { for (k in c) print k "\t" c[k] }' \
    "$SCRATCH/records.tsv" | sort | tail -n 12 |
    awk -F'\t' 'BEGIN { max = 0 } { k[NR] = $1; v[NR] = $2; if ($2 > max) max = $2 }
                END { for (i = 1; i <= NR; i++) { n = int(v[i] * 30 / max); s = "";
                      for (j = 0; j < n; j++) s = s "▇"; printf "`%s` %s %d\n", k[i], s, v[i] } }'
}

main() {
  [[ -d $LOGS ]] || abort "no log directory ${LOGS#"$TOP"/}"
  collect
  if [[ ! -s $SCRATCH/records.tsv ]]; then
    say "no requests in the last ${HOURS}h"
    return 0
  fi
  summarise
  { status_histogram; hourly; top_clients; } >>"$SCRATCH/report.txt"
  $POST && check_channel
  cat "$SCRATCH/report.txt"
  cp -- "$SCRATCH/report.txt" "$TOP/out/access-report.txt"
  if $POST; then
    post
  fi
}

main
