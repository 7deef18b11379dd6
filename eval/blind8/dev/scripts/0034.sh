#!/usr/bin/env bash
# Recreate the local dev database from migrations and load seed data.
set -euo pipefail

DB_HOST="${DB_HOST:-localhost}"
DB_PORT="${DB_PORT:-5432}"
DB_USER="${DB_USER:-dev}"
DB_NAME="${DB_NAME:-app_dev}"
export PGPASSWORD="${PGPASSWORD:-dev}"

say() { echo "[db] $*"; }

guard_local() {
  case "$DB_HOST" in
    localhost|127.0.0.1|db) ;;
    *) echo "refusing to reset non-local host $DB_HOST" >&2; exit 2 ;;
  esac
  case "$DB_NAME" in
    *_dev|*_test) ;;
    *) echo "refusing to reset $DB_NAME (expect *_dev or *_test)" >&2; exit 2 ;;
  esac
}

psql_local() {
  psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USER" -v ON_ERROR_STOP=1 "$@"
}

recreate() {
  say "dropping and recreating $DB_NAME"
  psql_local -d postgres -c "DROP DATABASE IF EXISTS \"$DB_NAME\""
  psql_local -d postgres -c "CREATE DATABASE \"$DB_NAME\""
}

migrate() {
  for f in db/migrations/*.sql; do
    say "migrate $(basename "$f")"
    psql_local -d "$DB_NAME" -q -f "$f"
  done
}

seed() {
  [ -f db/seed.sql ] && psql_local -d "$DB_NAME" -q -f db/seed.sql
  say "seeded: $(psql_local -d "$DB_NAME" -Atc 'select count(*) from users') users"
}

main() {
  guard_local
  recreate
  migrate
  seed
}

main "$@"
