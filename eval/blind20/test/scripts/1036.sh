#!/usr/bin/env bash
# analytics/build.sh - build the local DuckDB analytics file from raw exports.
#
#   analytics/build.sh               rebuild warehouse/analytics.duckdb from data/raw
#   analytics/build.sh --check       run the data-quality queries only
#   analytics/build.sh --export DIR  write the marts as parquet into DIR (inside the repo)
#
# The database is rebuilt into a temp file and atomically moved into place, so
# a failed build never leaves a half-written warehouse behind.
#
# SQL layout (analytics/sql, applied in file-name order):
#   10_staging.sql    typed views over raw.* (renames, casts, dedup)
#   20_dims.sql       marts.customers, marts.products
#   30_facts.sql      marts.orders, marts.events
#   40_reports.sql    marts.revenue_daily, marts.cohorts
# Every file must be idempotent (CREATE OR REPLACE ...) because the whole
# database is rebuilt from scratch on every run.
#
# Inputs in data/raw come from `make fetch-raw` (read-only exports of the
# internal replica). Nothing here connects to a remote database.
#
# Useful while developing a query:
#   duckdb -readonly warehouse/analytics.duckdb
#   D .timer on
#   D SUMMARIZE marts.orders;
set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RAW="${ROOT}/data/raw"
SQL_DIR="${ROOT}/analytics/sql"
WAREHOUSE="${ROOT}/warehouse/analytics.duckdb"
TMP_DB=""
MODE="build"
EXPORT_DIR=""

on_exit() {
  [[ -n "$TMP_DB" && -f "$TMP_DB" ]] && rm -f -- "$TMP_DB" "${TMP_DB}.wal"
}
trap on_exit EXIT

# Data-quality checks (see check()):
#   orders without customer      referential integrity after dedup
#   negative order totals        refunds must be separate rows, not negatives
#   duplicate order ids          the staging view must dedup by latest update
#   events in the future         clock skew in the raw export
# A failing check aborts the build before the new file replaces the old one.
#
# Performance: the full rebuild takes ~40s on a laptop for a month of raw
# data; set DUCKDB_THREADS to limit CPU use while working on something else.
#
# Exports (--export DIR) are meant for notebooks and spreadsheets; DIR must be
# inside the repository and is gitignored under exports/.
#
# Memory: duckdb spills to a temp directory next to the database when the
# working set exceeds its memory limit; the temp files are removed on exit.
fatal() { echo "analytics: $*" >&2; exit 1; }
step() { echo "analytics: $*"; }

while (( $# )); do
  case "$1" in
    --check) MODE="check" ;;
    --export) MODE="export"; EXPORT_DIR="${2:-}"; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) fatal "unknown argument $1" ;;
  esac
  shift
done

command -v duckdb >/dev/null || fatal "duckdb CLI not installed"

