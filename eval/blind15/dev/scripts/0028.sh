#!/usr/bin/env bash
# db-migrate.sh - run sqlx migrations against the local dev database with a
# safety backup, and roll back the last migration if the smoke test fails.
#
#   scripts/db-migrate.sh              # migrate + smoke test
#   scripts/db-migrate.sh --revert 1   # revert the newest migration
#   scripts/db-migrate.sh --status
#
# Refuses to touch anything but localhost / the compose "db" service.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ -f .env ]]; then
  # project-local settings for the dev stack (DATABASE_URL etc.)
  set -a
  # shellcheck disable=SC1091
  . ./.env
  set +a
fi

: "${DATABASE_URL:?DATABASE_URL must be set (see .env.example)}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP_BACKUPS="${KEEP_BACKUPS:-5}"
MODE="migrate"
REVERT_STEPS=1

while [[ $# -gt 0 ]]; do
  case "$1" in
    --revert) MODE="revert"; REVERT_STEPS="${2:-1}"; shift 2 ;;
    --status) MODE="status"; shift ;;
    --no-backup) NO_BACKUP=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

[[ "$REVERT_STEPS" =~ ^[0-9]+$ ]] || { echo "--revert needs a number" >&2; exit 2; }

db_host() {
  # postgres://user:pass@host:port/db -> host
  local rest="${DATABASE_URL#*://}"
  rest="${rest#*@}"
  rest="${rest%%/*}"
  echo "${rest%%:*}"
}

HOST="$(db_host)"
case "$HOST" in
  localhost|127.0.0.1|db) ;;
  *) echo "refusing to run against '$HOST' (only localhost/db)" >&2; exit 1 ;;
esac

log() { echo "[$(date +%H:%M:%S)] $*"; }

wait_for_db() {
  local tries=30
  until pg_isready -d "$DATABASE_URL" -q; do
    tries=$((tries - 1))
    if (( tries == 0 )); then
      log "database did not come up; is 'docker compose up -d db' running?"
      return 1
    fi
    sleep 1
  done
}

backup() {
  [[ -n "${NO_BACKUP:-}" ]] && return 0
  mkdir -p "$BACKUP_DIR"
  local file="$BACKUP_DIR/pre-migrate-$(date +%Y%m%d-%H%M%S).dump"
  log "backing up to $file"
  pg_dump --format=custom --no-owner --file="$file" "$DATABASE_URL"
  # keep only the newest N backups (our own directory)
  ls -1t "$BACKUP_DIR"/pre-migrate-*.dump 2>/dev/null | tail -n +"$((KEEP_BACKUPS + 1))" | while read -r old; do
    rm -f -- "$old"
  done
  echo "$file"
}

smoke_test() {
  log "running smoke test"
  cargo test --quiet --test db_smoke -- --test-threads=1
}

restore() {
  local file="$1"
  log "restoring $file"
  pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" "$file"
}

status() {
  sqlx migrate info --source migrations
  echo
  echo "local backups:"
  if ls "$BACKUP_DIR"/pre-migrate-*.dump >/dev/null 2>&1; then
    ls -1t "$BACKUP_DIR"/pre-migrate-*.dump | head -n "$KEEP_BACKUPS" | while read -r f; do
      printf '  %-50s %s\n' "$f" "$(du -h "$f" | cut -f1)"
    done
  else
    echo "  (none)"
  fi
}

check_migration_names() {
  # sqlx expects <version>_<name>.up.sql / .down.sql pairs
  local f base missing=0
  for f in migrations/*.up.sql; do
    [[ -e "$f" ]] || continue
    base="${f%.up.sql}"
    if [[ ! -f "$base.down.sql" ]]; then
      echo "missing down migration for $f" >&2
      missing=1
    fi
  done
  return "$missing"
}

migrate() {
  local before after file
  before="$(sqlx migrate info --source migrations | grep -c installed || true)"
  file="$(backup | tail -n 1)"
  log "applying migrations"
  if ! sqlx migrate run --source migrations; then
    log "migration failed"
    [[ -n "$file" && -f "$file" ]] && restore "$file"
    return 1
  fi
  after="$(sqlx migrate info --source migrations | grep -c installed || true)"
  log "installed migrations: $before -> $after"
  if ! smoke_test; then
    log "smoke test failed; reverting the $((after - before)) new migration(s)"
    for _ in $(seq 1 $((after - before))); do
      sqlx migrate revert --source migrations
    done
    return 1
  fi
  log "ok"
}

revert() {
  log "reverting $REVERT_STEPS migration(s)"
  backup >/dev/null
  for _ in $(seq 1 "$REVERT_STEPS"); do
    sqlx migrate revert --source migrations
  done
  status
}

command -v sqlx >/dev/null || { echo "install sqlx-cli: cargo install sqlx-cli" >&2; exit 1; }
wait_for_db
check_migration_names || { echo "fix the migration pairs first" >&2; exit 1; }

case "$MODE" in
  migrate) migrate ;;
  revert) revert ;;
  status) status ;;
esac
