#!/usr/bin/env bash
# seed-dev-db.sh -- (re)create and seed the local Postgres used by the app.
#
# Reads DATABASE_URL from the environment or .env. Refuses anything that is not
# localhost / 127.0.0.1 / the compose service "db", and any database name that
# does not end in _dev or _test. With --docker it starts a throwaway postgres
# container bound to 127.0.0.1 and stops it again with --down.
set -euo pipefail

cd "$(dirname "$0")/.."
PROJECT_DIR="$PWD"
CONTAINER="seed-pg-$(basename "$PROJECT_DIR")"
SEED_DIR="db/seeds"
SCHEMA="db/schema.sql"

log() { printf '%s seed: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

load_dotenv_var() {
  local key="$1" line
  [[ -f .env ]] || return 1
  line="$(grep -E "^(export )?${key}=" .env | tail -n 1)" || return 1
  line="${line#export }"
  line="${line#"$key"=}"
  line="${line%\"}"; line="${line#\"}"
  printf '%s' "$line"
}

DATABASE_URL="${DATABASE_URL:-$(load_dotenv_var DATABASE_URL || true)}"
[[ -n "$DATABASE_URL" ]] || die "DATABASE_URL not set (env or .env)"

mask_url() { sed -E 's#(://[^:/@]+:)[^@]+@#\1****@#' <<<"$1"; }

parse_url() {
  # postgres://user:pass@localhost:5432/shop_dev?params
  local rest="${DATABASE_URL#*://}"
  rest="${rest#*@}"
  DB_HOSTPORT="${rest%%/*}"
  DB_HOST="${DB_HOSTPORT%%:*}"
  DB_PORT="${DB_HOSTPORT##*:}"
  [[ "$DB_PORT" == "$DB_HOST" ]] && DB_PORT=5432
  DB_NAME="${rest#*/}"
  DB_NAME="${DB_NAME%%\?*}"
}
parse_url

guard() {
  case "$DB_HOST" in
    localhost|127.0.0.1|::1|db) ;;
    *) die "refusing to touch $DB_HOST ($(mask_url "$DATABASE_URL")): not local" ;;
  esac
  case "$DB_NAME" in
    *_dev|*_test) ;;
    *) die "database '$DB_NAME' must end in _dev or _test" ;;
  esac
  if [[ "${APP_ENV:-development}" == production ]]; then
    die "APP_ENV=production"
  fi
}
guard

start_container() {
  command -v docker >/dev/null || die "docker not installed"
  if docker ps --format '{{.Names}}' | grep -qx "$CONTAINER"; then
    log "container $CONTAINER already running"
    return
  fi
  log "starting $CONTAINER on 127.0.0.1:$DB_PORT"
  docker run -d --rm --name "$CONTAINER" \
    -e POSTGRES_PASSWORD=devpassword -e POSTGRES_DB="$DB_NAME" \
    -p "127.0.0.1:$DB_PORT:5432" postgres:16-alpine >/dev/null
}

stop_container() {
  if docker ps --format '{{.Names}}' | grep -qx "$CONTAINER"; then
    docker stop "$CONTAINER" >/dev/null
    log "stopped $CONTAINER"
  else
    log "$CONTAINER is not running"
  fi
}

wait_ready() {
  local i
  for i in $(seq 1 30); do
    if pg_isready -h "$DB_HOST" -p "$DB_PORT" -q; then
      return 0
    fi
    sleep "$(( i < 5 ? 1 : 2 ))"
  done
  die "postgres at $DB_HOST:$DB_PORT not ready after 30 attempts"
}

psql_run() {
  psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -q "$@"
}

reset_schema() {
  log "resetting schema public in $DB_NAME"
  psql_run -c 'DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;'
  if [[ -f "$SCHEMA" ]]; then
    psql_run -f "$SCHEMA"
  elif [[ -x bin/migrate ]]; then
    bin/migrate up
  else
    die "no $SCHEMA and no bin/migrate; cannot build schema"
  fi
}

seed_files() {
  local f n=0
  shopt -s nullglob
  for f in "$SEED_DIR"/*.sql; do
    log "applying ${f##*/}"
    psql_run -f "$f"
    n=$((n + 1))
  done
  for f in "$SEED_DIR"/*.csv; do
    local table="${f##*/}"; table="${table%.csv}"; table="${table#[0-9][0-9]-}"
    log "copying ${f##*/} into $table"
    psql_run -c "\\copy $table FROM '$f' WITH (FORMAT csv, HEADER true)"
    n=$((n + 1))
  done
  shopt -u nullglob
  log "$n seed file(s) applied"
}

counts() {
  psql_run -At -c "SELECT relname || ' ' || n_live_tup FROM pg_stat_user_tables ORDER BY relname" \
    | column -t
}

dump_fixture() {
  # export current rows of one table as a new CSV seed (local db only, guarded above)
  local table="$1" out
  [[ "$table" =~ ^[a-z_][a-z0-9_]*$ ]] || die "bad table name: $table"
  out="$SEED_DIR/99-$table.csv"
  if [[ -e "$out" && "${FORCE:-0}" != 1 ]]; then
    die "$out exists; set FORCE=1 to overwrite"
  fi
  mkdir -p "$SEED_DIR"
  psql_run -c "\\copy (SELECT * FROM $table ORDER BY 1) TO '$out' WITH (FORMAT csv, HEADER true)"
  log "wrote $out ($(($(wc -l <"$out") - 1)) rows)"
}

usage() {
  cat >&2 <<'EOF'
usage: tools/seed-dev-db.sh [--docker] [--reset]
       tools/seed-dev-db.sh --counts
       tools/seed-dev-db.sh --dump TABLE
       tools/seed-dev-db.sh --down

  --docker   start a disposable postgres bound to 127.0.0.1 first
  --reset    drop and rebuild the public schema before seeding
  --counts   print live row counts per table
  --dump     write the rows of TABLE to db/seeds/99-TABLE.csv
  --down     stop the disposable container
EOF
  exit 2
}

RESET=0
DOCKER=0
case "${1:-}" in
  --down) stop_container; exit 0 ;;
  --dump) [[ -n "${2:-}" ]] || usage; wait_ready; dump_fixture "$2"; exit 0 ;;
  -h|--help) usage ;;
esac
for arg in "$@"; do
  case "$arg" in
    --reset) RESET=1 ;;
    --docker) DOCKER=1 ;;
    --counts) wait_ready; counts; exit 0 ;;
    *) die "unknown argument $arg" ;;
  esac
done

log "target $(mask_url "$DATABASE_URL")"
((DOCKER)) && start_container
wait_ready
((RESET)) && reset_schema
seed_files
counts
log "done"
