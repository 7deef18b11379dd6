#!/usr/bin/env bash
# cql-copy.sh - move table data between the local Cassandra dev keyspace and CSV.
#
#   tools/cql-copy.sh export [table...]     # keyspace -> data/cql-export/<table>.csv
#   tools/cql-copy.sh import [table...]     # data/cql-export/*.csv -> keyspace
#   tools/cql-copy.sh reset-table TABLE     # TRUNCATE one table, dev keyspace only
#
# Uses `cqlsh -e "COPY ..."` against the node from infra/cassandra/compose.yaml
# (127.0.0.1:9042).  The keyspace comes from CQL_KEYSPACE (default inventory_dev)
# and must end in _dev or _test; the host must be loopback.  CSV headers are
# checked against system_schema before importing so a renamed column fails
# loudly instead of silently shifting data.
set -Eeuo pipefail

readonly ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly DATA_DIR="$ROOT/data/cql-export"
readonly HOST="${CQL_HOST:-127.0.0.1}"
readonly PORT="${CQL_PORT:-9042}"
readonly KEYSPACE="${CQL_KEYSPACE:-inventory_dev}"
readonly PAGE_SIZE="${CQL_PAGE_SIZE:-2000}"
TMP_DIR=""

msg()  { printf '\033[36m[cql-copy]\033[0m %s\n' "$*" >&2; }
fail() { printf '\033[31m[cql-copy]\033[0m %s\n' "$*" >&2; exit 1; }

on_exit() {
  local status=$?
  [[ -n "$TMP_DIR" && -d "$TMP_DIR" ]] && rm -rf -- "$TMP_DIR"
  (( status == 0 )) || msg "failed with status $status"
}
trap on_exit EXIT
trap 'fail "error on line $LINENO"' ERR

guard() {
  case "$HOST" in
    127.0.0.1|localhost|::1) ;;
    *) fail "CQL_HOST=$HOST is not loopback; this tool is for the local node only" ;;
  esac
  [[ "$KEYSPACE" =~ _(dev|test)$ ]] || fail "keyspace $KEYSPACE is not a _dev/_test keyspace"
  command -v cqlsh >/dev/null || fail "cqlsh not on PATH (pip install cqlsh)"
}

cql() {
  cqlsh "$HOST" "$PORT" --request-timeout=120 -e "$1"
}

wait_ready() {
  local n
  for n in {1..20}; do
    if cql "SELECT release_version FROM system.local" >/dev/null 2>&1; then
      return 0
    fi
    msg "waiting for cassandra ($n)"
    sleep 3
  done
  fail "cassandra at $HOST:$PORT is not answering"
}

all_tables() {
  cql "SELECT table_name FROM system_schema.tables WHERE keyspace_name='$KEYSPACE';" \
    | sed -n '4,$p' | awk 'NF == 1 && $1 !~ /^\(/ {print $1}'
}

columns_of() {
  local table="$1"
  cql "SELECT column_name FROM system_schema.columns WHERE keyspace_name='$KEYSPACE' AND table_name='$table';" \
    | sed -n '4,$p' | awk 'NF == 1 && $1 !~ /^\(/ {print $1}' | sort
}

pick_tables() {
  if (( $# > 0 )); then
    printf '%s\n' "$@"
  else
    all_tables
  fi
}

export_table() {
  local table="$1" out="$DATA_DIR/$1.csv" tmp
  tmp="$TMP_DIR/$table.csv"
  cql "COPY $KEYSPACE.$table TO '$tmp' WITH HEADER = true AND PAGESIZE = $PAGE_SIZE AND MAXREQUESTS = 4;" >/dev/null
  mkdir -p "$DATA_DIR"
  mv -f -- "$tmp" "$out"
  msg "exported $table: $(( $(wc -l < "$out") - 1 )) rows"
}

check_header() {
  local table="$1" csv="$2" file_cols live_cols
  file_cols="$(head -n 1 "$csv" | tr ',' '\n' | tr -d '"\r' | sort)"
  live_cols="$(columns_of "$table")"
  if [[ "$file_cols" != "$live_cols" ]]; then
    msg "column mismatch for $table:"
    diff <(echo "$file_cols") <(echo "$live_cols") | sed 's/^/    /' >&2 || true
    return 1
  fi
}

import_table() {
  local table="$1" csv="$DATA_DIR/$1.csv" cols
  [[ -f "$csv" ]] || { msg "no CSV for $table, skipping"; return 0; }
  check_header "$table" "$csv" || fail "refusing to import $table"
  cols="$(head -n 1 "$csv" | tr -d '"\r')"
  cql "COPY $KEYSPACE.$table ($cols) FROM '$csv' WITH HEADER = true AND CHUNKSIZE = 500 AND MAXBATCHSIZE = 20;" >/dev/null
  msg "imported $table"
}

reset_table() {
  local table="$1"
  [[ -n "$table" ]] || fail "reset-table needs a table name"
  all_tables | grep -qx -- "$table" || fail "$table does not exist in $KEYSPACE"
  msg "truncating $KEYSPACE.$table (local dev keyspace)"
  cql "TRUNCATE $KEYSPACE.$table;"
}

counts() {
  local table
  while read -r table; do
    printf '%-32s %s\n' "$table" \
      "$(cql "SELECT count(*) FROM $KEYSPACE.$table;" | sed -n '4p' | tr -d ' ')"
  done < <(pick_tables "$@")
}

write_manifest() {
  local manifest="$DATA_DIR/MANIFEST"
  {
    echo "keyspace=$KEYSPACE"
    echo "exported_at=$(date -u +%FT%TZ)"
    echo "git_commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo none)"
    local f
    for f in "$DATA_DIR"/*.csv; do
      [[ -e "$f" ]] || continue
      echo "file=$(basename "$f") sha256=$(sha256sum "$f" | cut -d' ' -f1)"
    done
  } > "$manifest"
}

verify_manifest() {
  local manifest="$DATA_DIR/MANIFEST" line name sum actual bad=0
  [[ -f "$manifest" ]] || { msg "no MANIFEST; skipping checksum verification"; return 0; }
  while read -r line; do
    [[ "$line" == file=* ]] || continue
    name="${line#file=}"; name="${name%% *}"
    sum="${line##*sha256=}"
    actual="$(sha256sum "$DATA_DIR/$name" | cut -d' ' -f1)"
    if [[ "$sum" != "$actual" ]]; then
      msg "checksum mismatch: $name"
      bad=$(( bad + 1 ))
    fi
  done < "$manifest"
  (( bad == 0 )) || fail "$bad CSV file(s) changed since export"
}

usage() {
  sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

main() {
  local cmd="${1:-}"
  [[ -n "$cmd" ]] || usage
  shift
  guard
  wait_ready
  TMP_DIR="$(mktemp -d "${TMPDIR:-/tmp}/cql-copy.XXXXXX")"
  case "$cmd" in
    export)
      local t
      while read -r t; do export_table "$t"; done < <(pick_tables "$@")
      write_manifest
      ;;
    import)
      verify_manifest
      local t
      while read -r t; do import_table "$t"; done < <(pick_tables "$@")
      counts "$@"
      ;;
    reset-table) reset_table "${1:-}" ;;
    counts) counts "$@" ;;
    *) usage ;;
  esac
}

main "$@"
