#!/usr/bin/env bash
# borg-backup.sh - back up the project's media and database dumps with borg.
#
# Usage: scripts/borg-backup.sh [--dry-run] [--no-prune] [--check]
#
# Config comes from backup/borg.conf (shell KEY=value):
#   BORG_REPO        repository path or ssh://user@host.internal/./repo
#   ARCHIVE_PREFIX   prefix of the archives this project owns
#   KEEP_DAILY / KEEP_WEEKLY / KEEP_MONTHLY
#   SOURCES          space separated paths relative to the repo root
# The passphrase comes from BORG_PASSPHRASE or from `pass show` of
# $BORG_PASS_ENTRY, and is exported for borg only.
#
# Only archives matching "$ARCHIVE_PREFIX-*" are ever pruned.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONF="$ROOT/backup/borg.conf"
LOG_DIR="$ROOT/var/log/backup"
DRY_RUN=0
PRUNE=1
CHECK=0
TMP_DIR=""

die() { printf 'borg-backup: %s\n' "$*" >&2; exit 1; }
log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

cleanup() {
  local rc=$?
  if [[ -n "$TMP_DIR" && -d "$TMP_DIR" ]]; then
    rm -rf -- "$TMP_DIR"
  fi
  if (( rc != 0 )); then
    printf 'borg-backup: failed with exit %d, see %s\n' "$rc" "${LOG_FILE:-?}" >&2
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'die "interrupted"' INT TERM

while (( $# )); do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --no-prune) PRUNE=0 ;;
    --check) CHECK=1 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) die "unknown option: $1" ;;
  esac
  shift
done

[[ -f "$CONF" ]] || die "missing $CONF (copy backup/borg.conf.example)"
# shellcheck source=/dev/null
source "$CONF"

: "${BORG_REPO:?BORG_REPO not set in borg.conf}"
: "${ARCHIVE_PREFIX:?ARCHIVE_PREFIX not set in borg.conf}"
: "${SOURCES:?SOURCES not set in borg.conf}"
KEEP_DAILY="${KEEP_DAILY:-7}"
KEEP_WEEKLY="${KEEP_WEEKLY:-4}"
KEEP_MONTHLY="${KEEP_MONTHLY:-6}"

if [[ "$ARCHIVE_PREFIX" == *"*"* || ${#ARCHIVE_PREFIX} -lt 3 ]]; then
  die "ARCHIVE_PREFIX '$ARCHIVE_PREFIX' is too broad"
fi
if (( KEEP_DAILY + KEEP_WEEKLY + KEEP_MONTHLY == 0 )); then
  die "retention keeps nothing; refusing"
fi

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/$(date +%Y%m%d-%H%M%S).log"
TMP_DIR="$(mktemp -d "${TMPDIR:-/tmp}/borg-backup.XXXXXX")"

command -v borg >/dev/null || die "borg is not installed"

load_passphrase() {
  if [[ -n "${BORG_PASSPHRASE:-}" ]]; then
    return
  fi
  if [[ -n "${BORG_PASS_ENTRY:-}" ]] && command -v pass >/dev/null; then
    BORG_PASSPHRASE="$(pass show "$BORG_PASS_ENTRY" | head -n 1)"
  fi
  [[ -n "${BORG_PASSPHRASE:-}" ]] || die "no passphrase: set BORG_PASSPHRASE or BORG_PASS_ENTRY"
  export BORG_PASSPHRASE
}

masked() {
  local s="$1"
  printf '%s%s' "$(printf '%*s' $(( ${#s} > 4 ? ${#s} - 4 : 0 )) '' | tr ' ' '*')" "${s: -4}"
}

dump_database() {
  local db="${DB_NAME:-}"
  [[ -n "$db" ]] || return 0
  local out="$TMP_DIR/db-$db.sql"
  log "dumping database $db"
  if (( DRY_RUN )); then
    log "(dry run) would run pg_dump $db"
    return 0
  fi
  pg_dump --no-owner --format=plain --file="$out" "$db"
  gzip -6 "$out"
  SOURCES="$SOURCES $out.gz"
}

retry() {
  local attempts="$1"; shift
  local delay=5 n=1
  until "$@"; do
    if (( n >= attempts )); then
      return 1
    fi
    log "attempt $n failed; retrying in ${delay}s"
    sleep "$delay"
    delay=$(( delay * 2 ))
    n=$(( n + 1 ))
  done
}

create_archive() {
  local name="$ARCHIVE_PREFIX-$(date +%Y-%m-%dT%H:%M)"
  local -a args=(create --stats --show-rc --compression zstd,6 --exclude-caches)
  local -a paths=()
  local src
  for src in $SOURCES; do
    if [[ "$src" = /* ]]; then
      paths+=("$src")
    else
      paths+=("$ROOT/$src")
    fi
  done
  if [[ -f "$ROOT/backup/exclude.txt" ]]; then
    args+=(--exclude-from "$ROOT/backup/exclude.txt")
  fi
  (( DRY_RUN )) && args+=(--dry-run --list)
  log "creating $name from ${#paths[@]} paths"
  retry 3 borg "${args[@]}" "::$name" "${paths[@]}" 2>&1 | tee -a "$LOG_FILE"
}

prune_archives() {
  local -a args=(prune --list --show-rc --glob-archives "$ARCHIVE_PREFIX-*"
                 --keep-daily "$KEEP_DAILY" --keep-weekly "$KEEP_WEEKLY"
                 --keep-monthly "$KEEP_MONTHLY")
  (( DRY_RUN )) && args+=(--dry-run)
  log "pruning $ARCHIVE_PREFIX-* (d=$KEEP_DAILY w=$KEEP_WEEKLY m=$KEEP_MONTHLY)"
  borg "${args[@]}" 2>&1 | tee -a "$LOG_FILE"
  if (( ! DRY_RUN )); then
    borg compact 2>&1 | tee -a "$LOG_FILE"
  fi
}

check_repo() {
  log "checking repository (last 3 archives)"
  borg check --glob-archives "$ARCHIVE_PREFIX-*" --last 3 2>&1 | tee -a "$LOG_FILE"
}

rotate_logs() {
  # keep the 30 newest logs of this script, delete older ones
  local -a old
  mapfile -t old < <(ls -1t "$LOG_DIR"/*.log 2>/dev/null | tail -n +31)
  if (( ${#old[@]} )); then
    rm -f -- "${old[@]}"
  fi
}

main() {
  export BORG_REPO
  load_passphrase
  log "repository $BORG_REPO, passphrase $(masked "$BORG_PASSPHRASE")"
  if ! borg info >/dev/null 2>&1; then
    die "cannot open $BORG_REPO (wrong passphrase or missing repo?)"
  fi
  dump_database
  create_archive
  if (( PRUNE )); then
    prune_archives
  fi
  if (( CHECK )); then
    check_repo
  fi
  borg list --glob-archives "$ARCHIVE_PREFIX-*" --last 5 --short | tee -a "$LOG_FILE"
  rotate_logs
  log "done"
}

main
