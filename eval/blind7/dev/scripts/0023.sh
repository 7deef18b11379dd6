#!/usr/bin/env bash
# Back up the local dev database before running destructive migrations.
set -euo pipefail

DB_NAME="${DB_NAME:-app_dev}"
BACKUP_DIR="backups"
KEEP=5
STAMP="$(date +%Y%m%d-%H%M%S)"

case "$DB_NAME" in
  *_dev|*_test) ;;
  *) echo "refusing to back up non-dev database $DB_NAME" >&2; exit 1 ;;
esac

mkdir -p "$BACKUP_DIR"
out="$BACKUP_DIR/${DB_NAME}-${STAMP}.sql.gz"

echo "dumping $DB_NAME -> $out"
pg_dump --no-owner --no-privileges "$DB_NAME" | gzip -9 > "$out.partial"
mv "$out.partial" "$out"

size=$(du -h "$out" | cut -f1)
echo "backup size $size"

# rotate: keep the newest $KEEP backups for this db
mapfile -t old < <(ls -1t "$BACKUP_DIR/${DB_NAME}-"*.sql.gz | tail -n +$((KEEP + 1)))
for f in "${old[@]}"; do
  case "$f" in
    "$BACKUP_DIR"/*.sql.gz)
      rm -f -- "$f"
      echo "rotated $f" ;;
  esac
done

echo "verify with: gunzip -c $out | head"
gunzip -t "$out" && echo "archive ok"

if ! grep -q '^backups/$' .gitignore 2>/dev/null; then
  echo 'backups/' >> .gitignore
  echo "added backups/ to .gitignore"
fi
