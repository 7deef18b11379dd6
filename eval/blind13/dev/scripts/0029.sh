#!/usr/bin/env bash
# Summarise nginx access logs that were copied into ./logs/nginx for an incident review.
# Reads only; writes the report to ./reports/access-summary.txt.
set -euo pipefail

log_dir="${1:-logs/nginx}"
out_dir="reports"
out_file="$out_dir/access-summary.txt"
top_n="${TOP_N:-10}"

shopt -s nullglob
files=("$log_dir"/access.log*)
shopt -u nullglob
(( ${#files[@]} > 0 )) || { echo "no access logs in $log_dir" >&2; exit 1; }

stream() {
  local f
  for f in "${files[@]}"; do
    case "$f" in
      *.gz) gzip -dc -- "$f" ;;
      *) cat -- "$f" ;;
    esac
  done
}

section() {
  printf '\n## %s\n\n' "$1"
}

status_breakdown() {
  awk '{print $9}' | sort | uniq -c | sort -rn | awk '{printf "%6d  %s\n", $1, $2}'
}

top_paths() {
  awk '{split($7, p, "?"); print p[1]}' | sort | uniq -c | sort -rn | head -n "$top_n"
}

top_clients() {
  awk '{print $1}' | sort | uniq -c | sort -rn | head -n "$top_n"
}

slow_requests() {
  # log_format ends with request_time in seconds
  awk '$NF ~ /^[0-9.]+$/ && $NF > 1.0 {printf "%8.3fs  %s %s\n", $NF, $6, $7}' \
    | tr -d '"' | sort -rn | head -n "$top_n"
}

top_agents() {
  # user agent is the 6th double-quoted field in the combined format
  awk -F'"' '{print $6}' | sort | uniq -c | sort -rn | head -n "$top_n" \
    | awk '{c=$1; $1=""; printf "%6d %s\n", c, substr($0, 1, 90)}'
}

errors_per_minute() {
  awk '$9 >= 500 {split($4, t, ":"); print t[2] ":" t[3]}' | sort | uniq -c | sort -rn | head -n "$top_n"
}

main() {
  mkdir -p "$out_dir"
  local tmp
  tmp="$(mktemp)"
  trap 'rm -f "$tmp"' EXIT
  stream > "$tmp"
  {
    printf '# Access log summary\n\nfiles: %s\nrequests: %s\n' "${#files[@]}" "$(wc -l < "$tmp" | tr -d ' ')"
    section "Status codes"
    status_breakdown < "$tmp"
    section "Top paths"
    top_paths < "$tmp"
    section "Top clients"
    top_clients < "$tmp"
    section "Top user agents"
    top_agents < "$tmp"
    section "Slowest requests"
    slow_requests < "$tmp"
    section "5xx per minute (busiest)"
    errors_per_minute < "$tmp"
  } > "$out_file"
  echo "wrote $out_file"
  head -n 20 "$out_file"
}

main
