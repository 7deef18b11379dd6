#!/usr/bin/env bash
# restic-nightly.sh - nightly restic backup of the ledger uploads bucket mirror
# and the postgres dumps, with tag-scoped retention.
#
# usage: ops/restic-nightly.sh [-n] [-P] [-c FILE]
#   -n       dry run (restic --dry-run, forget --dry-run)
#   -P       skip the prune step (forget only)
#   -c FILE  config file (default ops/restic.env)
#
# ops/restic.env (not committed) defines RESTIC_REPOSITORY and
# RESTIC_PASSWORD_FILE; the password file is handed to restic and never read
# by this script. Only snapshots tagged "$BACKUP_TAG" are forgotten.
set -Eeuo pipefail
umask 077

HERE=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
PROJECT=$(dirname -- "$HERE")
CONFIG="$HERE/restic.env"
DRY=""
PRUNE="--prune"
BACKUP_TAG="ledger-nightly"
KEEP_DAILY=14
KEEP_WEEKLY=8
KEEP_MONTHLY=12
WORK=""
LOCKFILE="$PROJECT/var/restic-nightly.lock"

fatal() { printf '[restic-nightly] ERROR: %s\n' "$*" >&2; exit 1; }
note() { printf '[restic-nightly] %s\n' "$*"; }

while getopts ':nPc:h' opt; do
  case $opt in
    n) DRY="--dry-run" ;;
    P) PRUNE="" ;;
    c) CONFIG=$OPTARG ;;
    h) sed -n '2,13p' "$0"; exit 0 ;;
    :) fatal "-$OPTARG needs an argument" ;;
    *) fatal "unknown option -$OPTARG" ;;
  esac
done

on_exit() {
  local status=$?
  [[ -n "$WORK" && -d "$WORK" ]] && rm -rf -- "$WORK"
  [[ -f "$LOCKFILE" && "$(cat "$LOCKFILE" 2>/dev/null)" == "$$" ]] && rm -f -- "$LOCKFILE"
  if (( status != 0 )); then
    note "finished with status $status"
  fi
}
trap on_exit EXIT
trap 'fatal "failed at line $LINENO: $BASH_COMMAND"' ERR

take_lock() {
  mkdir -p "$(dirname "$LOCKFILE")"
  if [[ -f "$LOCKFILE" ]] && kill -0 "$(cat "$LOCKFILE")" 2>/dev/null; then
    fatal "another run (pid $(cat "$LOCKFILE")) is in progress"
  fi
  echo $$ > "$LOCKFILE"
}

load_config() {
  [[ -r "$CONFIG" ]] || fatal "cannot read $CONFIG"
  # shellcheck disable=SC1090
  source "$CONFIG"
  : "${RESTIC_REPOSITORY:?RESTIC_REPOSITORY missing in $CONFIG}"
  : "${RESTIC_PASSWORD_FILE:?RESTIC_PASSWORD_FILE missing in $CONFIG}"
  [[ -r "$RESTIC_PASSWORD_FILE" ]] || fatal "password file $RESTIC_PASSWORD_FILE not readable"
  export RESTIC_REPOSITORY RESTIC_PASSWORD_FILE
  export RESTIC_CACHE_DIR="${RESTIC_CACHE_DIR:-$PROJECT/var/restic-cache}"
}

with_backoff() {
  local tries=$1; shift
  local wait=15 i
  for (( i = 1; i <= tries; i++ )); do
    if "$@"; then
      return 0
    fi
    (( i == tries )) && return 1
    note "attempt $i of $* failed, sleeping ${wait}s"
    sleep "$wait"
    wait=$(( wait * 2 ))
  done
}

dump_postgres() {
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/ledger-dump.XXXXXX")
  local db
  for db in ledger ledger_audit; do
    note "dumping $db"
    if [[ -n "$DRY" ]]; then
      : > "$WORK/$db.dump"
      continue
    fi
    pg_dump --format=custom --no-owner --compress=6 --file="$WORK/$db.dump" "$db"
  done
}

run_backup() {
  local -a sources=("$PROJECT/var/uploads-mirror" "$WORK")
  local src
  for src in "${sources[@]}"; do
    [[ -d "$src" ]] || fatal "source $src missing"
  done
  note "backing up ${#sources[@]} paths to $RESTIC_REPOSITORY"
  with_backoff 3 restic backup $DRY \
    --tag "$BACKUP_TAG" \
    --exclude-caches \
    --exclude '*.partial' \
    --host "$(hostname -s)" \
    "${sources[@]}"
}

apply_retention() {
  (( KEEP_DAILY + KEEP_WEEKLY + KEEP_MONTHLY > 0 )) || fatal "retention would keep nothing"
  note "forget --tag $BACKUP_TAG (d=$KEEP_DAILY w=$KEEP_WEEKLY m=$KEEP_MONTHLY) ${PRUNE:-(no prune)}"
  # shellcheck disable=SC2086
  restic forget $DRY $PRUNE \
    --tag "$BACKUP_TAG" \
    --host "$(hostname -s)" \
    --group-by host,tags \
    --keep-daily "$KEEP_DAILY" \
    --keep-weekly "$KEEP_WEEKLY" \
    --keep-monthly "$KEEP_MONTHLY"
}

weekly_check() {
  # read a rotating tenth of the pack files on Sundays
  if [[ "$(date +%u)" == 7 && -z "$DRY" ]]; then
    local part=$(( ($(date +%V) % 10) + 1 ))
    note "restic check --read-data-subset=$part/10"
    restic check --read-data-subset="$part/10"
  fi
}

report() {
  local out="$PROJECT/var/status/restic-nightly.json"
  mkdir -p "$(dirname "$out")"
  restic snapshots --tag "$BACKUP_TAG" --latest 1 --json > "$out.tmp" && mv -f -- "$out.tmp" "$out"
  note "latest snapshot recorded in ${out#"$PROJECT"/}"
}

clean_stale_cache() {
  # restic's own cache cleanup, limited to our cache dir
  restic cache --cleanup --max-age 30 >/dev/null 2>&1 || true
}


notify_failure() {
  # a line in the ops status file is picked up by the local status page
  local status_file="$PROJECT/var/status/backup-failures.log"
  mkdir -p "$(dirname "$status_file")"
  printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >> "$status_file"
}

check_free_space() {
  local need_mb=2048 avail
  avail=$(df -Pm "${TMPDIR:-/tmp}" | awk 'NR == 2 { print $4 }')
  if (( avail < need_mb )); then
    notify_failure "low space in TMPDIR (${avail} MiB)"
    fatal "need ${need_mb} MiB free in ${TMPDIR:-/tmp} for the dumps, have ${avail}"
  fi
}

main() {
  check_free_space
  take_lock
  load_config
  command -v restic >/dev/null || fatal "restic not installed"
  restic cat config >/dev/null || fatal "cannot open repository (password or network?)"
  dump_postgres
  run_backup
  apply_retention
  weekly_check
  [[ -z "$DRY" ]] && report
  clean_stale_cache
  note "done${DRY:+ (dry run)}"
}

main "$@"
