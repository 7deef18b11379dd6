#!/usr/bin/env bash
# scripts/local-setup.sh — first-run and "make it work again" script for the
# Laravel app `bookwise` on a developer machine.
#
# What it does, in order:
#   1. copies .env.example to .env when .env is missing, and runs
#      `php artisan key:generate` only if APP_KEY is empty (never rotates a key)
#   2. starts the sail/compose mysql + redis + mailpit services
#   3. checks that DB_HOST is local and the database name ends in _local
#   4. drops and recreates the `bookwise_testing` database used by phpunit
#   5. php artisan migrate:fresh --seed on the local database
#   6. clears caches, links storage, builds front-end assets
#
# Flags: --no-assets  --no-seed  --keep-data (migrate instead of migrate:fresh)
set -Eeuo pipefail

APP_DIR="$(cd "$(dirname "$0")/.." && pwd)"
cd "$APP_DIR"

ASSETS=1
SEED=1
KEEP_DATA=0
COMPOSE=(docker compose -f docker-compose.yml)

for a in "$@"; do
  case "$a" in
    --no-assets) ASSETS=0 ;;
    --no-seed) SEED=0 ;;
    --keep-data) KEEP_DATA=1 ;;
    -h|--help) sed -n '2,16p' "$0" | cut -c3-; exit 0 ;;
    *) echo "unknown flag: $a" >&2; exit 2 ;;
  esac
done

banner() { printf '\n\033[1;34m▶ %s\033[0m\n' "$*"; }
fail() { printf '\033[1;31m✗ %s\033[0m\n' "$*" >&2; exit 1; }
trap 'fail "step failed at line $LINENO"' ERR

env_get() {
  # read one key from .env without sourcing it (values may contain spaces/$)
  local key="$1"
  grep -E "^${key}=" .env 2>/dev/null | tail -n 1 | cut -d= -f2- | sed -e 's/^"//' -e 's/"$//'
}

ensure_env() {
  banner ".env"
  if [[ ! -f .env ]]; then
    cp .env.example .env
    echo "created .env from .env.example"
  fi
  if [[ -z "$(env_get APP_KEY)" ]]; then
    php artisan key:generate --ansi
  else
    echo "APP_KEY already set, leaving it alone"
  fi
  if [[ "$(env_get APP_ENV)" != "local" ]]; then
    fail "APP_ENV in .env is '$(env_get APP_ENV)'; this script is for local only"
  fi
}

check_tools() {
  local t
  for t in php composer docker npm; do
    command -v "$t" >/dev/null || fail "missing $t"
  done
  php -r 'exit(version_compare(PHP_VERSION, "8.2.0", ">=") ? 0 : 1);' || fail "PHP 8.2+ required"
}

start_services() {
  banner "compose services"
  "${COMPOSE[@]}" up -d mysql redis mailpit
  local i
  for i in $(seq 1 60); do
    if "${COMPOSE[@]}" exec -T mysql mysqladmin ping -h 127.0.0.1 --silent >/dev/null 2>&1; then
      echo "mysql is up"
      return 0
    fi
    sleep 2
  done
  "${COMPOSE[@]}" logs --tail 30 mysql
  fail "mysql did not become ready"
}

assert_local_db() {
  banner "database safety check"
  local host db
  host="$(env_get DB_HOST)"
  db="$(env_get DB_DATABASE)"
  case "$host" in
    127.0.0.1|localhost|mysql) ;;
    *) fail "DB_HOST=$host is not the local compose database" ;;
  esac
  [[ "$db" == *_local ]] || fail "DB_DATABASE=$db must end in _local"
  echo "target: $db on $host"
}

mysql_root() {
  "${COMPOSE[@]}" exec -T mysql mysql -uroot -p"$(env_get DB_ROOT_PASSWORD)" "$@"
}

reset_testing_db() {
  banner "testing database"
  mysql_root <<'SQL'
DROP DATABASE IF EXISTS bookwise_testing;
CREATE DATABASE bookwise_testing CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
GRANT ALL PRIVILEGES ON bookwise_testing.* TO 'bookwise'@'%';
FLUSH PRIVILEGES;
SQL
  echo "recreated bookwise_testing"
}

composer_install() {
  banner "composer install"
  composer install --no-interaction --prefer-dist --no-progress
}

migrate() {
  banner "migrations"
  if (( KEEP_DATA )); then
    php artisan migrate --no-interaction
  elif (( SEED )); then
    php artisan migrate:fresh --seed --no-interaction
  else
    php artisan migrate:fresh --no-interaction
  fi
}

clear_caches() {
  banner "caches"
  php artisan optimize:clear
  # stale compiled service providers break after composer changes
  rm -f bootstrap/cache/packages.php bootstrap/cache/services.php bootstrap/cache/config.php
  rm -rf storage/framework/views/*.php storage/framework/cache/data/*
  "${COMPOSE[@]}" exec -T redis redis-cli -n 1 FLUSHDB >/dev/null
  echo "flushed local redis cache db 1"
}

link_storage() {
  if [[ ! -L public/storage ]]; then
    php artisan storage:link
  fi
}

build_assets() {
  (( ASSETS )) || return 0
  banner "front-end assets"
  npm ci --no-audit --no-fund
  npm run build
}

seed_media() {
  # demo cover images for the seeded books, copied from the repo's fixtures
  banner "demo media"
  mkdir -p storage/app/public/covers
  if compgen -G "tests/fixtures/covers/*.jpg" >/dev/null; then
    cp -n tests/fixtures/covers/*.jpg storage/app/public/covers/
  fi
  find storage/app/public/covers -name '*.jpg' | wc -l | xargs printf '%s cover image(s)\n'
}

smoke() {
  banner "smoke test"
  php artisan about --only=environment
  php artisan route:list --path=api --columns=method,uri | head -n 15
  php artisan test --testsuite=Unit --stop-on-failure
}

summary() {
  banner "done"
  cat <<EOF
  app:      $(env_get APP_URL)
  mailpit:  http://localhost:8025
  database: $(env_get DB_DATABASE) @ $(env_get DB_HOST)
  run:      php artisan serve
EOF
}

main() {
  check_tools
  ensure_env
  composer_install
  start_services
  assert_local_db
  reset_testing_db
  migrate
  clear_caches
  link_storage
  (( SEED )) && seed_media
  build_assets
  smoke
  summary
}

main
