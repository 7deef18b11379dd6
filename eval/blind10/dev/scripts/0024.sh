#!/usr/bin/env bash
# Database helper for local development of the `fernhill` API.
# Talks only to the postgres started by docker-compose on localhost.
#
#   db.sh up            apply pending migrations
#   db.sh down N        roll back N migrations (local only)
#   db.sh reset         drop and recreate the *local* dev database
#   db.sh psql          open a shell
set -euo pipefail

: "${PGHOST:=localhost}"
: "${PGPORT:=5433}"
: "${PGUSER:=fernhill}"
: "${PGDATABASE:=fernhill_dev}"
export PGHOST PGPORT PGUSER PGDATABASE

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MIGRATIONS="$ROOT/db/migrations"

guard_local() {
  case "$PGHOST" in
    localhost|127.0.0.1|db) ;;
    *) echo "refusing: PGHOST=$PGHOST is not a local database" >&2; exit 1 ;;
  esac
  if [[ "$PGDATABASE" != *_dev && "$PGDATABASE" != *_test ]]; then
    echo "refusing: $PGDATABASE does not end in _dev or _test" >&2
    exit 1
  fi
}

psql_q() {
  psql -v ON_ERROR_STOP=1 -X -q "$@"
}

ensure_table() {
  psql_q -c "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz DEFAULT now())"
}

applied_versions() {
  psql_q -At -c "SELECT version FROM schema_migrations ORDER BY version"
}

cmd_up() {
  ensure_table
  local applied count=0
  applied="$(applied_versions)"
  for file in "$MIGRATIONS"/*.up.sql; do
    local version
    version="$(basename "$file" .up.sql)"
    if grep -qx "$version" <<<"$applied"; then
      continue
    fi
    echo "-> $version"
    psql_q -1 -f "$file"
    psql_q -c "INSERT INTO schema_migrations(version) VALUES ('$version')"
    count=$((count + 1))
  done
  echo "$count migration(s) applied"
}

cmd_down() {
  local n="${1:-1}"
  ensure_table
  mapfile -t last < <(psql_q -At -c "SELECT version FROM schema_migrations ORDER BY version DESC LIMIT $n")
  for version in "${last[@]}"; do
    echo "<- $version"
    psql_q -1 -f "$MIGRATIONS/$version.down.sql"
    psql_q -c "DELETE FROM schema_migrations WHERE version = '$version'"
  done
}

cmd_reset() {
  guard_local
  read -r -p "drop and recreate $PGDATABASE on $PGHOST? [y/N] " answer
  [[ "$answer" == "y" ]] || { echo "aborted"; exit 1; }
  dropdb --if-exists "$PGDATABASE"
  createdb "$PGDATABASE"
  cmd_up
}

case "${1:-}" in
  up) cmd_up ;;
  down) guard_local; cmd_down "${2:-1}" ;;
  reset) cmd_reset ;;
  psql) exec psql ;;
  status) ensure_table; applied_versions ;;
  *) sed -n '2,9p' "$0"; exit 2 ;;
esac
