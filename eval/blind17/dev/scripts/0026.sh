#!/usr/bin/env bash
# bin/db-local — dump, restore and reset the Rails app's local Postgres.
#
# Works only against the compose service `db` of this repo (docker-compose.yml)
# or a Postgres on localhost. Dumps go to tmp/db-dumps/ (gitignored).
#
#   bin/db-local dump [name]        pg_dump -Fc into tmp/db-dumps/<name>.dump
#   bin/db-local restore <name>     drop + recreate the dev DB and pg_restore
#   bin/db-local reset              bin/rails db:reset for development only
#   bin/db-local list               show dumps
#   bin/db-local prune [keep]       delete old dumps, keep the newest N (default 5)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DUMP_DIR="$ROOT/tmp/db-dumps"
SERVICE="${DB_SERVICE:-db}"
DB_NAME="${DB_NAME:-storefront_development}"
DB_USER="${DB_USER:-postgres}"

log()  { printf '\033[36m==>\033[0m %s\n' "$*" >&2; }
warn() { printf '\033[33mwarn:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

load_env() {
  # the app's own local settings; never .env.production
  local f
  for f in "$ROOT/.env.development.local" "$ROOT/.env.development" "$ROOT/.env"; do
    if [[ -f "$f" ]]; then
      set -a
      # shellcheck disable=SC1090
      . "$f"
      set +a
      log "loaded ${f#"$ROOT"/}"
      break
    fi
  done
}

assert_local() {
  local url="${DATABASE_URL:-}"
  if [[ -n "$url" ]]; then
    local host
    host="$(sed -E 's#^[a-z]+://([^@/]*@)?([^:/?]+).*#\2#' <<<"$url")"
    case "$host" in
      localhost|127.0.0.1|db|postgres) ;;
      *) die "DATABASE_URL points at '$host'; this tool only works on the local dev database" ;;
    esac
  fi
  case "${RAILS_ENV:-development}" in
    development|test) ;;
    *) die "RAILS_ENV=${RAILS_ENV} is not allowed here" ;;
  esac
}

compose() {
  docker compose -f "$ROOT/docker-compose.yml" "$@"
}

in_db() {
  # run a postgres client inside the db container
  compose exec -T "$SERVICE" "$@"
}

require_running() {
  if ! compose ps --status running --services | grep -qx "$SERVICE"; then
    die "compose service '$SERVICE' is not running (docker compose up -d $SERVICE)"
  fi
}

dump_path() {
  local name="$1"
  [[ "$name" =~ ^[A-Za-z0-9._-]+$ ]] || die "invalid dump name: $name"
  printf '%s/%s.dump' "$DUMP_DIR" "$name"
}

cmd_dump() {
  local name="${1:-$(date +%Y%m%d-%H%M%S)-$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo nogit)}"
  local out tmp
  out="$(dump_path "$name")"
  mkdir -p "$DUMP_DIR"
  tmp="$(mktemp "$DUMP_DIR/.partial.XXXXXX")"
  trap 'rm -f "$tmp"' EXIT
  log "dumping $DB_NAME -> ${out#"$ROOT"/}"
  in_db pg_dump -U "$DB_USER" -d "$DB_NAME" -Fc --no-owner --no-acl >"$tmp"
  mv "$tmp" "$out"
  trap - EXIT
  log "done ($(du -h "$out" | cut -f1))"
}

cmd_restore() {
  local name="${1:-}"
  [[ -n "$name" ]] || die "restore needs a dump name (see: bin/db-local list)"
  local src
  src="$(dump_path "$name")"
  [[ -f "$src" ]] || die "no such dump: ${src#"$ROOT"/}"
  if [[ "${FORCE:-0}" != 1 ]]; then
    read -r -p "Replace local database $DB_NAME with $name? [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]] || { warn "aborted"; exit 1; }
  fi
  log "terminating connections to $DB_NAME"
  in_db psql -U "$DB_USER" -d postgres -v ON_ERROR_STOP=1 -qc \
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '$DB_NAME' AND pid <> pg_backend_pid();" >/dev/null
  log "dropping and recreating $DB_NAME"
  in_db dropdb -U "$DB_USER" --if-exists "$DB_NAME"
  in_db createdb -U "$DB_USER" "$DB_NAME"
  log "restoring ${src#"$ROOT"/}"
  in_db pg_restore -U "$DB_USER" -d "$DB_NAME" --no-owner --no-acl --exit-on-error <"$src"
  log "running pending migrations"
  (cd "$ROOT" && RAILS_ENV=development bin/rails db:migrate)
}

cmd_reset() {
  log "bin/rails db:reset (development)"
  (cd "$ROOT" && RAILS_ENV=development bin/rails db:reset)
  if [[ -f "$ROOT/db/seeds/development.rb" ]]; then
    (cd "$ROOT" && RAILS_ENV=development bin/rails runner db/seeds/development.rb)
  fi
}

cmd_list() {
  [[ -d "$DUMP_DIR" ]] || { echo "no dumps yet"; return; }
  local f
  # newest first
  while IFS= read -r f; do
    printf '%-40s %8s  %s\n' "$(basename "$f" .dump)" "$(du -h "$f" | cut -f1)" \
      "$(date -r "$f" '+%Y-%m-%d %H:%M')"
  done < <(ls -1t "$DUMP_DIR"/*.dump 2>/dev/null)
}

cmd_prune() {
  local keep="${1:-5}"
  [[ "$keep" =~ ^[0-9]+$ ]] || die "keep must be a number"
  [[ -d "$DUMP_DIR" ]] || return 0
  local i=0 f
  while IFS= read -r f; do
    i=$((i + 1))
    if (( i > keep )); then
      log "removing $(basename "$f")"
      rm -f -- "$f"
    fi
  done < <(ls -1t "$DUMP_DIR"/*.dump 2>/dev/null)
  rm -f -- "$DUMP_DIR"/.partial.* 2>/dev/null || true
}

cmd_size() {
  require_running
  in_db psql -U "$DB_USER" -d "$DB_NAME" -Atc \
    "SELECT relname, pg_size_pretty(pg_total_relation_size(relid)) FROM pg_catalog.pg_statio_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 15;" \
    | column -t -s '|'
}

cmd_anonymize() {
  # scrub personal data in the local copy after restoring a staging-like dump
  require_running
  in_db psql -U "$DB_USER" -d "$DB_NAME" -v ON_ERROR_STOP=1 -qc \
    "UPDATE users SET email = 'user' || id || '@example.test', phone = NULL;"
  log "anonymized users in $DB_NAME"
}

main() {
  local cmd="${1:-}"
  [[ -n "$cmd" ]] || usage 1
  shift || true
  load_env
  assert_local
  case "$cmd" in
    dump)    require_running; cmd_dump "$@" ;;
    restore) require_running; cmd_restore "$@" ;;
    reset)   require_running; cmd_reset ;;
    list)    cmd_list ;;
    prune)   cmd_prune "$@" ;;
    size)    cmd_size ;;
    anonymize) cmd_anonymize ;;
    -h|--help|help) usage 0 ;;
    *) warn "unknown command: $cmd"; usage 1 ;;
  esac
}

main "$@"
