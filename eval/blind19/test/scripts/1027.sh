#!/usr/bin/env bash
# scripts/db-sandbox.sh
#
# Disposable SQLite databases for the alembic migration tests of the
# reporting service. Each sandbox is a file under var/sandboxes/.
#
#   scripts/db-sandbox.sh new NAME          create var/sandboxes/NAME.db at head
#   scripts/db-sandbox.sh walk NAME         downgrade to base and upgrade again (round trip)
#   scripts/db-sandbox.sh seed NAME         load tests/fixtures/*.sql
#   scripts/db-sandbox.sh shell NAME        sqlite3 shell on it
#   scripts/db-sandbox.sh rm NAME|--all     delete sandboxes
#
# Only files inside var/sandboxes are ever created or removed.
set -Eeuo pipefail
IFS=$'\n\t'

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
SANDBOX_DIR="$ROOT/var/sandboxes"
FIXTURES="$ROOT/tests/fixtures"
ALEMBIC_INI="$ROOT/services/reporting/alembic.ini"

die() { echo "db-sandbox: $*" >&2; exit 1; }
info() { echo "-- $*"; }

trap 'echo "db-sandbox: failed at line $LINENO" >&2' ERR

valid_name() {
  [[ "$1" =~ ^[a-z0-9][a-z0-9_-]{0,40}$ ]] || die "bad sandbox name '$1' (a-z, 0-9, _ and -)"
}

db_path() {
  valid_name "$1"
  printf '%s/%s.db' "$SANDBOX_DIR" "$1"
}

db_url() {
  printf 'sqlite:///%s' "$(db_path "$1")"
}

alembic_on() {
  local name="$1"; shift
  DATABASE_URL="$(db_url "$name")" python -m alembic -c "$ALEMBIC_INI" "$@"
}

revision_count() {
  python -m alembic -c "$ALEMBIC_INI" history 2>/dev/null | grep -c -- '->' || true
}

cmd_new() {
  local name="$1" path
  path="$(db_path "$name")"
  mkdir -p "$SANDBOX_DIR"
  [[ ! -e "$path" ]] || die "$name exists; use 'rm $name' first"
  info "creating $name at head"
  alembic_on "$name" upgrade head
  info "$(sqlite3 "$path" "select count(*) from sqlite_master where type='table'") tables"
}

cmd_walk() {
  local name="$1" path before after
  path="$(db_path "$name")"
  [[ -f "$path" ]] || die "no sandbox $name"
  before="$(sqlite3 "$path" .schema | sha1sum | cut -c1-12)"
  info "downgrade to base ($(revision_count) revisions)"
  alembic_on "$name" downgrade base
  local leftover
  leftover="$(sqlite3 "$path" "select name from sqlite_master where type='table' and name != 'alembic_version'")"
  if [[ -n "$leftover" ]]; then
    die "tables left after downgrade base: $(echo "$leftover" | paste -sd, -)"
  fi
  info "upgrade to head again"
  alembic_on "$name" upgrade head
  after="$(sqlite3 "$path" .schema | sha1sum | cut -c1-12)"
  if [[ "$before" != "$after" ]]; then
    die "schema differs after the round trip ($before vs $after)"
  fi
  info "round trip ok ($after)"
}

cmd_seed() {
  local name="$1" path f
  path="$(db_path "$name")"
  [[ -f "$path" ]] || die "no sandbox $name"
  shopt -s nullglob
  for f in "$FIXTURES"/*.sql; do
    info "loading $(basename "$f")"
    sqlite3 "$path" < "$f"
  done
  shopt -u nullglob
}

cmd_shell() {
  local path
  path="$(db_path "$1")"
  [[ -f "$path" ]] || die "no sandbox $1"
  exec sqlite3 -header -column "$path"
}

cmd_rm() {
  local target="$1"
  if [[ "$target" == "--all" ]]; then
    [[ -d "$SANDBOX_DIR" ]] || { info "nothing to remove"; return; }
    find "$SANDBOX_DIR" -maxdepth 1 -type f \( -name '*.db' -o -name '*.db-journal' -o -name '*.db-wal' \) -print -delete
    return
  fi
  local path
  path="$(db_path "$target")"
  rm -f -- "$path" "$path-journal" "$path-wal" "$path-shm"
  info "removed $target"
}

cmd_list() {
  [[ -d "$SANDBOX_DIR" ]] || return 0
  local f
  for f in "$SANDBOX_DIR"/*.db; do
    [[ -e "$f" ]] || continue
    printf '%-24s %8s  %s\n' "$(basename "$f" .db)" "$(du -h "$f" | cut -f1)" \
      "$(sqlite3 "$f" 'select version_num from alembic_version' 2>/dev/null || echo '-')"
  done
}

cmd_check_heads() {
  # two developers adding revisions on different branches create two heads
  local heads
  heads="$(python -m alembic -c "$ALEMBIC_INI" heads 2>/dev/null | wc -l)"
  if (( heads > 1 )); then
    python -m alembic -c "$ALEMBIC_INI" heads
    die "$heads alembic heads; create a merge revision (alembic merge heads -m merge)"
  fi
  info "single head"
}

cmd_all() {
  # the CI entry point: fresh sandbox, round trip, fixtures, cleanup
  local name="ci-$$"
  cmd_check_heads
  cmd_new "$name"
  cmd_walk "$name"
  cmd_seed "$name"
  python -m pytest -q services/reporting/tests/migrations \
    --db-url "$(db_url "$name")" || { cmd_rm "$name"; die "migration tests failed"; }
  cmd_rm "$name"
}

cmd_dump() {
  local name="${1:?name}" path out
  path="$(db_path "$name")"
  [[ -f "$path" ]] || die "no sandbox $name"
  out="$SANDBOX_DIR/$name.schema.sql"
  sqlite3 "$path" .schema > "$out"
  info "schema written to ${out#$ROOT/}"
}

prune_stale() {
  # ci-<pid> sandboxes from runs that were killed
  [[ -d "$SANDBOX_DIR" ]] || return 0
  find "$SANDBOX_DIR" -maxdepth 1 -name 'ci-*.db*' -mmin +120 -print -delete
}

usage() {
  sed -n '2,13p' "$0" | cut -c3-
}

main() {
  command -v sqlite3 >/dev/null || die "sqlite3 is required"
  local cmd="${1:-list}"
  shift || true
  case "$cmd" in
    new) cmd_new "${1:?name}" ;;
    walk) cmd_walk "${1:?name}" ;;
    seed) cmd_seed "${1:?name}" ;;
    shell) cmd_shell "${1:?name}" ;;
    rm) cmd_rm "${1:?name or --all}" ;;
    list) cmd_list ;;
    heads) cmd_check_heads ;;
    all) prune_stale; cmd_all ;;
    dump) cmd_dump "${1:?name}" ;;
    -h|--help|help) usage ;;
    *) usage; die "unknown command $cmd" ;;
  esac
}

main "$@"
