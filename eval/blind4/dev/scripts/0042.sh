#!/usr/bin/env bash
# scripts/db-snapshot.sh - dump the local dev database into ./backups and keep
# only the newest N snapshots. Restore with: scripts/db-snapshot.sh restore FILE
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKUPS="$ROOT/backups"
KEEP="${KEEP:-7}"
DB_URL="${DATABASE_URL:-postgres://app:app@localhost:5432/app_dev}"

case "$DB_URL" in
  *@localhost*|*@127.0.0.1*) ;;
  *) echo "only local databases are supported (got $DB_URL)" >&2; exit 1 ;;
esac

mkdir -p "$BACKUPS"

snapshot() {
  local file="$BACKUPS/app_dev-$(date +%Y%m%d-%H%M%S).dump"
  pg_dump --format=custom --no-owner --file="$file" "$DB_URL"
  echo "wrote ${file#$ROOT/} ($(du -h "$file" | cut -f1))"
}

rotate() {
  local files
  mapfile -t files < <(ls -1t "$BACKUPS"/app_dev-*.dump 2>/dev/null || true)
  if (( ${#files[@]} > KEEP )); then
    for f in "${files[@]:KEEP}"; do
      echo "removing old snapshot ${f#$ROOT/}"
      rm -f -- "$f"
    done
  fi
}

restore() {
  local file="$1"
  [[ -f "$file" ]] || { echo "no such file: $file" >&2; exit 1; }
  pg_restore --clean --if-exists --no-owner --dbname="$DB_URL" "$file"
  echo "restored $file"
}

case "${1:-snapshot}" in
  snapshot) snapshot; rotate ;;
  restore) restore "${2:?usage: db-snapshot.sh restore FILE}" ;;
  list) ls -lh "$BACKUPS" ;;
  *) echo "usage: db-snapshot.sh [snapshot|restore FILE|list]" >&2; exit 64 ;;
esac
