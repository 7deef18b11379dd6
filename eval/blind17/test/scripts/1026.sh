#!/usr/bin/env bash
#
# tools/mongo-local.sh — snapshot / restore / reseed the MongoDB of the `atlasfeed`
# Node service running in docker compose (service name: mongo).
#
# Commands
#   snapshot [name]     mongodump --archive --gzip into .snapshots/<name>.archive.gz
#   restore <name>      mongorestore --drop of the dev database from a snapshot
#   reseed              drop the dev database and load fixtures/mongo/*.json
#   list                list snapshots with size and age
#   prune [keep]        keep the newest N snapshots (default 4)
#
# The script only talks to the compose service of this repository and only to the
# database named in MONGO_DB (default atlasfeed_dev); it refuses other names.
#
set -o errexit -o nounset -o pipefail

readonly REPO_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
readonly SNAP_DIR="${REPO_DIR}/.snapshots"
readonly FIXTURES="${REPO_DIR}/fixtures/mongo"
readonly MONGO_SERVICE="mongo"
MONGO_DB="${MONGO_DB:-atlasfeed_dev}"

c_red=$'\e[31m'; c_grn=$'\e[32m'; c_dim=$'\e[2m'; c_off=$'\e[0m'
info()  { printf '%s•%s %s\n' "$c_grn" "$c_off" "$*"; }
muted() { printf '%s%s%s\n' "$c_dim" "$*" "$c_off"; }
fatal() { printf '%serror:%s %s\n' "$c_red" "$c_off" "$*" >&2; exit 1; }

usage() {
  grep '^#' "$0" | sed -n '3,16p' | sed 's/^# \{0,1\}//'
}

dc() {
  docker compose --project-directory "$REPO_DIR" "$@"
}

mongo_exec() {
  dc exec -T "$MONGO_SERVICE" "$@"
}

guard_db_name() {
  case "$MONGO_DB" in
    *_dev|*_test) ;;
    *) fatal "MONGO_DB=$MONGO_DB; only *_dev or *_test databases are handled here" ;;
  esac
}

guard_running() {
  local state
  state="$(dc ps --format '{{.Service}} {{.State}}' 2>/dev/null | awk -v s="$MONGO_SERVICE" '$1 == s { print $2 }')"
  [[ "$state" == "running" ]] || fatal "compose service '$MONGO_SERVICE' is not running (docker compose up -d mongo)"
}

