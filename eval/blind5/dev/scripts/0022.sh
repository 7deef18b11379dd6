#!/usr/bin/env bash
# Nightly maintenance for the local development Postgres: dump, vacuum, reindex.
set -euo pipefail

PGHOST="${PGHOST:-localhost}"
PGPORT="${PGPORT:-5432}"
PGUSER="${PGUSER:-dev}"
PGDATABASE="${PGDATABASE:-app_dev}"
export PGHOST PGPORT PGUSER PGDATABASE

BACKUP_DIR="${BACKUP_DIR:-./var/backups}"
KEEP="${KEEP:-7}"

mkdir -p "$BACKUP_DIR"

psql_q() { psql -X -v ON_ERROR_STOP=1 -qAt -c "$1"; }

guard_local() {
  case "$PGHOST" in
    localhost|127.0.0.1|::1|/*) ;;
    *) echo "refusing to run against non-local host $PGHOST" >&2; exit 1 ;;
  esac
}

dump() {
  local file="$BACKUP_DIR/$PGDATABASE-$(date +%Y%m%d-%H%M).dump"
  pg_dump --format=custom --no-owner --file "$file"
  echo "dumped to $file ($(du -h "$file" | cut -f1))"
}

rotate() {
  ls -1t "$BACKUP_DIR"/"$PGDATABASE"-*.dump 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
    rm -f -- "$old"
    echo "rotated out $old"
  done
}

vacuum() {
  psql_q "VACUUM (ANALYZE);"
  echo "vacuum analyze complete"
}

bloat_report() {
  psql -X -c "
    SELECT relname, n_dead_tup, n_live_tup,
           round(100.0 * n_dead_tup / NULLIF(n_live_tup + n_dead_tup, 0), 1) AS dead_pct
    FROM pg_stat_user_tables
    ORDER BY n_dead_tup DESC
    LIMIT 10;"
}

main() {
  guard_local
  dump
  rotate
  vacuum
  psql_q "REINDEX DATABASE CONCURRENTLY $PGDATABASE;" || echo "reindex skipped"
  bloat_report
}

main "$@"