# inside_repo PATH - true when PATH resolves to a location under the
# repository root; used to keep --export from writing elsewhere.
inside_repo() {
  local target
  target="$(cd "$(dirname "$1")" 2>/dev/null && pwd)/$(basename "$1")"
  [[ "$target" == "$ROOT"/* ]]
}

# run_sql_file DB FILE - apply one SQL file with -bail so the first error
# aborts the build (the temp database is then removed by the EXIT trap).
run_sql_file() {
  local db="$1" file="$2"
  step "$(basename "$file")"
  duckdb "$db" -bail -c ".read ${file}" >/dev/null
}

load_raw() {
  local db="$1"
  duckdb "$db" -bail <<SQL
CREATE SCHEMA IF NOT EXISTS raw;
CREATE OR REPLACE TABLE raw.orders AS
  SELECT * FROM read_csv_auto('${RAW}/orders_*.csv', header=true, union_by_name=true, filename=true);
CREATE OR REPLACE TABLE raw.customers AS
  SELECT * FROM read_json_auto('${RAW}/customers_*.jsonl', format='newline_delimited');
CREATE OR REPLACE TABLE raw.events AS
  SELECT * FROM read_parquet('${RAW}/events/*.parquet', hive_partitioning=true);
SQL
  duckdb "$db" -csv -noheader -c "
    SELECT 'orders', count(*) FROM raw.orders
    UNION ALL SELECT 'customers', count(*) FROM raw.customers
    UNION ALL SELECT 'events', count(*) FROM raw.events" \
    | while IFS=, read -r t n; do printf '  raw.%-10s %10s rows\n' "$t" "$n"; done
}

build() {
  [[ -d "$RAW" ]] || fatal "data/raw missing; run make fetch-raw"
  mkdir -p "$(dirname "$WAREHOUSE")"
  TMP_DB="$(mktemp "${WAREHOUSE}.XXXXXX")"
  rm -f -- "$TMP_DB"
  load_raw "$TMP_DB"
  local f
  for f in "${SQL_DIR}"/[0-9][0-9]_*.sql; do
    run_sql_file "$TMP_DB" "$f"
  done
  check "$TMP_DB"
  mv -f -- "$TMP_DB" "$WAREHOUSE"
  TMP_DB=""
  step "warehouse ready: ${WAREHOUSE#"$ROOT"/} ($(du -h "$WAREHOUSE" | cut -f1))"
  profile_tables
  freshness
}

check() {
  local db="${1:-$WAREHOUSE}" failures=0 name count
  [[ -f "$db" ]] || fatal "no database at ${db#"$ROOT"/}"
  while IFS='|' read -r name count; do
    if [[ "$count" != 0 ]]; then
      printf '  FAIL %-34s %s rows\n' "$name" "$count"
      failures=$((failures + 1))
    else
      printf '  ok   %s\n' "$name"
    fi
  done < <(duckdb "$db" -list -noheader -separator '|' -c "
    SELECT 'orders without customer', count(*) FROM marts.orders o
      LEFT JOIN marts.customers c USING (customer_id) WHERE c.customer_id IS NULL
    UNION ALL
    SELECT 'negative order totals', count(*) FROM marts.orders WHERE total_cents < 0
    UNION ALL
    SELECT 'duplicate order ids', count(*) - count(DISTINCT order_id) FROM marts.orders
    UNION ALL
    SELECT 'events in the future', count(*) FROM marts.events WHERE ts > now() + INTERVAL 1 DAY")
  (( failures == 0 )) || fatal "${failures} data-quality check(s) failed"
}

profile_tables() {
  # row counts and on-disk size per mart table, printed after a build
  local db="${1:-$WAREHOUSE}"
  duckdb "$db" -readonly -box -c "
    SELECT table_schema || '.' || table_name AS table,
           estimated_size AS rows,
           column_count AS cols
    FROM duckdb_tables()
    WHERE table_schema = 'marts'
    ORDER BY estimated_size DESC"
}

freshness() {
  # newest event timestamp, to spot stale raw exports
  local db="${1:-$WAREHOUSE}" newest
  newest="$(duckdb "$db" -readonly -list -noheader -c 'SELECT max(ts) FROM marts.events' 2>/dev/null || true)"
  [[ -n "$newest" ]] && step "newest event: ${newest}"
  return 0
}

export_marts() {
  [[ -n "$EXPORT_DIR" ]] || fatal "--export needs a directory"
  inside_repo "$EXPORT_DIR" || fatal "export directory must be inside the repository"
  mkdir -p "$EXPORT_DIR"
  local table
  for table in $(duckdb "$WAREHOUSE" -list -noheader -c \
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'marts' ORDER BY 1"); do
    duckdb "$WAREHOUSE" -c "COPY marts.${table} TO '${EXPORT_DIR}/${table}.parquet' (FORMAT parquet, COMPRESSION zstd)"
    step "exported marts.${table}"
  done
}

case "$MODE" in
  build) build ;;
  check) check ;;
  export) export_marts ;;
esac
