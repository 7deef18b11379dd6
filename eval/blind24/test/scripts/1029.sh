#!/usr/bin/env bash
# seed-sqlite.sh -- build var/dev.sqlite3 from migrations + CSV fixtures.
#
#   scripts/seed-sqlite.sh            # create if missing, otherwise top up
#   scripts/seed-sqlite.sh --fresh    # delete var/dev.sqlite3 first
#   scripts/seed-sqlite.sh --db var/test.sqlite3 --fixtures tests/fixtures
#
# The database path must resolve inside this repository's var/ directory, so a
# typo can never point the script at some other SQLite file on the machine.
set -euo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd -P)"
DB="$PROJECT/var/dev.sqlite3"
MIGRATIONS="$PROJECT/db/migrations"
FIXTURES="$PROJECT/db/fixtures"
FRESH=0
VERBOSE=0

note() { printf '[seed] %s\n' "$*" >&2; }
abort() { printf '[seed] error: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --fresh) FRESH=1 ;;
    --db) DB="$2"; shift ;;
    --fixtures) FIXTURES="$2"; shift ;;
    -v|--verbose) VERBOSE=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) abort "unknown argument: $1" ;;
  esac
  shift
done

command -v sqlite3 >/dev/null || abort "sqlite3 CLI is required"

resolve() {
  # realpath -m works for paths that do not exist yet
  local p="$1"
  [[ "$p" = /* ]] || p="$PROJECT/$p"
  realpath -m -- "$p"
}

DB="$(resolve "$DB")"
FIXTURES="$(resolve "$FIXTURES")"
case "$DB" in
  "$PROJECT"/var/*.sqlite3) ;;
  *) abort "database must live in $PROJECT/var/ and end in .sqlite3 (got $DB)" ;;
esac
case "$FIXTURES" in
  "$PROJECT"/*) ;;
  *) abort "fixtures must be inside the project" ;;
esac

sq() {
  if ((VERBOSE)); then
    sqlite3 -bail -echo "$DB" "$@"
  else
    sqlite3 -bail "$DB" "$@"
  fi
}

if ((FRESH)) && [[ -f "$DB" ]]; then
  note "removing $(basename "$DB") (and -wal/-shm)"
  rm -f -- "$DB" "$DB-wal" "$DB-shm"
fi
mkdir -p "$(dirname "$DB")"

ensure_meta() {
  sq "CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL);"
}

apply_migrations() {
  local f version applied=0
  shopt -s nullglob
  for f in "$MIGRATIONS"/*.sql; do
    version="$(basename "$f" .sql)"
    if [[ -n "$(sq "SELECT 1 FROM schema_migrations WHERE version = '$version';")" ]]; then
      continue
    fi
    note "migrating $version"
    {
      printf 'BEGIN;\n'
      cat "$f"
      printf "\nINSERT INTO schema_migrations VALUES ('%s', datetime('now'));\nCOMMIT;\n" "$version"
    } | sq
    applied=$((applied + 1))
  done
  shopt -u nullglob
  note "$applied migration(s) applied"
}

table_for() {
  # 010-customers.csv -> customers
  local base
  base="$(basename "$1" .csv)"
  printf '%s' "${base#[0-9][0-9][0-9]-}"
}

import_csv() {
  local f="$1" table tmp header
  table="$(table_for "$f")"
  [[ "$table" =~ ^[a-z_]+$ ]] || abort "bad table name from $(basename "$f")"
  header="$(head -n 1 "$f")"
  tmp="$(mktemp)"
  tail -n +2 "$f" >"$tmp"
  # import into a temp table, then insert only rows whose id is new (idempotent)
  sq <<SQL
CREATE TEMP TABLE staging AS SELECT * FROM $table WHERE 0;
.mode csv
.import $tmp staging
INSERT OR IGNORE INTO $table ($header) SELECT $header FROM staging;
SQL
  rm -f -- "$tmp"
  note "$table: $(sq "SELECT count(*) FROM $table;") rows"
}

import_fixtures() {
  local f n=0
  shopt -s nullglob
  for f in "$FIXTURES"/*.csv; do
    import_csv "$f"
    n=$((n + 1))
  done
  shopt -u nullglob
  ((n)) || note "no CSV fixtures in ${FIXTURES#"$PROJECT"/}"
}

integrity() {
  local r
  r="$(sq 'PRAGMA integrity_check;')"
  [[ "$r" == ok ]] || abort "integrity check failed: $r"
  sq 'PRAGMA foreign_key_check;' | head -n 5 | while read -r line; do
    note "foreign key problem: $line"
  done
}

summary() {
  sq "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name;" |
    while read -r t; do
      printf '  %-24s %s\n' "$t" "$(sq "SELECT count(*) FROM \"$t\";")"
    done
}

backup_existing() {
  # keep one previous copy next to the db so a bad seed can be undone
  [[ -f "$DB" ]] || return 0
  sq ".backup '$DB.prev'"
  note "previous database saved as $(basename "$DB").prev"
}

vacuum_if_large() {
  local size
  size="$(wc -c <"$DB" | tr -d ' ')"
  if ((size > 200 * 1024 * 1024)); then
    note "database is $((size / 1024 / 1024)) MiB; running VACUUM"
    sq 'VACUUM;'
  fi
}

check_fixture_headers() {
  local f table cols
  shopt -s nullglob
  for f in "$FIXTURES"/*.csv; do
    table="$(table_for "$f")"
    cols="$(sq "SELECT group_concat(name, ',') FROM pragma_table_info('$table');")"
    [[ -n "$cols" ]] || abort "fixture $(basename "$f") refers to unknown table $table"
  done
  shopt -u nullglob
}

((FRESH)) || backup_existing
sq 'PRAGMA journal_mode=WAL;' >/dev/null
ensure_meta
apply_migrations
check_fixture_headers
import_fixtures
integrity
vacuum_if_large
note "database ${DB#"$PROJECT"/} ready:"
summary
