#!/usr/bin/env bash
# Snapshot the local Cassandra dev keyspace and copy the SSTables into backups/.
#
# Used before running destructive migration tests locally:
#   tools/cass-snapshot.sh                 # snapshot orders_dev, copy into backups/
#   tools/cass-snapshot.sh --restore TAG   # load a previous copy back with sstableloader
#   tools/cass-snapshot.sh --list          # show local snapshot copies
#
# Only talks to the node in dev/cassandra/compose.yml (localhost).  The
# snapshot tag it creates is removed from the node again with
# `nodetool clearsnapshot -t <tag>` - never `--all`, other snapshots on the node
# belong to other people's experiments.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
COMPOSE_FILE="$PROJECT_ROOT/dev/cassandra/compose.yml"
BACKUP_DIR="$PROJECT_ROOT/backups/cassandra"
KEYSPACE="${CASSANDRA_KEYSPACE:-orders_dev}"
CONTAINER="${CASSANDRA_CONTAINER:-cassandra-dev}"
DATA_IN_CONTAINER="/var/lib/cassandra/data"
KEEP="${KEEP_SNAPSHOTS:-5}"
TAG=""
WORKDIR=""

log() { printf '%s [cass-snapshot] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() {
  local rc=$?
  if [[ -n "$WORKDIR" && -d "$WORKDIR" ]]; then
    rm -rf "$WORKDIR"
  fi
  if [[ -n "$TAG" && $rc -ne 0 ]]; then
    log "failed; removing half-made snapshot $TAG from the node"
    nt clearsnapshot -t "$TAG" -- "$KEYSPACE" >/dev/null 2>&1 || true
  fi
  exit "$rc"
}
trap cleanup EXIT

nt() {
  docker compose -f "$COMPOSE_FILE" exec -T "$CONTAINER" nodetool "$@"
}

cq() {
  docker compose -f "$COMPOSE_FILE" exec -T "$CONTAINER" cqlsh -e "$1"
}

require() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is required"
  done
}

check_keyspace_name() {
  case "$KEYSPACE" in
    *_dev|*_test) ;;
    *) die "keyspace '$KEYSPACE' does not look like a dev keyspace" ;;
  esac
}

wait_for_node() {
  local i
  for i in $(seq 1 30); do
    if nt status 2>/dev/null | grep -q '^UN'; then
      return 0
    fi
    sleep 2
  done
  die "cassandra container did not report UN within 60s"
}

list_tables() {
  cq "SELECT table_name FROM system_schema.tables WHERE keyspace_name = '$KEYSPACE';" \
    | awk 'NR>3 && NF==1 && $1 !~ /rows\)/ {print $1}'
}

take_snapshot() {
  TAG="dev-$(date +%Y%m%d-%H%M%S)-$(git -C "$PROJECT_ROOT" rev-parse --short HEAD 2>/dev/null || echo nogit)"
  log "flushing and snapshotting $KEYSPACE as $TAG"
  nt flush -- "$KEYSPACE"
  nt snapshot -t "$TAG" -- "$KEYSPACE"
}

copy_snapshot() {
  local dest="$BACKUP_DIR/$TAG" table tabledir
  WORKDIR="$(mktemp -d "${TMPDIR:-/tmp}/cass-snap.XXXXXX")"
  mkdir -p "$dest"
  while read -r table; do
    [[ -n "$table" ]] || continue
    # table directories are named <table>-<uuid>
    tabledir="$(docker compose -f "$COMPOSE_FILE" exec -T "$CONTAINER" \
      sh -c "ls -d $DATA_IN_CONTAINER/$KEYSPACE/${table}-*" | head -n1 | tr -d '\r')"
    [[ -n "$tabledir" ]] || { log "no data dir for $table, skipping"; continue; }
    docker compose -f "$COMPOSE_FILE" cp \
      "$CONTAINER:$tabledir/snapshots/$TAG" "$WORKDIR/$table"
    mkdir -p "$dest/$table"
    mv "$WORKDIR/$table"/* "$dest/$table/"
    log "copied $table ($(du -sh "$dest/$table" | cut -f1))"
  done < <(list_tables)
  cq "DESCRIBE KEYSPACE $KEYSPACE;" > "$dest/schema.cql"
  printf '{"keyspace":"%s","tag":"%s","created":"%s"}\n' \
    "$KEYSPACE" "$TAG" "$(date -u +%FT%TZ)" > "$dest/manifest.json"
}

verify_copy() {
  local dest="$BACKUP_DIR/$TAG" table_dir missing=0 n
  [[ -s "$dest/schema.cql" ]] || die "schema.cql missing from copy"
  for table_dir in "$dest"/*/; do
    [[ -d "$table_dir" ]] || continue
    n="$(find "$table_dir" -name '*-Data.db' | wc -l)"
    if (( n == 0 )); then
      log "warning: ${table_dir%/} has no Data.db files (empty table?)"
      missing=$(( missing + 1 ))
    fi
  done
  log "verified copy: $(find "$dest" -type f | wc -l) files, $missing empty table(s)"
}

release_snapshot() {
  log "clearing snapshot $TAG on the node (only this tag)"
  nt clearsnapshot -t "$TAG" -- "$KEYSPACE"
}

prune_old_copies() {
  local copies count
  mapfile -t copies < <(ls -1d "$BACKUP_DIR"/dev-* 2>/dev/null | sort)
  count=${#copies[@]}
  if (( count > KEEP )); then
    local i
    for (( i = 0; i < count - KEEP; i++ )); do
      case "${copies[$i]}" in
        "$BACKUP_DIR"/dev-*) log "pruning old copy ${copies[$i]##*/}"; rm -rf -- "${copies[$i]}" ;;
        *) die "unexpected path ${copies[$i]}" ;;
      esac
    done
  fi
}

restore() {
  local tag="$1" src="$BACKUP_DIR/$1" table
  [[ -d "$src" ]] || die "no local copy named $tag"
  require sstableloader
  log "recreating schema from $src/schema.cql"
  docker compose -f "$COMPOSE_FILE" exec -T "$CONTAINER" cqlsh < "$src/schema.cql" || true
  for table in "$src"/*/; do
    table="${table%/}"
    log "loading ${table##*/}"
    sstableloader -d 127.0.0.1 "$table" >/dev/null
  done
  log "restore of $tag finished"
}

list_copies() {
  local dir
  for dir in "$BACKUP_DIR"/dev-*; do
    [[ -d "$dir" ]] || continue
    printf '%-40s %8s\n' "${dir##*/}" "$(du -sh "$dir" | cut -f1)"
  done
}

usage() {
  sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  require docker git awk
  check_keyspace_name
  case "${1:-}" in
    --list) list_copies; return ;;
    --restore) [[ -n "${2:-}" ]] || die "--restore needs a tag"; wait_for_node; restore "$2"; return ;;
    -h|--help) usage; return ;;
    "") ;;
    *) die "unknown option $1" ;;
  esac
  wait_for_node
  take_snapshot
  copy_snapshot
  verify_copy
  release_snapshot
  prune_old_copies
  log "snapshot copy stored in backups/cassandra/$TAG"
  TAG=""
}

main "$@"
