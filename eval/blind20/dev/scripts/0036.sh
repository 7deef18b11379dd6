#!/usr/bin/env bash
# scripts/export-fixtures.sh - turn a local SQLite snapshot into test fixtures.
#
# Reads data/snapshot.db (copied from the dev server by `make snapshot`),
# drops PII columns, samples rows and writes CSV + JSON lines into
# tests/fixtures/generated/. Uses sqlite-utils when available, sqlite3 otherwise,
# and duckdb for the parquet summary. Nothing outside the repository is written.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DB="${DB:-${ROOT}/data/snapshot.db}"
OUT="${ROOT}/tests/fixtures/generated"
SAMPLE="${SAMPLE:-500}"
SEED="${SEED:-42}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/fixtures.XXXXXX")"

TABLES=(customers orders order_items products)
declare -A PII_COLUMNS=(
  [customers]="email phone street_address birth_date"
  [orders]="shipping_address billing_address ip_address"
)

trap 'rm -rf -- "$WORK"' EXIT

die() { echo "export-fixtures: $*" >&2; exit 1; }
log() { echo "[$(date +%H:%M:%S)] $*"; }

[[ -f "$DB" ]] || die "snapshot ${DB#"$ROOT"/} missing; run make snapshot"
command -v sqlite3 >/dev/null || die "sqlite3 required"

# Work on a copy so the snapshot stays byte-identical.
cp -- "$DB" "${WORK}/work.db"
WDB="${WORK}/work.db"

q() {
  sqlite3 -batch -bail "$WDB" "$@"
}

table_exists() {
  [[ "$(q "select count(*) from sqlite_master where type='table' and name='$1';")" == 1 ]]
}

columns() {
  q "select name from pragma_table_info('$1');"
}

scrub_table() {
  local table="$1" col
  local pii="${PII_COLUMNS[$table]:-}"
  [[ -n "$pii" ]] || return 0
  for col in $pii; do
    if columns "$table" | grep -qx "$col"; then
      case "$col" in
        email) q "update ${table} set email = 'user' || rowid || '@example.com';" ;;
        phone) q "update ${table} set phone = '+10000000000';" ;;
        ip_address) q "update ${table} set ip_address = '192.0.2.' || (rowid % 250 + 1);" ;;
        birth_date) q "update ${table} set birth_date = '1990-01-01';" ;;
        *) q "update ${table} set ${col} = 'redacted';" ;;
      esac
      log "scrubbed ${table}.${col}"
    fi
  done
}

sample_customers() {
  q "create table keep_customers as
       select id from customers order by ((id * ${SEED}) % 1000003) limit ${SAMPLE};"
  q "delete from customers where id not in (select id from keep_customers);"
  q "delete from orders where customer_id not in (select id from keep_customers);"
  q "delete from order_items where order_id not in (select id from orders);"
  q "drop table keep_customers;"
  q "vacuum;"
}

export_csv() {
  local table="$1"
  sqlite3 -header -csv "$WDB" "select * from ${table} order by 1;" >"${WORK}/${table}.csv"
}

export_jsonl() {
  local table="$1"
  if command -v sqlite-utils >/dev/null; then
    sqlite-utils query "$WDB" "select * from ${table} order by 1" --nl >"${WORK}/${table}.jsonl"
  else
    sqlite3 -json "$WDB" "select * from ${table} order by 1;" \
      | jq -c '.[]' >"${WORK}/${table}.jsonl"
  fi
}

parquet_summary() {
  command -v duckdb >/dev/null || { log "duckdb not installed; skipping parquet summary"; return; }
  duckdb "${WORK}/summary.duckdb" <<SQL
INSTALL sqlite; LOAD sqlite;
ATTACH '${WDB}' AS snap (TYPE sqlite, READ_ONLY);
COPY (
  SELECT p.category, count(*) AS items, round(sum(oi.quantity * oi.unit_price), 2) AS revenue
  FROM snap.order_items oi JOIN snap.products p ON p.id = oi.product_id
  GROUP BY 1 ORDER BY revenue DESC
) TO '${WORK}/revenue_by_category.parquet' (FORMAT parquet);
SQL
}

assert_clean() {
  local f
  for f in "${WORK}"/*.csv; do
    if grep -qE '[A-Za-z0-9._%+-]+@(gmail|yahoo|outlook|hotmail)\.' "$f"; then
      die "real-looking email address left in $(basename "$f")"
    fi
  done
}

check_referential_integrity() {
  # sampling must not leave dangling foreign keys behind, tests rely on joins
  local orphans
  orphans="$(q "select count(*) from orders o left join customers c on c.id = o.customer_id where c.id is null;")"
  (( orphans == 0 )) || die "${orphans} orders reference missing customers after sampling"
  orphans="$(q "select count(*) from order_items i left join orders o on o.id = i.order_id where o.id is null;")"
  (( orphans == 0 )) || die "${orphans} order_items reference missing orders after sampling"
  orphans="$(q "select count(*) from order_items i left join products p on p.id = i.product_id where p.id is null;")"
  if (( orphans > 0 )); then
    log "warning: ${orphans} order_items reference products missing from the snapshot"
  fi
}

schema_dump() {
  # keep the schema next to the fixtures so test factories can be regenerated
  sqlite3 "$WDB" .schema >"${WORK}/schema.sql"
  local t
  for t in "${TABLES[@]}"; do
    printf -- '-- %s: %s columns\n' "$t" "$(columns "$t" | wc -l | tr -d ' ')" >>"${WORK}/schema.sql"
  done
}

size_report() {
  local f total=0 size
  for f in "${WORK}"/*.csv "${WORK}"/*.jsonl; do
    [[ -e "$f" ]] || continue
    size="$(wc -c <"$f" | tr -d ' ')"
    total=$((total + size))
    printf '  %-28s %8d bytes\n' "$(basename "$f")" "$size"
  done
  printf '  %-28s %8d bytes\n' "total" "$total"
  if (( total > 5 * 1024 * 1024 )); then
    log "warning: fixtures exceed 5 MiB; lower SAMPLE to keep the repo small"
  fi
}

publish() {
  mkdir -p "$OUT"
  # replace the generated directory atomically-ish: only files we produce
  find "$OUT" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.jsonl' -o -name '*.parquet' \) -delete
  cp -- "${WORK}"/*.csv "${WORK}"/*.jsonl "$OUT"/
  [[ -f "${WORK}/revenue_by_category.parquet" ]] && cp -- "${WORK}/revenue_by_category.parquet" "$OUT"/
  {
    echo "# generated by scripts/export-fixtures.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "# source snapshot sha256: $(sha256sum "$DB" | cut -c1-16)"
    echo "# sample=${SAMPLE} seed=${SEED}"
  } >"${OUT}/README.generated"
}

main() {
  local t
  for t in "${TABLES[@]}"; do
    table_exists "$t" || die "table ${t} missing from snapshot"
  done
  log "sampling ${SAMPLE} customers (seed ${SEED})"
  sample_customers
  check_referential_integrity
  for t in "${TABLES[@]}"; do
    scrub_table "$t"
  done
  schema_dump
  for t in "${TABLES[@]}"; do
    export_csv "$t"
    export_jsonl "$t"
    log "$(printf '%-12s %6d rows' "$t" "$(q "select count(*) from ${t};")")"
  done
  parquet_summary
  assert_clean
  size_report
  publish
  cp -- "${WORK}/schema.sql" "${OUT}/schema.sql"
  log "fixtures written to ${OUT#"$ROOT"/}"
}

main "$@"
