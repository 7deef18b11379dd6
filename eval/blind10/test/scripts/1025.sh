#!/usr/bin/env bash
# jsonlog-report.sh - summarise the JSON-lines logs written by the worker
# fleet into var/logs/*.jsonl: job outcomes, retries, slowest job types and
# the most frequent exception classes. Prints markdown to stdout.
set -euo pipefail

LOG_GLOB="${LOG_GLOB:-var/logs/*.jsonl}"
LIMIT="${LIMIT:-10}"
SINCE=""

usage() { echo "usage: $0 [-s YYYY-MM-DD] [-n LIMIT]"; }

while getopts ":s:n:h" o; do
  case "$o" in
    s) SINCE="$OPTARG" ;;
    n) LIMIT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

shopt -s nullglob
files=( $LOG_GLOB )
shopt -u nullglob
if (( ${#files[@]} == 0 )); then
  echo "no logs match $LOG_GLOB" >&2
  exit 1
fi

events() {
  if [[ -n "$SINCE" ]]; then
    jq -c --arg since "$SINCE" 'select(.ts >= $since)' "${files[@]}"
  else
    jq -c '.' "${files[@]}"
  fi
}

outcomes() {
  events | jq -r 'select(.event == "job.finished") | .outcome' | sort | uniq -c | sort -rn
}

retries() {
  events | jq -r 'select(.event == "job.retry") | .job_type' | sort | uniq -c | sort -rn | head -n "$LIMIT"
}

slowest() {
  events \
    | jq -r 'select(.event == "job.finished" and .duration_s != null) | "\(.job_type)\t\(.duration_s)"' \
    | awk -F'\t' '{ sum[$1] += $2; n[$1]++; if ($2 > max[$1]) max[$1] = $2 }
        END { for (k in sum) printf "%s\t%.2f\t%.2f\t%d\n", k, sum[k]/n[k], max[k], n[k] }' \
    | sort -t$'\t' -k2 -rn | head -n "$LIMIT"
}

exceptions() {
  events | jq -r 'select(.exc_type != null) | .exc_type' | sort | uniq -c | sort -rn | head -n "$LIMIT"
}

failures_by_hour() {
  events \
    | jq -r 'select(.event == "job.finished" and .outcome != "ok") | .ts[0:13]' \
    | sort | uniq -c
}

echo "# Worker log report"
echo
echo "_files: ${#files[@]}${SINCE:+, since $SINCE}_"
echo
echo "## Outcomes"
outcomes | awk '{ printf "- %s: %s\n", $2, $1 }'
echo
echo "## Retries by job type"
retries | awk '{ printf "- %s: %s\n", $2, $1 }'
echo
echo "## Slowest job types (avg / max seconds, count)"
echo
echo "| job type | avg | max | count |"
echo "|---|---|---|---|"
slowest | awk -F'\t' '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }'
echo
echo "## Failures per hour"
failures_by_hour | awk '{ printf "- %s:00 %s\n", $2, $1 }'
echo
echo "## Exceptions"
exceptions | awk '{ printf "- %s: %s\n", $2, $1 }'
