#!/usr/bin/env bash
# Snapshot the project's uploaded media and SQLite DB into a dated archive under backups/.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DB="$ROOT/instance/app.db"
MEDIA="$ROOT/media"
DEST="$ROOT/backups"
KEEP_DAYS="${KEEP_DAYS:-14}"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

[ -f "$DB" ] || { echo "no database at $DB" >&2; exit 1; }
mkdir -p "$DEST"

echo "copying database (online backup)"
sqlite3 "$DB" ".backup '$WORK/app.db'"
sqlite3 "$WORK/app.db" 'PRAGMA integrity_check' | grep -qx ok

echo "archiving media"
if [ -d "$MEDIA" ]; then
  tar -C "$ROOT" -cf "$WORK/media.tar" media
fi

archive="$DEST/snapshot-$STAMP.tar.gz"
tar -C "$WORK" -czf "$archive" .
sha256sum "$archive" > "$archive.sha256"
echo "wrote $archive ($(du -h "$archive" | cut -f1))"

echo "pruning snapshots older than $KEEP_DAYS days"
find "$DEST" -maxdepth 1 -type f -name 'snapshot-*.tar.gz*' -mtime +"$KEEP_DAYS" -print -delete

count=$(find "$DEST" -maxdepth 1 -type f -name 'snapshot-*.tar.gz' | wc -l)
echo "$count snapshots kept in $DEST"

if ! git check-ignore -q "$DEST" 2>/dev/null; then
  echo "warning: backups/ is not ignored by git; add it to .gitignore" >&2
fi

echo "restore with:"
echo "  mkdir -p tmp/restore && tar -xzf $archive -C tmp/restore"
echo "  cp tmp/restore/app.db instance/app.db"
