#!/usr/bin/env bash
# Digest the output of `docker compose logs --no-color > tmp/compose.log`.
# Groups lines per service, counts levels, shows the top error messages and
# restarts. Pure text processing, nothing is written.
set -euo pipefail

LOG="${1:-tmp/compose.log}"
TOPN="${TOPN:-10}"

[[ -r "$LOG" ]] || { echo "cannot read $LOG" >&2; exit 1; }

declare -A lines_per=() errors_per=() warns_per=()

tally() {
  local svc line
  while IFS= read -r line; do
    svc="${line%%|*}"
    svc="${svc//[[:space:]]/}"
    [[ -n "$svc" && "$svc" != "$line" ]] || continue
    lines_per[$svc]=$(( ${lines_per[$svc]:-0} + 1 ))
    case "${line,,}" in
      *" error "*|*"level=error"*|*'"level":"error"'*) errors_per[$svc]=$(( ${errors_per[$svc]:-0} + 1 )) ;;
      *" warn "*|*"level=warn"*|*'"level":"warn"'*) warns_per[$svc]=$(( ${warns_per[$svc]:-0} + 1 )) ;;
    esac
  done < "$LOG"
}

print_table() {
  printf '%-22s %8s %8s %8s\n' service lines warn error
  local svc
  for svc in $(printf '%s\n' "${!lines_per[@]}" | sort); do
    printf '%-22s %8d %8d %8d\n' "$svc" "${lines_per[$svc]}" "${warns_per[$svc]:-0}" "${errors_per[$svc]:-0}"
  done
}

top_errors() {
  echo
  echo "top $TOPN error messages:"
  grep -iE 'level=error|"level":"error"| error ' "$LOG" \
    | cut -d'|' -f2- \
    | sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9:.]+Z?//g; s/[0-9a-f]{8,}/<id>/g; s/[0-9]+/N/g' \
    | sort | uniq -c | sort -rn | head -n "$TOPN"
}

restarts() {
  echo
  echo "restarts / exits:"
  grep -E 'exited with code|Restarting|OOMKilled' "$LOG" \
    | sed -E 's/^([^|]+)\|.*(exited with code [0-9]+|Restarting|OOMKilled).*/\1 \2/' \
    | sort | uniq -c | sort -rn || echo "  none"
}

noisiest_minutes() {
  echo
  echo "busiest minutes (all services):"
  grep -oE '[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}' "$LOG" \
    | sort | uniq -c | sort -rn | head -n 5 \
    | while read -r n minute; do
        printf '  %-18s %6d lines\n' "$minute" "$n"
      done
}

time_span() {
  local first last
  first="$(grep -oE '[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}' "$LOG" | head -n 1 || true)"
  last="$(grep -oE '[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}' "$LOG" | tail -n 1 || true)"
  echo "span: ${first:-?} .. ${last:-?}"
}

main() {
  echo "file: $LOG ($(wc -l < "$LOG" | tr -d ' ') lines)"
  time_span
  echo
  tally
  print_table
  top_errors
  restarts
  noisiest_minutes
}

main
