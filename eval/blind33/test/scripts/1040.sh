#!/usr/bin/env bash
#
# timew-report.sh - weekly/monthly Timewarrior reports for the freelance repo
#
# Produces, for a given range, under reports/timew/<label>/:
#   intervals.json   raw `timew export` output
#   by-client.csv    hours per client:<name> tag
#   by-project.csv   hours per project:<name> tag
#   summary.md       human readable summary incl. untagged time
#
# Optional --expense posts the total billable amount as a draft *expense* to
# Invoice Ninja (https://invoicing.co) for bookkeeping; this requires
# NINJA_API_TOKEN in billing/.env and is never done without the flag.
#
# usage: billing/timew-report.sh [:week|:month|:lastmonth|YYYY-MM] [--expense]

set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
rates_file="$here/rates.tsv"
range=":week"
post_expense=0

for a in "$@"; do
  case "$a" in
    --expense) post_expense=1 ;;
    :week|:month|:lastmonth|:lastweek) range="$a" ;;
    [0-9][0-9][0-9][0-9]-[0-9][0-9]) range="$a" ;;
    -h|--help) echo "usage: $0 [:week|:month|:lastmonth|YYYY-MM] [--expense]"; exit 0 ;;
    *) echo "timew-report: unknown argument '$a'" >&2; exit 2 ;;
  esac
done

out() { printf 'timew-report: %s\n' "$*"; }

range_args() {
  if [[ "$range" == :* ]]; then
    printf '%s\n' "$range"
  else
    local start next
    start="$range-01"
    next="$(date -d "$start +1 month" +%Y-%m-01)"
    printf '%s\n%s\n%s\n' "$start" "-" "$next"
  fi
}

label() {
  case "$range" in
    :week) date +%G-W%V ;;
    :lastweek) date -d 'last week' +%G-W%V ;;
    :month) date +%Y-%m ;;
    :lastmonth) date -d 'last month' +%Y-%m ;;
    *) printf '%s\n' "$range" ;;
  esac
}

rate_for() {
  # rates.tsv: client<TAB>hourly rate; "*" is the default
  local client="$1" rate
  rate="$(awk -F'\t' -v c="$client" '$1 == c {print $2; exit}' "$rates_file" 2>/dev/null)"
  [[ -n "$rate" ]] || rate="$(awk -F'\t' '$1 == "*" {print $2; exit}' "$rates_file" 2>/dev/null)"
  printf '%s\n' "${rate:-0}"
}

