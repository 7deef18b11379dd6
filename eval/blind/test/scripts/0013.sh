#!/usr/bin/env bash
# Summarise errors from the worker logs of the last run.
set -euo pipefail

LOG_DIR="${1:-logs/worker}"
REPORT="reports/worker-errors.txt"

if [ ! -d "$LOG_DIR" ]; then
  echo "no log dir $LOG_DIR" >&2
  exit 1
fi

mkdir -p "$(dirname "$REPORT")"

{
  echo "# worker error summary ($(date -u +%FT%TZ))"
  echo
  echo "## by level"
  cat "$LOG_DIR"/*.log | awk '{print $3}' | sort | uniq -c | sort -rn
  echo
  echo "## top error messages"
  grep -h ' ERROR ' "$LOG_DIR"/*.log \
    | sed -E 's/^[^]]*\] ERROR //; s/[0-9a-f]{8}-[0-9a-f-]{27}/<uuid>/g; s/[0-9]+/<n>/g' \
    | sort | uniq -c | sort -rn | head -20
  echo
  echo "## errors per hour"
  grep -h ' ERROR ' "$LOG_DIR"/*.log | cut -c1-13 | sort | uniq -c
} > "$REPORT"

echo "wrote $REPORT"
head -n 15 "$REPORT"
