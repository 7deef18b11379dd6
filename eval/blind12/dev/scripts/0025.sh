#!/usr/bin/env bash
# Summarise the nginx access logs copied into ./logs from the staging box.
# Prints status code distribution, top paths, top client IPs and 5xx bursts.
# Handles plain and gzip-rotated files. Read-only: writes nothing.
set -euo pipefail

LOG_DIR="${1:-logs}"
TOP="${TOP:-15}"

usage() {
  echo "usage: $0 [log-dir]   (env: TOP=15)" >&2
  exit 2
}

[[ -d "$LOG_DIR" ]] || usage

stream_logs() {
  local f
  for f in "$LOG_DIR"/access.log*; do
    [[ -e "$f" ]] || continue
    case "$f" in
      *.gz) gzip -dc -- "$f" ;;
      *)    cat -- "$f" ;;
    esac
  done
}

section() {
  printf '\n== %s ==\n' "$1"
}

status_codes() {
  section "status codes"
  stream_logs | awk '{print $9}' | grep -E '^[0-9]{3}$' | sort | uniq -c | sort -rn
}

top_paths() {
  section "top $TOP paths"
  stream_logs \
    | awk '{split($7, p, "?"); print p[1]}' \
    | sed -E 's#/[0-9]+(/|$)#/:id\1#g' \
    | sort | uniq -c | sort -rn | head -n "$TOP"
}

top_clients() {
  section "top $TOP clients"
  stream_logs | awk '{print $1}' | sort | uniq -c | sort -rn | head -n "$TOP"
}

slow_requests() {
  section "slowest requests (request_time is the last field)"
  stream_logs \
    | awk '{t=$NF; if (t ~ /^[0-9.]+$/) printf "%8.3f %s %s\n", t, $6, $7}' \
    | tr -d '"' \
    | sort -rn | head -n "$TOP"
}

error_bursts() {
  section "minutes with more than 20 5xx responses"
  stream_logs \
    | awk '$9 ~ /^5/ {split($4, t, ":"); print substr(t[1], 2) ":" t[2] ":" t[3]}' \
    | sort | uniq -c \
    | awk '$1 > 20 {print}' \
    | sort -k2
}

totals() {
  section "totals"
  local lines bytes
  lines="$(stream_logs | wc -l | tr -d ' ')"
  bytes="$(stream_logs | awk '{s+=$10} END {print s+0}')"
  printf 'requests: %s\nbytes sent: %s\n' "$lines" "$bytes"
}

main() {
  local files
  files="$(ls "$LOG_DIR"/access.log* 2>/dev/null | wc -l | tr -d ' ')"
  if [[ "$files" == 0 ]]; then
    echo "no access.log* files in $LOG_DIR" >&2
    exit 1
  fi
  echo "analysing $files file(s) from $LOG_DIR"
  totals
  status_codes
  top_paths
  top_clients
  slow_requests
  error_bursts
}

main