check_rates() {
  # every client tag seen in the range should have a rate (or the "*" default)
  [[ -f "$rates_file" ]] || { out "no billing/rates.tsv; amounts will be 0"; return 0; }
  local missing=()
  local client
  while read -r client; do
    [[ -z "$client" ]] && continue
    if ! awk -F'\t' -v c="$client" '$1 == c || $1 == "*" {found=1} END {exit !found}' "$rates_file"; then
      missing+=("$client")
    fi
  done < <(jq -r '[.[].tags // [] | .[] | select(startswith("client:")) | sub("^client:"; "")] | unique[]' "$dest/intervals.json")
  if (( ${#missing[@]} )); then
    out "no rate for client(s): ${missing[*]} (add them to billing/rates.tsv)"
  fi
}

open_interval_warning() {
  local open
  open="$(jq '[.[] | select(has("end") | not)] | length' "$dest/intervals.json")"
  if (( open > 0 )); then
    out "warning: $open interval(s) still running; their time is counted up to now"
  fi
}

overlap_check() {
  # overlapping intervals usually mean a forgotten `timew stop`
  local overlaps
  overlaps="$(jq -r '
    sort_by(.start) | [range(1; length) as $i | select(.[$i-1].end != null and .[$i-1].end > .[$i].start)
      | "\(.[$i-1].id) overlaps \(.[$i].id)"] | .[]' "$dest/intervals.json")"
  if [[ -n "$overlaps" ]]; then
    out "overlapping intervals (fix with timew modify):"
    sed 's/^/    @/' <<< "$overlaps"
  fi
}

command -v timew >/dev/null || { echo "timewarrior is not installed" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 2; }

dest="$root/reports/timew/$(label)"
mkdir -p "$dest"
mapfile -t rargs < <(range_args)
timew export "${rargs[@]}" > "$dest/intervals.json"
count="$(jq 'length' "$dest/intervals.json")"
out "exported $count interval(s) for $(label)"
check_rates
open_interval_warning
overlap_check

# hours per tag prefix; open intervals count up to now
hours_by() {
  local prefix="$1"
  jq -r --arg p "$prefix:" '
    def ts: strptime("%Y%m%dT%H%M%SZ") | mktime;
    map({tag: ((.tags // []) | map(select(startswith($p))) | .[0] // "(none)" | sub("^" + $p; "")),
         secs: (((.end // (now | strftime("%Y%m%dT%H%M%SZ"))) | ts) - (.start | ts))})
    | group_by(.tag)
    | map([.[0].tag, ((map(.secs) | add) / 3600 * 100 | round / 100)])
    | sort_by(-.[1])[] | @csv' "$dest/intervals.json"
}

{
  echo '"client","hours","rate","amount"'
  while IFS=, read -r client hours; do
    client="${client//\"/}"
    rate="$(rate_for "$client")"
    printf '"%s",%s,%s,%s\n' "$client" "$hours" "$rate" "$(awk -v h="$hours" -v r="$rate" 'BEGIN {printf "%.2f", h * r}')"
  done < <(hours_by client)
} > "$dest/by-client.csv"

{
  echo '"project","hours"'
  hours_by project
} > "$dest/by-project.csv"

total_hours="$(awk -F, 'NR > 1 {s += $2} END {printf "%.2f", s}' "$dest/by-client.csv")"
billable="$(awk -F, 'NR > 1 && $1 != "\"(none)\"" {s += $4} END {printf "%.2f", s}' "$dest/by-client.csv")"
untagged="$(awk -F, '$1 == "\"(none)\"" {print $2}' "$dest/by-client.csv")"

{
  echo "# Time report $(label)"
  echo
  echo "- intervals: $count"
  echo "- total hours: $total_hours"
  echo "- billable amount: $billable"
  [[ -n "$untagged" ]] && echo "- **untagged hours: $untagged** (add client:<name> tags before invoicing)"
  echo
  echo "| client | hours | amount |"
  echo "|---|---|---|"
  awk -F, 'NR > 1 {gsub(/"/, "", $1); printf "| %s | %s | %s |\n", $1, $2, $4}' "$dest/by-client.csv"
  echo
  echo "| project | hours |"
  echo "|---|---|"
  awk -F, 'NR > 1 {gsub(/"/, "", $1); printf "| %s | %s |\n", $1, $2}' "$dest/by-project.csv"
} > "$dest/summary.md"

if [[ "$count" -eq 0 ]]; then
  out "nothing tracked in this range"
fi
out "report written to ${dest#"$root"/}/summary.md"
cat "$dest/summary.md"

if (( post_expense )); then
  token="$(sed -n 's/^NINJA_API_TOKEN=//p' "$here/.env" 2>/dev/null)"
  [[ -n "$token" ]] || { echo "timew-report: NINJA_API_TOKEN missing in billing/.env" >&2; exit 2; }
  out "posting draft expense of $billable to Invoice Ninja (token ${token:0:4}...)"
  payload="$(jq -n --arg amount "$billable" --arg note "time report $(label)" \
    '{amount: ($amount | tonumber), public_notes: $note, should_be_invoiced: false}')"
  curl -fsS --retry 3 --retry-delay 2 \
    -H "X-Api-Token: $token" \
    -H "X-Requested-With: XMLHttpRequest" \
    -H "Content-Type: application/json" \
    -d "$payload" \
    https://invoicing.co/api/v1/expenses | jq -r '"expense " + .data.id + " created"'
fi
