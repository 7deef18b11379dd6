#!/usr/bin/env bash
# Summarise nginx access logs collected under ./logs/nginx for the load test
# report. Handles rotated and gzipped files. Output goes to reports/.
set -euo pipefail

LOG_DIR="${1:-logs/nginx}"
OUT_DIR="reports"
TOP="${TOP:-15}"

if [[ ! -d "$LOG_DIR" ]]; then
  echo "no such directory: $LOG_DIR" >&2
  exit 1
fi
mkdir -p "$OUT_DIR"

# Stream every access log, compressed or not.
stream_logs() {
  local f
  for f in "$LOG_DIR"/access.log*; do
    [[ -e "$f" ]] || continue
    case "$f" in
      *.gz) gzip -dc -- "$f" ;;
      *) cat -- "$f" ;;
    esac
  done
}

status_breakdown() {
  stream_logs | awk '{ codes[$9]++ } END { for (c in codes) printf "%s %d\n", c, codes[c] }' | sort
}

top_paths() {
  stream_logs \
    | awk '{ split($7, p, "?"); print p[1] }' \
    | sort | uniq -c | sort -rn | head -n "$TOP"
}

slow_requests() {
  # log_format includes $request_time as the last field
  stream_logs \
    | awk '{ t = $NF + 0; if (t > 1.0) printf "%.3f %s %s\n", t, $6, $7 }' \
    | tr -d '"' | sort -rn | head -n "$TOP"
}

errors_per_minute() {
  stream_logs \
    | awk '$9 >= 500 { split($4, t, ":"); key = t[2] ":" t[3]; n[key]++ }
           END { for (k in n) print k, n[k] }' \
    | sort
}

percentiles() {
  stream_logs | awk '{ print $NF + 0 }' | sort -n | awk '
    { v[NR] = $1 }
    END {
      if (NR == 0) { print "no data"; exit }
      printf "p50 %.3f\np90 %.3f\np99 %.3f\nmax %.3f\n",
        v[int(NR * 0.50) + 1], v[int(NR * 0.90) + 1], v[int(NR * 0.99) + 1], v[NR]
    }'
}

report="$OUT_DIR/nginx-summary-$(date +%Y%m%d-%H%M).md"
{
  echo "# nginx summary ($(date -u +%FT%TZ))"
  echo
  echo "## Status codes"
  status_breakdown | sed 's/^/- /'
  echo
  echo "## Latency"
  percentiles | sed 's/^/- /'
  echo
  echo "## Top paths"
  top_paths | sed 's/^/    /'
  echo
  echo "## Slow requests (>1s)"
  slow_requests | sed 's/^/    /'
  echo
  echo "## 5xx per minute"
  errors_per_minute | sed 's/^/    /'
} > "$report"

echo "wrote $report"
wc -l "$report"
