#!/usr/bin/env bash
# migrate.sh - golang-migrate wrapper for the ledger database.
#
#   db/migrate.sh up [N]          apply all (or N) pending migrations
#   db/migrate.sh down 1          revert exactly one (N is required, max 3)
#   db/migrate.sh status          current version and dirty flag
#   db/migrate.sh new <name>      create an up/down pair
#   db/migrate.sh redo            down 1 + up 1 (for iterating on the newest)
#
# Target database comes from LEDGER_DB_URL or, if unset, the project's .env.
# Only localhost / 127.0.0.1 / the compose service "db" are accepted. A
# pg_dump of the schema+data is taken into ./db/backups before down/redo.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROJECT="$(cd "$HERE/.." && pwd)"
MIGRATIONS="$HERE/migrations"
BACKUPS="$HERE/backups"
MAX_DOWN=3

msg() { printf '[migrate] %s\n' "$*"; }
err() { printf '[migrate] error: %s\n' "$*" >&2; exit 1; }

load_url() {
  if [[ -n "${LEDGER_DB_URL:-}" ]]; then
    printf '%s' "$LEDGER_DB_URL"
    return
  fi
  if [[ -f "$PROJECT/.env" ]]; then
    # read just the one key; do not source the whole file
    local line
    line="$(grep -E '^LEDGER_DB_URL=' "$PROJECT/.env" | tail -n1 || true)"
    line="${line#LEDGER_DB_URL=}"
    line="${line%\"}"
    line="${line#\"}"
    printf '%s' "$line"
  fi
}

DB_URL="$(load_url)"
[[ -n "$DB_URL" ]] || err "LEDGER_DB_URL not set (environment or .env)"

url_host() {
  local rest="${1#*://}"
  rest="${rest#*@}"
  rest="${rest%%[/?]*}"
  printf '%s' "${rest%%:*}"
}

HOST="$(url_host "$DB_URL")"
case "$HOST" in
  localhost|127.0.0.1|db) ;;
  *) err "refusing host '$HOST': this wrapper is for local databases" ;;
esac

command -v migrate >/dev/null || err "golang-migrate CLI not installed (brew install golang-migrate)"

mig() {
  migrate -path "$MIGRATIONS" -database "$DB_URL" "$@"
}

backup() {
  command -v pg_dump >/dev/null || { msg "pg_dump missing; skipping backup"; return 0; }
  mkdir -p "$BACKUPS"
  local file="$BACKUPS/$(date +%Y%m%dT%H%M%S).dump"
  pg_dump --format=custom --file "$file" "${DB_URL%%\?*}"
  msg "backup written: ${file#$PROJECT/}"
  # keep the newest eight backups in our own folder
  find "$BACKUPS" -maxdepth 1 -name '*.dump' -printf '%T@ %p\n' | sort -rn | tail -n +9 \
    | cut -d' ' -f2- | while read -r old; do rm -f -- "$old"; done
}

status() {
  local out
  out="$(mig version 2>&1 || true)"
  msg "version: $out"
  if [[ "$out" == *dirty* ]]; then
    msg "database is dirty: fix the failed migration, then 'migrate force <version>'"
    return 1
  fi
  local latest
  latest="$(ls "$MIGRATIONS" | grep -oE '^[0-9]+' | sort -n | tail -n1 || true)"
  msg "newest migration file: ${latest:-none}"
}

up() {
  local n="${1:-}"
  if [[ -n "$n" && ! "$n" =~ ^[0-9]+$ ]]; then err "up takes a number"; fi
  mig up ${n:+"$n"}
  status
}

down() {
  local n="${1:-}"
  [[ "$n" =~ ^[0-9]+$ ]] || err "down needs an explicit count"
  (( n >= 1 && n <= MAX_DOWN )) || err "down count must be 1..$MAX_DOWN"
  backup
  mig down "$n"
  status
}

new() {
  local name="${1:-}"
  [[ "$name" =~ ^[a-z][a-z0-9_]{2,48}$ ]] || err "name: lowercase, digits, underscores (3-49 chars)"
  migrate create -ext sql -dir "$MIGRATIONS" -seq "$name"
  ls -1 "$MIGRATIONS" | tail -n 2 | sed 's/^/  created /'
}

redo() {
  backup
  mig down 1
  mig up 1
  status
}

lint() {
  # every up must have a down and numbering must have no gaps
  local expected=1 f n
  for f in $(ls "$MIGRATIONS"/*.up.sql 2>/dev/null | sort); do
    n="$(basename "$f" | grep -oE '^[0-9]+' | sed 's/^0*//')"
    [[ "$n" -eq "$expected" ]] || err "gap or duplicate at $(basename "$f") (expected $expected)"
    [[ -f "${f%.up.sql}.down.sql" ]] || err "missing down for $(basename "$f")"
    expected=$((expected + 1))
  done
  msg "migration files look consistent ($((expected - 1)) pairs)"
}

pending() {
  # list migration files newer than the database version
  local current n f
  current="$(mig version 2>&1 | grep -oE '^[0-9]+' || echo 0)"
  for f in "$MIGRATIONS"/*.up.sql; do
    [[ -e "$f" ]] || continue
    n="$(basename "$f" | grep -oE '^[0-9]+' | sed 's/^0*//')"
    if (( ${n:-0} > current )); then
      printf '  pending: %s\n' "$(basename "$f")"
    fi
  done
}

cmd="${1:-status}"
shift || true
case "$cmd" in
  pending) pending ;;
  up) lint; up "$@" ;;
  down) down "$@" ;;
  status) status ;;
  new) new "$@" ;;
  redo) lint; redo ;;
  lint) lint ;;
  *) sed -n '3,14p' "$0"; exit 2 ;;
esac
