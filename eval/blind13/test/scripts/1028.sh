#!/usr/bin/env bash
# Apply numbered .sql files in db/sqlite/ to the local quill development database
# with the sqlite3 CLI. Tracks applied files in a _migrations table.
set -euo pipefail

db="${QUILL_DEV_DB:-var/quill-dev.sqlite3}"
dir="db/sqlite"
dry=0

case "${1:-}" in
  -n|--dry-run) dry=1 ;;
  -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
  "") ;;
  *) echo "unknown argument $1" >&2; exit 2 ;;
esac

sq() { sqlite3 -bail -batch "$db" "$@"; }

check_target() {
  local abs project
  project="$(pwd -P)"
  mkdir -p "$(dirname "$db")"
  abs="$(cd "$(dirname "$db")" && pwd -P)/$(basename "$db")"
  case "$abs" in
    "$project"/*) ;;
    *) echo "database $abs is outside $project; refusing" >&2; exit 1 ;;
  esac
  case "$abs" in
    *-dev.sqlite3|*-test.sqlite3) ;;
    *) echo "only *-dev/*-test sqlite databases are migrated here" >&2; exit 1 ;;
  esac
}

ensure_table() {
  sq "CREATE TABLE IF NOT EXISTS _migrations (file TEXT PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);"
}

is_applied() {
  local f="$1"
  [[ "$(sq "SELECT count(*) FROM _migrations WHERE file = '$f';")" == 1 ]]
}

apply_one() {
  local path="$1" name
  name="$(basename "$path")"
  [[ "$name" =~ ^[0-9]{4}_[a-z0-9_]+\.sql$ ]] || { echo "skip oddly named $name"; return 0; }
  if is_applied "$name"; then
    return 0
  fi
  if (( dry )); then
    echo "would apply $name"
    return 0
  fi
  {
    echo "BEGIN;"
    cat "$path"
    echo ";"
    echo "INSERT INTO _migrations (file) VALUES ('$name');"
    echo "COMMIT;"
  } | sq
  echo "applied $name"
}

summary() {
  echo "---"
  sq "SELECT count(*) || ' migration(s) recorded' FROM _migrations;"
  sq ".tables"
}

main() {
  check_target
  ensure_table
  local f
  shopt -s nullglob
  for f in "$dir"/*.sql; do
    apply_one "$f"
  done
  shopt -u nullglob
  summary
}

main
