#!/usr/bin/env bash
# db-fresh.sh - rebuild the local MariaDB database of the PHP storefront.
#
# Reads DB_* settings from the project's .env (parsed, never sourced),
# refuses anything but a local server, drops and recreates the schema,
# runs the migrations through `composer run-script migrate` and loads the
# demo catalogue. Intended for `composer run-script db:fresh`.
set -euo pipefail

APP="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ENV_FILE="$APP/.env"
FIXTURES="$APP/database/fixtures"
FORCE=0
WITH_DEMO=1
MYSQL_DEFAULTS=""

for arg in "$@"; do
  case "$arg" in
    --force) FORCE=1 ;;
    --no-demo) WITH_DEMO=0 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done

# all output is prefixed so it is easy to spot inside composer's own output
log() { echo "[db-fresh] $*"; }
fail() { echo "[db-fresh] $*" >&2; exit 1; }

cleanup() {
  [[ -n "$MYSQL_DEFAULTS" ]] && rm -f "$MYSQL_DEFAULTS"
}
trap cleanup EXIT

env_value() {
  # env_value KEY -> value from .env (last one wins), quotes stripped
  local key="$1" line value=""
  [[ -f "$ENV_FILE" ]] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
      "$key="*) value="${line#*=}" ;;
    esac
  done < "$ENV_FILE"
  value="${value%\"}"; value="${value#\"}"
  printf '%s' "$value"
}

load_settings() {
  DB_HOST="${DB_HOST:-$(env_value DB_HOST)}"
  DB_PORT="${DB_PORT:-$(env_value DB_PORT)}"
  DB_DATABASE="${DB_DATABASE:-$(env_value DB_DATABASE)}"
  DB_USERNAME="${DB_USERNAME:-$(env_value DB_USERNAME)}"
  DB_PASSWORD="${DB_PASSWORD:-$(env_value DB_PASSWORD)}"
  APP_ENV="${APP_ENV:-$(env_value APP_ENV)}"
  DB_HOST="${DB_HOST:-127.0.0.1}"
  DB_PORT="${DB_PORT:-3306}"
  [[ -n "$DB_DATABASE" ]] || fail "DB_DATABASE is not set"
}

guard() {
  case "$DB_HOST" in
    127.0.0.1|localhost|::1|mariadb) ;;
    *) fail "DB_HOST=$DB_HOST is not local; refusing" ;;
  esac
  case "${APP_ENV:-local}" in
    local|development|testing) ;;
    *) fail "APP_ENV=$APP_ENV; this only runs for local environments" ;;
  esac
  [[ "$DB_DATABASE" =~ _(local|dev|test)$ ]] || fail "database $DB_DATABASE must end in _local/_dev/_test"
}

defaults_file() {
  # credentials go in a 0600 temp file instead of the command line
  MYSQL_DEFAULTS="$(mktemp "${TMPDIR:-/tmp}/db-fresh.XXXXXX")"
  chmod 600 "$MYSQL_DEFAULTS"
  {
    echo "[client]"
    echo "host=$([[ "$DB_HOST" == mariadb ]] && echo 127.0.0.1 || echo "$DB_HOST")"
    echo "port=$DB_PORT"
    echo "user=$DB_USERNAME"
    echo "password=$DB_PASSWORD"
  } > "$MYSQL_DEFAULTS"
}

sql() {
  mysql --defaults-extra-file="$MYSQL_DEFAULTS" --batch --skip-column-names "$@"
}

ensure_server() {
  if [[ "$DB_HOST" == mariadb ]] && ! docker compose -f "$APP/docker-compose.yml" ps --status running --services | grep -qx mariadb; then
    log "starting the mariadb compose service"
    docker compose -f "$APP/docker-compose.yml" up -d mariadb
  fi
  local i
  for i in $(seq 1 40); do
    sql -e 'SELECT 1' >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  fail "database server not reachable"
}

confirm() {
  ((FORCE)) && return 0
  local tables
  tables="$(sql -e "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '$DB_DATABASE'" 2>/dev/null || echo 0)"
  read -r -p "Drop $DB_DATABASE ($tables tables) on $DB_HOST:$DB_PORT? [y/N] " reply
  [[ "$reply" =~ ^[Yy] ]] || fail "aborted"
}

recreate() {
  log "dropping and recreating $DB_DATABASE"
  sql -e "DROP DATABASE IF EXISTS \`$DB_DATABASE\`; CREATE DATABASE \`$DB_DATABASE\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
}

migrate() {
  log "running migrations"
  (cd "$APP" && composer run-script migrate --no-interaction)
}

load_demo() {
  ((WITH_DEMO)) || return 0
  local f n=0
  for f in "$FIXTURES"/*.sql; do
    [[ -e "$f" ]] || continue
    sql "$DB_DATABASE" < "$f"
    n=$((n + 1))
  done
  log "loaded $n fixture file(s)"
  rm -rf "$APP/storage/app/public/products"/*
  cp -R "$FIXTURES/images/." "$APP/storage/app/public/products/" 2>/dev/null || true
}

summary() {
  log "tables:"
  sql -e "SELECT table_name, table_rows FROM information_schema.tables WHERE table_schema = '$DB_DATABASE' ORDER BY table_rows DESC LIMIT 10" |
    awk '{ printf "  %-30s %s\n", $1, $2 }'
}

clear_caches() {
  # framework caches in storage/ refer to the old schema
  log "clearing application caches"
  rm -rf "$APP/storage/framework/cache/data"/*
  rm -f "$APP/bootstrap/cache/config.php" "$APP/bootstrap/cache/routes-v7.php"
}

# Tools this script needs on the developer machine. The mysql client comes
# from the mariadb-client / mysql-client package; composer from the project
# README's setup section. Nothing is installed automatically.
check_tools() {
  command -v mysql >/dev/null || fail "mysql client not installed"
  command -v mysqldump >/dev/null || fail "mysqldump not installed"
  command -v composer >/dev/null || fail "composer not installed"
}

backup_before_drop() {
  # a quick dump into the project's storage/ so a mistaken reset can be undone
  local dir="$APP/storage/db-backups" file
  mkdir -p "$dir"
  file="$dir/${DB_DATABASE}-$(date +%Y%m%d-%H%M%S).sql.gz"
  if sql -e "SHOW DATABASES LIKE '$DB_DATABASE'" | grep -q .; then
    mysqldump --defaults-extra-file="$MYSQL_DEFAULTS" --single-transaction "$DB_DATABASE" | gzip > "$file"
    log "backup: ${file#"$APP"/}"
  fi
  # keep the newest five backups
  ls -1t "$dir"/*.sql.gz 2>/dev/null | tail -n +6 | while read -r old; do rm -f -- "$old"; done
}

check_tools
load_settings
guard
defaults_file
ensure_server
confirm
backup_before_drop
recreate
migrate
load_demo
clear_caches
summary
log "done"
