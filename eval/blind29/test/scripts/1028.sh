#!/usr/bin/env bash
# seafile-dev-backup: consistent backups of the *local* Seafile test stack
# (compose project "seafile-dev": mariadb + seafile + memcached).
#
#   tools/seafile-dev-backup.sh            # dump DBs + tar seafile-data, keep 7
#   tools/seafile-dev-backup.sh --keep 3
#   tools/seafile-dev-backup.sh --verify backups/seafile/2024-06-02T0300
#   tools/seafile-dev-backup.sh --gc       # run seaf-gc in dry-run mode first
#
# The order follows the Seafile admin manual: databases first, then the data
# directory, so the data is never older than the DB.  Backups are written to
# backups/seafile/<timestamp>/ (git-ignored) and older ones are pruned – only
# directories in that folder whose names are timestamps are removed.
set -Eeuo pipefail
shopt -s nullglob

cd "$(dirname "$0")/.."
readonly ROOT="$PWD"
readonly DEST_BASE="$ROOT/backups/seafile"
readonly COMPOSE=(docker compose -p seafile-dev -f "$ROOT/docker/seafile-dev.yml")
readonly DATABASES=(ccnet_db seafile_db seahub_db)
KEEP=7
MODE=backup
VERIFY_DIR=""

log() { printf '%s  %s\n' "$(date +%T)" "$*" >&2; }
die() { log "FATAL: $*"; exit 1; }

trap 'log "failed at line $LINENO: $BASH_COMMAND"' ERR

while (( $# )); do
  case $1 in
    --keep) KEEP=$2; shift ;;
    --verify) MODE=verify; VERIFY_DIR=$2; shift ;;
    --gc) MODE=gc ;;
    list|restore-test) break ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
  shift
done
[[ $KEEP =~ ^[1-9][0-9]*$ ]] || die "--keep must be a positive number"

root_pw() {
  local pw
  pw=$(awk -F= '$1=="SEAFILE_DEV_DB_ROOT_PASSWORD"{print $2}' "$ROOT/.env" 2>/dev/null | tr -d '"')
  [[ -n $pw ]] || die "SEAFILE_DEV_DB_ROOT_PASSWORD missing in .env"
  printf '%s' "$pw"
}

require_running() {
  local svc
  for svc in db seafile; do
    "${COMPOSE[@]}" ps --status running --services | grep -qx "$svc" || die "service $svc is not running"
  done
}

dump_databases() {
  local out=$1 db pw
  pw=$(root_pw)
  for db in "${DATABASES[@]}"; do
    log "dumping $db"
    "${COMPOSE[@]}" exec -T -e MYSQL_PWD="$pw" db \
      mariadb-dump -uroot --single-transaction --routines --triggers "$db" | gzip -6 > "$out/$db.sql.gz"
    gzip -t "$out/$db.sql.gz" || die "dump of $db is corrupt"
  done
}

archive_data() {
  local out=$1
  log "archiving seafile-data"
  "${COMPOSE[@]}" exec -T seafile tar -C /shared/seafile -cf - seafile-data conf \
    | zstd -q -T0 -o "$out/seafile-data.tar.zst"
}

write_manifest() {
  local out=$1
  {
    echo "created=$(date -Iseconds)"
    echo "seafile_version=$("${COMPOSE[@]}" exec -T seafile cat /opt/seafile/seafile-server-latest/seahub/seahub/__init__.py 2>/dev/null | sed -n 's/^__version__ = "\(.*\)"/\1/p')"
    echo "databases=${DATABASES[*]}"
  } > "$out/MANIFEST"
  (cd "$out" && sha256sum -- *.gz *.zst > SHA256SUMS)
}

