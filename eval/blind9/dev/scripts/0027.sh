#!/usr/bin/env bash
# Build a daily error report from the structured JSON logs in logs/app-*.jsonl.
#
# Output: reports/errors-YYYY-MM-DD.md with counts per error code, per route,
# and the first occurrence of each distinct message.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
LOG_DIR="$ROOT/logs"
REPORT_DIR="$ROOT/reports"
DAY="${1:-$(date +%F)}"
REPORT="$REPORT_DIR/errors-$DAY.md"
TMP="$(mktemp -d)"
trap 'rm -rf -- "$TMP"' EXIT

command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
mkdir -p "$REPORT_DIR"

shopt -s nullglob
files=("$LOG_DIR"/app-"$DAY"*.jsonl "$LOG_DIR"/app-"$DAY"*.jsonl.gz)
shopt -u nullglob
if [[ ${#files[@]} -eq 0 ]]; then
  echo "no logs for $DAY in ${LOG_DIR#"$ROOT"/}" >&2
  exit 1
fi

# Normalise everything into one stream of error records.
for f in "${files[@]}"; do
  case "$f" in
    *.gz) gzip -dc -- "$f" ;;
    *) cat -- "$f" ;;
  esac
done | jq -c 'select(.level == "error" or .level == "fatal")
              | {ts, code: (.error.code // "UNKNOWN"), route: (.http.route // "-"),
                 msg: (.msg // .error.message // ""), trace: (.trace_id // "")}' \
  > "$TMP/errors.jsonl"

total="$(wc -l < "$TMP/errors.jsonl" | tr -d ' ')"
if [[ "$total" -eq 0 ]]; then
  echo "no errors logged on $DAY"
fi

jq -r '.code' "$TMP/errors.jsonl" | sort | uniq -c | sort -rn > "$TMP/by_code"
jq -r '.route' "$TMP/errors.jsonl" | sort | uniq -c | sort -rn | head -20 > "$TMP/by_route"
jq -s -r 'group_by(.msg) | map({msg: .[0].msg, n: length, first: (map(.ts) | min), trace: .[0].trace})
          | sort_by(-.n) | .[:25][] | "| \(.n) | \(.first) | `\(.trace)` | \(.msg | gsub("\\|"; "\\\\|") | .[:120]) |"' \
  "$TMP/errors.jsonl" > "$TMP/messages"

hourly="$(jq -r '.ts[11:13]' "$TMP/errors.jsonl" | sort | uniq -c |
  awk '{ bar = ""; for (i = 0; i < $1 / 5 && i < 60; i++) bar = bar "#"; printf "%s:00 %5d %s\n", $2, $1, bar }')"

{
  echo "# Error report for $DAY"
  echo
  echo "Total error records: **$total** from ${#files[@]} log files."
  echo
  echo "## By error code"
  echo
  echo "| count | code |"
  echo "|------:|------|"
  awk '{ printf "| %s | %s |\n", $1, $2 }' "$TMP/by_code"
  echo
  echo "## Top routes"
  echo
  echo "| count | route |"
  echo "|------:|-------|"
  awk '{ c = $1; $1 = ""; sub(/^ /, ""); printf "| %s | %s |\n", c, $0 }' "$TMP/by_route"
  echo
  echo "## Distinct messages"
  echo
  echo "| count | first seen | trace | message |"
  echo "|------:|------------|-------|---------|"
  cat "$TMP/messages"
  echo
  echo "## Per hour"
  echo
  echo '```'
  echo "$hourly"
  echo '```'
} > "$REPORT"

echo "wrote ${REPORT#"$ROOT"/} ($total errors)"
