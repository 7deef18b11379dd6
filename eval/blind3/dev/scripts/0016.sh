#!/usr/bin/env bash
# tmp_db_snapshot.sh - snapshot the local dev postgres into ./backups and prune old ones.
set -euo pipefail

DB_NAME="${DB_NAME:-app_dev}"
DB_HOST="${DB_HOST:-localhost}"
BACKUP_DIR="./backups"
KEEP=5

mkdir -p "$BACKUP_DIR"
stamp="$(date +%Y%m%d-%H%M%S)"
out="$BACKUP_DIR/${DB_NAME}-${stamp}.sql.gz"

echo "dumping $DB_NAME from $DB_HOST"
pg_dump -h "$DB_HOST" -U postgres --no-owner "$DB_NAME" | gzip > "$out"
echo "wrote $out ($(du -h "$out" | cut -f1))"

echo "pruning, keeping $KEEP newest"
ls -1t "$BACKUP_DIR"/"${DB_NAME}"-*.sql.gz | tail -n +$((KEEP + 1)) | while read -r old; do
  echo "  rm $old"
  rm -f -- "$old"
done

echo "verifying"
gzip -t "$out" && echo ok