prune() {
  local dirs=("$DEST_BASE"/*/) d name
  local count=${#dirs[@]}
  (( count > KEEP )) || return 0
  for d in "${dirs[@]:0:count-KEEP}"; do
    d=${d%/}
    name=${d##*/}
    if [[ $name =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{4}$ && $d == "$DEST_BASE"/* ]]; then
      rm -rf -- "$d"
      log "pruned $name"
    fi
  done
}

verify_backup() {
  local dir=$1
  [[ -d $dir ]] || die "no such backup $dir"
  (cd "$dir" && sha256sum --quiet -c SHA256SUMS) || die "checksum mismatch in $dir"
  local f
  for f in "$dir"/*.sql.gz; do
    gzip -t "$f" || die "$f is corrupt"
    zgrep -q 'CREATE TABLE' "$f" || die "$f contains no tables"
  done
  zstd -t -q "$dir/seafile-data.tar.zst" || die "data archive is corrupt"
  log "backup $dir verified"
}

run_gc() {
  require_running
  log "seaf-gc dry run"
  "${COMPOSE[@]}" exec -T seafile /opt/seafile/seafile-server-latest/seaf-gc.sh --dry-run 2>&1 | tail -n 20 >&2
  read -r -p "run garbage collection for real on the dev stack? [y/N] " answer
  [[ $answer == [yY] ]] || { log "gc skipped"; return 0; }
  "${COMPOSE[@]}" exec -T seafile /opt/seafile/seafile-server-latest/seaf-gc.sh 2>&1 | tail -n 5 >&2
}

list_backups() {
  local d name size created
  printf '%-18s %8s  %s\n' backup size created
  for d in "$DEST_BASE"/*/; do
    d=${d%/}
    name=${d##*/}
    size=$(du -sh -- "$d" | cut -f1)
    created=$(sed -n 's/^created=//p' "$d/MANIFEST" 2>/dev/null)
    printf '%-18s %8s  %s\n' "$name" "$size" "${created:-?}"
  done
}

# restore test: load the newest backup into a throw-away compose project
# "seafile-restoretest" and count the libraries, then tear it down again
restore_test() {
  local newest pw project=seafile-restoretest
  newest=$(ls -1d "$DEST_BASE"/*/ 2>/dev/null | tail -n 1)
  newest=${newest%/}
  [[ -n $newest ]] || die "no backups yet"
  verify_backup "$newest"
  pw=$(root_pw)
  local rt=(docker compose -p "$project" -f "$ROOT/docker/seafile-dev.yml")
  log "starting scratch database for $project"
  "${rt[@]}" up -d db
  trap '"${rt[@]}" down --volumes >/dev/null 2>&1 || true' RETURN
  local tries=0
  until "${rt[@]}" exec -T -e MYSQL_PWD="$pw" db mariadb -uroot -e 'SELECT 1' >/dev/null 2>&1; do
    (( ++tries > 60 )) && die "scratch db did not start"
    sleep 1
  done
  local db
  for db in "${DATABASES[@]}"; do
    "${rt[@]}" exec -T -e MYSQL_PWD="$pw" db mariadb -uroot -e "CREATE DATABASE IF NOT EXISTS $db"
    gzip -dc "$newest/$db.sql.gz" | "${rt[@]}" exec -T -e MYSQL_PWD="$pw" db mariadb -uroot "$db"
  done
  local libs
  libs=$("${rt[@]}" exec -T -e MYSQL_PWD="$pw" db mariadb -uroot -N seafile_db -e 'SELECT COUNT(*) FROM Repo')
  log "restore test OK: $libs libraries in ${newest##*/}"
}

case $MODE in
  verify) verify_backup "$VERIFY_DIR"; exit 0 ;;
  gc) run_gc; exit 0 ;;
esac

case ${1:-} in
  list) list_backups; exit 0 ;;
  restore-test) restore_test; exit 0 ;;
esac

require_running
command -v zstd >/dev/null || die "zstd is required"
stamp=$(date +%Y-%m-%dT%H%M)
out="$DEST_BASE/$stamp"
[[ -e $out ]] && die "$out already exists"
mkdir -p -- "$out"
dump_databases "$out"
archive_data "$out"
write_manifest "$out"
verify_backup "$out"
prune
log "backup complete: ${out#"$ROOT"/} ($(du -sh -- "$out" | cut -f1))"
