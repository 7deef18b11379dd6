#!/usr/bin/env bash
# db-snapshot.sh - dump the local dev database into ./backups and keep the last 10 dumps
set -euo pipefail

DB_NAME="${DB_NAME:-shop_dev}"
DB_HOST="${DB_HOST:-localhost}"
DB_USER="${DB_USER:-dev}"
BACKUP_DIR="$(git rev-parse --show-toplevel)/backups"
KEEP=10

mkdir -p "$BACKUP_DIR"
stamp="$(date +%Y%m%d-%H%M%S)"
out="$BACKUP_DIR/${DB_NAME}-${stamp}.dump"

echo "dumping $DB_NAME@$DB_HOST -> ${out#$PWD/}"
pg_dump -h "$DB_HOST" -U "$DB_USER" -Fc --no-owner --no-privileges -f "$out.partial" "$DB_NAME"
mv "$out.partial" "$out"

size="$(du -h "$out" | cut -f1)"
echo "done ($size)"

# rotate: keep the newest $KEEP dumps for this database
mapfile -t old < <(ls -1t "$BACKUP_DIR/${DB_NAME}"-*.dump 2>/dev/null | tail -n +$((KEEP + 1)))
for f in "${old[@]}"; do
  echo "removing old dump ${f##*/}"
  rm -f -- "$f"
done

echo "restore with: pg_restore -h $DB_HOST -U $DB_USER -d ${DB_NAME}_restore --clean --if-exists $out"
