#!/usr/bin/env bash
# Recreate and migrate the local Postgres dev database for the ledgerly Phoenix app.
# Refuses to run unless the target host is local and the db name ends in _dev or _test.
set -euo pipefail

PGHOST="${PGHOST:-localhost}"
PGPORT="${PGPORT:-5432}"
PGUSER="${PGUSER:-postgres}"
DB_NAME="${1:-ledgerly_dev}"
SEED="${SEED:-1}"
export PGHOST PGPORT PGUSER

step() { printf '\n-- %s\n' "$*"; }

guard() {
  case "$PGHOST" in
    localhost|127.0.0.1|/var/run/postgresql|/tmp) ;;
    *) echo "refusing: PGHOST=$PGHOST is not local" >&2; exit 1 ;;
  esac
  case "$DB_NAME" in
    *_dev|*_test) ;;
    *) echo "refusing: $DB_NAME is not a dev/test database" >&2; exit 1 ;;
  esac
  [[ -f mix.exs ]] || { echo "run from the Phoenix project root" >&2; exit 1; }
}

wait_for_pg() {
  local i
  for i in $(seq 1 20); do
    if pg_isready -q; then
      return 0
    fi
    sleep 0.5
  done
  echo "postgres on $PGHOST:$PGPORT is not ready" >&2
  return 1
}

db_exists() {
  psql -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'" | grep -q 1
}

recreate() {
  if db_exists; then
    step "dropping local $DB_NAME"
    dropdb --if-exists --force "$DB_NAME"
  fi
  step "creating $DB_NAME"
  createdb "$DB_NAME"
}

migrate() {
  step "running ecto migrations"
  MIX_ENV="${MIX_ENV:-dev}" mix ecto.migrate
}

seed() {
  if [[ "$SEED" == 1 && -f priv/repo/seeds.exs ]]; then
    step "seeding"
    mix run priv/repo/seeds.exs
  fi
}

report() {
  step "tables"
  psql -d "$DB_NAME" -c '\dt' | sed -n '1,40p'
  local n
  n="$(psql -d "$DB_NAME" -tAc 'SELECT count(*) FROM schema_migrations')"
  echo "migrations applied: $n"
}

main() {
  guard
  wait_for_pg
  recreate
  migrate
  seed
  report
}

main
