#!/usr/bin/env bash
# scripts/db/reset-local.sh - recreate the local Postgres dev database for the
# Phoenix app and run migrations + seeds. Refuses anything but localhost.
set -euo pipefail

DB_HOST="${PGHOST:-localhost}"
DB_PORT="${PGPORT:-5432}"
DB_USER="${PGUSER:-postgres}"
DB_NAME="${DEV_DB_NAME:-chat_dev}"
SEED=1
ASSUME_YES=0

usage() {
  echo "usage: $0 [--no-seed] [--yes]"
}

for arg in "$@"; do
  case "$arg" in
    --no-seed) SEED=0 ;;
    --yes|-y) ASSUME_YES=1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

case "$DB_HOST" in
  localhost|127.0.0.1|::1) ;;
  *)
    echo "refusing: PGHOST=$DB_HOST is not local" >&2
    exit 1
    ;;
esac

case "$DB_NAME" in
  *_dev|*_test) ;;
  *)
    echo "refusing: $DB_NAME does not look like a dev/test database" >&2
    exit 1
    ;;
esac

if [[ "${MIX_ENV:-dev}" == "prod" ]]; then
  echo "refusing to run with MIX_ENV=prod" >&2
  exit 1
fi

psql_local() {
  psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USER" -v ON_ERROR_STOP=1 "$@"
}

confirm() {
  [[ $ASSUME_YES -eq 1 ]] && return 0
  read -r -p "Drop and recreate $DB_NAME on $DB_HOST? [y/N] " reply
  [[ "$reply" == "y" || "$reply" == "Y" ]]
}

wait_for_pg() {
  local tries=0
  until pg_isready -h "$DB_HOST" -p "$DB_PORT" -q; do
    tries=$((tries + 1))
    if [[ $tries -gt 20 ]]; then
      echo "postgres not reachable on $DB_HOST:$DB_PORT" >&2
      exit 1
    fi
    sleep 0.5
  done
}

main() {
  wait_for_pg
  confirm || { echo "aborted"; exit 1; }
  echo "dropping $DB_NAME"
  psql_local -d postgres -c "DROP DATABASE IF EXISTS \"$DB_NAME\" WITH (FORCE);"
  psql_local -d postgres -c "CREATE DATABASE \"$DB_NAME\";"
  echo "migrating"
  MIX_ENV=dev mix ecto.migrate
  if [[ $SEED -eq 1 ]]; then
    echo "seeding"
    MIX_ENV=dev mix run priv/repo/seeds.exs
  fi
  psql_local -d "$DB_NAME" -Atc "select count(*) from schema_migrations" \
    | xargs -I{} echo "{} migrations applied"
}

main
