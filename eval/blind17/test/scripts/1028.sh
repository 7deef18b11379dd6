#!/bin/sh
# ops/log-janitor.sh — POSIX sh housekeeping for the `quayside` dev services.
#
# Runs from cron-less developer machines via `make janitor`. Works on:
#   ./storage/logs/*.log          Laravel + queue worker logs
#   ./storage/logs/archive/       gzip'd rotations (kept KEEP_DAYS)
#   ./storage/framework/cache     file cache of the local app
#   ./storage/debugbar            debugbar JSON dumps
# and prints the user journal of the project's systemd --user units, if any.
#
# Usage: ops/log-janitor.sh [-n] [-k days] [-j]
#   -n   dry run
#   -k   days to keep archives (default 10)
#   -j   also show the last hour of `journalctl --user -u quayside-*`
set -eu

DRY=0
KEEP_DAYS=10
JOURNAL=0
while getopts "nk:j" opt; do
  case $opt in
    n) DRY=1 ;;
    k) KEEP_DAYS=$OPTARG ;;
    j) JOURNAL=1 ;;
    *) echo "usage: $0 [-n] [-k days] [-j]" >&2; exit 2 ;;
  esac
done

APP_DIR=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
LOGS=$APP_DIR/storage/logs
ARCHIVE=$LOGS/archive
MAX_KB=${MAX_KB:-10240}

say() { printf 'janitor: %s\n' "$*"; }

run() {
  if [ "$DRY" -eq 1 ]; then
    say "(dry) $*"
  else
    "$@"
  fi
}

size_kb() {
  du -k "$1" 2>/dev/null | awk '{print $1}'
}

rotate_big_logs() {
  [ -d "$LOGS" ] || return 0
  mkdir -p "$ARCHIVE"
  stamp=$(date +%Y%m%d%H%M%S)
  for f in "$LOGS"/*.log; do
    [ -f "$f" ] || continue
    kb=$(size_kb "$f")
    if [ "$kb" -gt "$MAX_KB" ]; then
      base=$(basename "$f" .log)
      say "rotating $base.log (${kb} KiB)"
      run cp "$f" "$ARCHIVE/$base-$stamp.log"
      # truncate in place so open file handles of php-fpm/queue keep working
      run sh -c ': > "$1"' sh "$f"
      run gzip -9 "$ARCHIVE/$base-$stamp.log"
    fi
  done
}

expire_archives() {
  [ -d "$ARCHIVE" ] || return 0
  say "expiring archives older than $KEEP_DAYS days"
  if [ "$DRY" -eq 1 ]; then
    find "$ARCHIVE" -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -print
  else
    find "$ARCHIVE" -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -exec rm -f {} +
  fi
}

clear_app_caches() {
  for d in "$APP_DIR/storage/framework/cache/data" "$APP_DIR/storage/debugbar"; do
    [ -d "$d" ] || continue
    n=$(find "$d" -type f | wc -l | tr -d ' ')
    say "clearing $n file(s) in ${d#"$APP_DIR"/}"
    if [ "$DRY" -eq 0 ]; then
      find "$d" -mindepth 1 -type f ! -name '.gitignore' -delete
      find "$d" -mindepth 1 -type d -empty -delete
    fi
  done
}

failed_jobs_summary() {
  # the local queue writes failures into laravel.log; show the last few
  [ -f "$LOGS/laravel.log" ] || return 0
  n=$(grep -c 'local.ERROR' "$LOGS/laravel.log" || true)
  say "$n error line(s) in laravel.log"
  grep 'local.ERROR' "$LOGS/laravel.log" | tail -n 5 | cut -c1-160
}

journal() {
  command -v journalctl >/dev/null 2>&1 || return 0
  units=$(systemctl --user list-units --plain --no-legend 'quayside-*' 2>/dev/null | awk '{print $1}')
  [ -n "$units" ] || { say "no quayside user units"; return 0; }
  for u in $units; do
    say "journal of $u (last hour)"
    journalctl --user -u "$u" --since "-1h" --no-pager -o short-iso | tail -n 20
  done
}

queue_worker_reload() {
  # the worker started by `make dev` writes its pid here; ask it to restart
  pidfile=$APP_DIR/storage/framework/queue-worker.pid
  [ -f "$pidfile" ] || return 0
  pid=$(cat "$pidfile")
  if kill -0 "$pid" 2>/dev/null; then
    say "signalling queue worker $pid to restart after logs rotated"
    run kill -USR2 "$pid"
  else
    say "stale worker pid file"
    run rm -f "$pidfile"
  fi
}

summary() {
  total=$(du -sk "$LOGS" 2>/dev/null | awk '{print $1}')
  say "storage/logs now ${total:-0} KiB"
}

check_dirs() {
  if [ ! -d "$APP_DIR/storage" ]; then
    echo "janitor: $APP_DIR/storage missing — run from a quayside checkout" >&2
    exit 1
  fi
  case "$KEEP_DAYS" in
    ''|*[!0-9]*) echo "janitor: -k expects a number of days" >&2; exit 2 ;;
  esac
}

disk_warning() {
  avail=$(df -Pk "$APP_DIR" | awk 'NR==2 {print $4}')
  if [ "${avail:-0}" -lt 1048576 ]; then
    say "warning: less than 1 GiB free on the volume holding the checkout"
  fi
}

top_error_sources() {
  # group error lines by the class/file that raised them
  [ -f "$LOGS/laravel.log" ] || return 0
  say "top error sources"
  grep 'local.ERROR' "$LOGS/laravel.log" \
    | sed -n 's/.*{"exception":"\[object\] (\([^(]*\)(code.*/\1/p' \
    | sort | uniq -c | sort -rn | head -n 5
}

old_sessions() {
  # file sessions of the local app older than two days
  sess=$APP_DIR/storage/framework/sessions
  [ -d "$sess" ] || return 0
  n=$(find "$sess" -type f ! -name '.gitignore' -mtime +2 | wc -l | tr -d ' ')
  say "$n stale session file(s)"
  if [ "$DRY" -eq 0 ] && [ "$n" -gt 0 ]; then
    find "$sess" -type f ! -name '.gitignore' -mtime +2 -exec rm -f {} +
  fi
}

compiled_views() {
  views=$APP_DIR/storage/framework/views
  [ -d "$views" ] || return 0
  n=$(find "$views" -type f -name '*.php' | wc -l | tr -d ' ')
  say "$n compiled view(s); clearing"
  if [ "$DRY" -eq 0 ]; then
    find "$views" -type f -name '*.php' -exec rm -f {} +
  fi
}

check_dirs
top_error_sources
old_sessions
compiled_views
rotate_big_logs
queue_worker_reload
expire_archives
clear_app_caches
failed_jobs_summary
[ "$JOURNAL" -eq 1 ] && journal
disk_warning
summary
