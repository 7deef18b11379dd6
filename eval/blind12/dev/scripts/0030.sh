#!/usr/bin/env bash
# Apply SQL migrations from db/migrations/*.sql to the local SQLite database
# (default var/dev.sqlite3). Applied versions are tracked in schema_migrations.
# Each file runs in its own transaction; a backup is taken first.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DB="${DB:-$ROOT/var/dev.sqlite3}"
MIG_DIR="$ROOT/db/migrations"
DRY_RUN=0
TARGET=""

usage() {
  echo "usage: $0 [-n] [-t VERSION] [-d DB]" >&2
  exit 2
}

while getopts ":nt:d:" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    t) TARGET="$OPTARG" ;;
    d) DB="$OPTARG" ;;
    *) usage ;;
  esac
done

command -v sqlite3 >/dev/null || { echo "sqlite3 is required" >&2; exit 1; }
mkdir -p "$(dirname "$DB")"

sql() { sqlite3 -bail "$DB" "$@"; }

ensure_table() {
  sql "CREATE TABLE IF NOT EXISTS schema_migrations (
         version TEXT PRIMARY KEY,
         applied_at TEXT NOT NULL DEFAULT (datetime('now')));"
}

applied() {
  sql "SELECT version FROM schema_migrations ORDER BY version;"
}

pending() {
  local f v
  local -A done=()
  while read -r v; do [[ -n "$v" ]] && done[$v]=1; done < <(applied)
  for f in "$MIG_DIR"/*.sql; do
    [[ -e "$f" ]] || continue
    v="$(basename "$f" .sql)"
    v="${v%%_*}"
    [[ -n "${done[$v]:-}" ]] && continue
    [[ -n "$TARGET" && "$v" > "$TARGET" ]] && continue
    echo "$f"
  done
}

backup() {
  [[ -s "$DB" ]] || return 0
  local copy="$DB.$(date +%Y%m%d%H%M%S).bak"
  sql ".backup '$copy'"
  echo "backup: $copy"
}

apply_one() {
  local file="$1" version
  version="$(basename "$file" .sql)"
  version="${version%%_*}"
  echo "applying $(basename "$file")"
  {
    echo "BEGIN;"
    cat "$file"
    echo ";"
    echo "INSERT INTO schema_migrations(version) VALUES ('$version');"
    echo "COMMIT;"
  } | sql
}

main() {
  ensure_table
  mapfile -t files < <(pending)
  if (( ${#files[@]} == 0 )); then
    echo "up to date ($(applied | tail -n 1))"
    exit 0
  fi
  printf 'pending: %s\n' "${files[@]##*/}"
  (( DRY_RUN )) && exit 0
  backup
  for f in "${files[@]}"; do
    apply_one "$f"
  done
  echo "now at $(applied | tail -n 1)"
}

main
