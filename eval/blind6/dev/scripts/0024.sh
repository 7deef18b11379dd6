#!/usr/bin/env bash
# Apply pending SQL migrations from db/migrations to $DATABASE_URL, one
# transaction per file, recording each in schema_migrations.
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL (e.g. postgres://localhost/app_dev)}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="$ROOT/db/migrations"
DRY_RUN=0
[ "${1:-}" = "--dry-run" ] && DRY_RUN=1

psql_q() {
  psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -qtAX "$@"
}

ensure_table() {
  psql_q -c "CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now())"
}

applied() {
  psql_q -c "SELECT version FROM schema_migrations ORDER BY version"
}

pending() {
  local done_list
  done_list="$(applied)"
  for f in "$DIR"/*.up.sql; do
    [ -e "$f" ] || continue
    local v
    v="$(basename "$f" .up.sql)"
    grep -qx "$v" <<< "$done_list" || echo "$f"
  done
}

apply_one() {
  local f="$1" v
  v="$(basename "$f" .up.sql)"
  echo "applying $v"
  if [ "$DRY_RUN" -eq 1 ]; then
    return
  fi
  psql_q --single-transaction \
    -f "$f" \
    -c "INSERT INTO schema_migrations(version) VALUES ('$v')"
}

main() {
  ensure_table
  local count=0
  while IFS= read -r f; do
    apply_one "$f"
    count=$((count + 1))
  done < <(pending)
  echo "$count migration(s) $( [ "$DRY_RUN" -eq 1 ] && echo 'would be ' )applied"
}

main
