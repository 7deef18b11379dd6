#!/usr/bin/env bash
# db-reset.sh - drop, recreate, migrate and seed the LOCAL development database
# for the billing service (Ruby, Sequel migrations, Postgres in docker compose).
#
# Safety rails:
#   * reads DATABASE_URL from the environment or the project's .env
#   * refuses unless the host is localhost/127.0.0.1/::1 or the compose service
#   * refuses when RACK_ENV/APP_ENV says production or staging
#   * asks for confirmation unless -y is given
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")/.." && pwd)"
ENV_FILE="$PROJECT_DIR/.env"
COMPOSE_SERVICE="billing-db"
ASSUME_YES=0
SEED=1
FIXTURES="default"

die() { echo "db-reset: $*" >&2; exit 1; }
say() { echo "db-reset: $*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -y|--yes) ASSUME_YES=1 ;;
    --no-seed) SEED=0 ;;
    --fixtures) FIXTURES="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
  shift
done

load_env_file() {
  # parse KEY=VALUE lines ourselves instead of sourcing, so .env cannot run code
  [[ -f "$ENV_FILE" ]] || return 0
  local line key value
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
    [[ "$line" =~ ^(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] || continue
    key="${BASH_REMATCH[2]}"
    value="${BASH_REMATCH[3]}"
    value="${value%\"}"; value="${value#\"}"
    value="${value%\'}"; value="${value#\'}"
    # the real environment wins over .env
    if [[ -z "${!key+x}" ]]; then
      printf -v "$key" '%s' "$value"
      export "${key?}"
    fi
  done < "$ENV_FILE"
}

parse_url() {
  local url="$1" rest auth hostport
  [[ "$url" =~ ^postgres(ql)?:// ]] || die "DATABASE_URL must be a postgres:// URL"
  rest="${url#*://}"
  if [[ "$rest" == *@* ]]; then
    auth="${rest%%@*}"
    rest="${rest#*@}"
    DB_USER="${auth%%:*}"
    DB_PASS="${auth#*:}"
    [[ "$DB_PASS" == "$auth" ]] && DB_PASS=""
  else
    DB_USER="postgres"; DB_PASS=""
  fi
  hostport="${rest%%/*}"
  DB_NAME="${rest#*/}"
  DB_NAME="${DB_NAME%%\?*}"
  DB_HOST="${hostport%%:*}"
  DB_PORT="${hostport##*:}"
  [[ "$DB_PORT" == "$hostport" ]] && DB_PORT=5432
  [[ -n "$DB_NAME" && "$DB_NAME" != "$rest" ]] || die "DATABASE_URL has no database name"
}

assert_local() {
  case "$DB_HOST" in
    localhost|127.0.0.1|::1|"$COMPOSE_SERVICE") ;;
    *) die "refusing to reset non-local database host '$DB_HOST'" ;;
  esac
  local env_name="${APP_ENV:-${RACK_ENV:-development}}"
  case "$env_name" in
    production|staging) die "APP_ENV/RACK_ENV is $env_name" ;;
  esac
  [[ "$DB_NAME" == *_dev || "$DB_NAME" == *_development || "$DB_NAME" == *_test ]] ||
    die "database '$DB_NAME' does not look like a dev/test database"
}

compose_up() {
  if [[ "$DB_HOST" == "$COMPOSE_SERVICE" ]]; then
    DB_HOST=127.0.0.1
  fi
  if ! docker compose -f "$PROJECT_DIR/docker-compose.yml" ps --status running --services | grep -qx "$COMPOSE_SERVICE"; then
    say "starting $COMPOSE_SERVICE"
    docker compose -f "$PROJECT_DIR/docker-compose.yml" up -d "$COMPOSE_SERVICE"
  fi
  local i
  for i in $(seq 1 30); do
    if pg_isready -h "$DB_HOST" -p "$DB_PORT" -q; then
      return 0
    fi
    sleep 1
  done
  die "postgres did not become ready on $DB_HOST:$DB_PORT"
}

confirm() {
  ((ASSUME_YES)) && return 0
  read -r -p "Drop and recreate '$DB_NAME' on $DB_HOST:$DB_PORT? [y/N] " answer
  [[ "$answer" == [yY]* ]] || die "aborted"
}

psql_admin() {
  PGPASSWORD="$DB_PASS" psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USER" -d postgres \
    -v ON_ERROR_STOP=1 -q "$@"
}

recreate() {
  say "terminating open connections to $DB_NAME"
  psql_admin -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '$DB_NAME' AND pid <> pg_backend_pid();" >/dev/null
  say "dropping $DB_NAME"
  psql_admin -c "DROP DATABASE IF EXISTS \"$DB_NAME\";"
  say "creating $DB_NAME"
  psql_admin -c "CREATE DATABASE \"$DB_NAME\" OWNER \"$DB_USER\";"
}

migrate() {
  say "running migrations"
  (cd "$PROJECT_DIR" && bundle exec rake db:migrate)
}

seed() {
  ((SEED)) || return 0
  local dir="$PROJECT_DIR/db/fixtures/$FIXTURES"
  [[ -d "$dir" ]] || die "no fixture set named $FIXTURES"
  local f
  for f in "$dir"/*.sql; do
    [[ -e "$f" ]] || continue
    say "loading ${f#"$PROJECT_DIR"/}"
    PGPASSWORD="$DB_PASS" psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USER" -d "$DB_NAME" \
      -v ON_ERROR_STOP=1 -q -f "$f"
  done
  (cd "$PROJECT_DIR" && bundle exec rake "db:seed[$FIXTURES]")
}

SNAPSHOT_DIR="$PROJECT_DIR/tmp/db-snapshots"

# Before dropping, keep a dump of the old dev database in the project's tmp/
# so a reset can be undone. Only the newest five snapshots are kept.
snapshot() {
  [[ "${DB_RESET_NO_SNAPSHOT:-0}" == 1 ]] && return 0
  mkdir -p "$SNAPSHOT_DIR"
  local exists
  exists="$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'")"
  [[ "$exists" == 1 ]] || return 0
  local file="$SNAPSHOT_DIR/${DB_NAME}-$(date +%Y%m%d-%H%M%S).dump"
  say "saving snapshot to ${file#"$PROJECT_DIR"/}"
  PGPASSWORD="$DB_PASS" pg_dump -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USER" -Fc -f "$file" "$DB_NAME"
  local old
  while IFS= read -r old; do
    rm -f -- "$old"
  done < <(ls -1t "$SNAPSHOT_DIR"/"$DB_NAME"-*.dump 2>/dev/null | tail -n +6)
}

restore_latest() {
  local latest
  latest="$(ls -1t "$SNAPSHOT_DIR"/"$DB_NAME"-*.dump 2>/dev/null | head -n 1 || true)"
  [[ -n "$latest" ]] || die "no snapshot for $DB_NAME"
  say "restoring ${latest#"$PROJECT_DIR"/}"
  PGPASSWORD="$DB_PASS" pg_restore -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USER" \
    --clean --if-exists -d "$DB_NAME" "$latest"
}

main() {
  load_env_file
  [[ -n "${DATABASE_URL:-}" ]] || die "DATABASE_URL is not set (environment or .env)"
  parse_url "$DATABASE_URL"
  assert_local
  compose_up
  confirm
  local started=$SECONDS
  if [[ "${DB_RESET_RESTORE:-0}" == 1 ]]; then
    restore_latest
    return 0
  fi
  snapshot
  recreate
  migrate
  seed
  say "done in $((SECONDS - started))s"
}

main
