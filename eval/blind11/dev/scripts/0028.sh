#!/usr/bin/env bash
# scripts/slow-requests.sh - find slow Rails requests in log/production.log
# copies (downloaded into tmp/logs by the on-call) and write a CSV summary.
set -euo pipefail

LOG_DIR="${1:-tmp/logs}"
OUT="${2:-tmp/reports/slow-requests.csv}"
THRESHOLD_MS="${THRESHOLD_MS:-800}"
TOP="${TOP:-25}"

[[ -d "$LOG_DIR" ]] || { echo "no such dir $LOG_DIR" >&2; exit 1; }
mkdir -p "$(dirname "$OUT")"

read_logs() {
  local f
  for f in "$LOG_DIR"/*.log "$LOG_DIR"/*.log.gz; do
    [[ -e "$f" ]] || continue
    case "$f" in
      *.gz) gzip -dc -- "$f" ;;
      *) cat -- "$f" ;;
    esac
  done
}

# Rails lines look like:
#   Started GET "/orders/12" for 203.0.113.4 at ...
#   Completed 200 OK in 912ms (Views: 12.1ms | ActiveRecord: 700.2ms)
extract() {
  awk -v limit="$THRESHOLD_MS" '
    /Started [A-Z]+ "/ {
      method = $2
      path = $3
      gsub(/"/, "", path)
      sub(/\?.*/, "", path)
      gsub(/\/[0-9]+/, "/:id", path)
      next
    }
    /Completed [0-9]+ / {
      status = $2
      ms = $0
      sub(/.* in /, "", ms)
      sub(/ms.*/, "", ms)
      if (ms + 0 >= limit && path != "") {
        print method "," path "," status "," ms
      }
      path = ""
    }
  '
}

aggregate() {
  sort -t, -k1,2 | awk -F, '
    {
      key = $1 "," $2
      n[key]++
      sum[key] += $4
      if ($4 > max[key]) max[key] = $4
    }
    END {
      for (k in n) printf "%s,%d,%.0f,%.0f\n", k, n[k], sum[k] / n[k], max[k]
    }
  ' | sort -t, -k4,4nr
}

main() {
  if ! compgen -G "$LOG_DIR/*.log*" >/dev/null; then
    echo "no log files in $LOG_DIR" >&2
    exit 1
  fi
  echo "method,path,count,avg_ms,max_ms" > "$OUT"
  read_logs | extract | aggregate | head -n "$TOP" >> "$OUT"
  local rows
  rows=$(( $(wc -l < "$OUT") - 1 ))
  echo "wrote $rows rows to $OUT (threshold ${THRESHOLD_MS}ms)"
  if command -v column >/dev/null; then
    column -s, -t < "$OUT" | head -n 15
  fi
}

main