snapshot_file() {
  local name="$1"
  [[ "$name" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || fatal "bad snapshot name '$name'"
  printf '%s/%s.archive.gz' "$SNAP_DIR" "$name"
}

cmd_snapshot() {
  local name="${1:-$(date -u +%Y%m%dT%H%M%SZ)}"
  local file part
  file="$(snapshot_file "$name")"
  part="${file}.part"
  mkdir -p "$SNAP_DIR"
  info "dumping ${MONGO_DB} -> ${file#"$REPO_DIR"/}"
  if ! mongo_exec mongodump --quiet --db="$MONGO_DB" --archive --gzip >"$part"; then
    rm -f -- "$part"
    fatal "mongodump failed"
  fi
  mv -- "$part" "$file"
  muted "  $(du -h "$file" | cut -f1)"
}

cmd_restore() {
  local name="${1:-}"
  [[ -n "$name" ]] || fatal "restore needs a snapshot name (see: list)"
  local file
  file="$(snapshot_file "$name")"
  [[ -f "$file" ]] || fatal "no snapshot named '$name'"
  if [[ "${ASSUME_YES:-}" != 1 ]]; then
    read -r -p "Replace ${MONGO_DB} with ${name}? [y/N] " reply
    [[ "$reply" == [yY]* ]] || { muted "cancelled"; return 1; }
  fi
  info "restoring ${MONGO_DB} from ${name}"
  mongo_exec mongorestore --quiet --drop --gzip --archive \
    --nsInclude="${MONGO_DB}.*" <"$file"
  info "done"
}

cmd_reseed() {
  shopt -s nullglob
  local files=("$FIXTURES"/*.json)
  shopt -u nullglob
  (( ${#files[@]} )) || fatal "no fixtures in ${FIXTURES#"$REPO_DIR"/}"
  info "dropping ${MONGO_DB}"
  mongo_exec mongosh --quiet "$MONGO_DB" --eval 'db.dropDatabase()' >/dev/null
  local f coll
  for f in "${files[@]}"; do
    coll="$(basename "$f" .json)"
    mongo_exec mongoimport --quiet --db="$MONGO_DB" --collection="$coll" --jsonArray <"$f"
    printf '  %-24s %s docs\n' "$coll" "$(jq 'length' "$f")"
  done
  info "creating indexes"
  mongo_exec mongosh --quiet "$MONGO_DB" --eval '
    db.feeds.createIndex({ slug: 1 }, { unique: true });
    db.items.createIndex({ feedId: 1, publishedAt: -1 });
    db.items.createIndex({ title: "text", summary: "text" });
  ' >/dev/null
}

cmd_list() {
  [[ -d "$SNAP_DIR" ]] || { muted "no snapshots"; return 0; }
  local f now age
  now="$(date +%s)"
  while IFS= read -r f; do
    age=$(( (now - $(stat -c %Y "$f" 2>/dev/null || stat -f %m "$f")) / 3600 ))
    printf '%-36s %7s %5sh ago\n' "$(basename "$f" .archive.gz)" "$(du -h "$f" | cut -f1)" "$age"
  done < <(find "$SNAP_DIR" -maxdepth 1 -name '*.archive.gz' -print | sort -r)
}

cmd_prune() {
  local keep="${1:-4}" n=0 f
  [[ "$keep" =~ ^[0-9]+$ ]] || fatal "keep must be numeric"
  [[ -d "$SNAP_DIR" ]] || return 0
  while IFS= read -r f; do
    n=$((n + 1))
    (( n <= keep )) && continue
    info "removing $(basename "$f")"
    rm -f -- "$f"
  done < <(ls -1t "$SNAP_DIR"/*.archive.gz 2>/dev/null || true)
  find "$SNAP_DIR" -maxdepth 1 -name '*.part' -mmin +60 -delete
}

cmd_stats() {
  mongo_exec mongosh --quiet "$MONGO_DB" --eval '
    db.getCollectionNames().sort().forEach(function (c) {
      var s = db.getCollection(c).stats();
      print(c.padEnd(24) + String(s.count).padStart(10) + "  " + (s.size / 1048576).toFixed(1) + " MiB");
    });
  '
}

cmd_diff() {
  # compare document counts of a snapshot with the live dev database
  local name="${1:-}"
  [[ -n "$name" ]] || fatal "diff needs a snapshot name"
  local file tmpdb="${MONGO_DB}_snapdiff"
  file="$(snapshot_file "$name")"
  [[ -f "$file" ]] || fatal "no snapshot named '$name'"
  info "restoring ${name} into scratch database ${tmpdb}"
  mongo_exec mongorestore --quiet --drop --gzip --archive \
    --nsFrom="${MONGO_DB}.*" --nsTo="${tmpdb}.*" <"$file"
  mongo_exec mongosh --quiet --eval "
    const live = db.getSiblingDB('${MONGO_DB}'), snap = db.getSiblingDB('${tmpdb}');
    const names = new Set([...live.getCollectionNames(), ...snap.getCollectionNames()]);
    [...names].sort().forEach(c => {
      const a = snap.getCollection(c).countDocuments(), b = live.getCollection(c).countDocuments();
      if (a !== b) print(c.padEnd(24) + String(a).padStart(8) + ' -> ' + String(b));
    });
  "
  mongo_exec mongosh --quiet "$tmpdb" --eval 'db.dropDatabase()' >/dev/null
  muted "  dropped scratch database ${tmpdb}"
}

cmd_verify() {
  # gunzip -t every snapshot; a truncated dump is worse than none
  local f bad=0
  for f in "$SNAP_DIR"/*.archive.gz; do
    [[ -f "$f" ]] || continue
    if gzip -t "$f" 2>/dev/null; then
      muted "  ok   $(basename "$f")"
    else
      printf '  %sbad%s  %s\n' "$c_red" "$c_off" "$(basename "$f")"
      bad=$((bad + 1))
    fi
  done
  (( bad == 0 )) || fatal "$bad corrupt snapshot(s)"
}

main() {
  local cmd="${1:-help}"
  shift || true
  case "$cmd" in
    help|-h|--help) usage; return 0 ;;
    list) cmd_list; return 0 ;;
    prune) cmd_prune "$@"; return 0 ;;
    verify) cmd_verify; return 0 ;;
  esac
  guard_db_name
  guard_running
  case "$cmd" in
    snapshot) cmd_snapshot "$@" ;;
    restore) cmd_restore "$@" ;;
    reseed) cmd_reseed ;;
    stats) cmd_stats ;;
    diff) cmd_diff "$@" ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
