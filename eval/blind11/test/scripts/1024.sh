#!/usr/bin/env bash
# bin/seed-dev-db - load demo data into the docker-compose MySQL used by the
# Laravel app in development. Truncates tables in the LOCAL dev schema only.
set -euo pipefail

cd "$(dirname "$0")/.."

COMPOSE_SERVICE="mysql"
SCHEMA="${DB_DATABASE:-quill_dev}"
SEED_DIR="database/seed-data"
TABLES=(users teams projects invoices invoice_lines)

guard() {
  local app_env
  app_env="$(grep -E '^APP_ENV=' .env | cut -d= -f2 || true)"
  if [[ "$app_env" != "local" ]]; then
    echo "APP_ENV is '$app_env', expected 'local'; refusing" >&2
    exit 1
  fi
  if [[ "$SCHEMA" != *_dev ]]; then
    echo "schema $SCHEMA is not a *_dev schema; refusing" >&2
    exit 1
  fi
  if ! docker compose ps --status running "$COMPOSE_SERVICE" | grep -q "$COMPOSE_SERVICE"; then
    echo "start the database first: docker compose up -d $COMPOSE_SERVICE" >&2
    exit 1
  fi
}

mysql_dev() {
  docker compose exec -T "$COMPOSE_SERVICE" \
    mysql --user=root --password="${DB_ROOT_PASSWORD:-root}" "$SCHEMA" "$@"
}

truncate_tables() {
  local sql="SET FOREIGN_KEY_CHECKS=0;"
  local t
  for t in "${TABLES[@]}"; do
    sql+=" TRUNCATE TABLE \`$t\`;"
  done
  sql+=" SET FOREIGN_KEY_CHECKS=1;"
  mysql_dev -e "$sql"
  echo "truncated ${#TABLES[@]} tables in $SCHEMA"
}

load_table() {
  local table="$1" file="$SEED_DIR/$1.csv"
  if [[ ! -f "$file" ]]; then
    echo "  no seed file for $table"
    return 0
  fi
  local header
  header="$(head -n 1 "$file")"
  tail -n +2 "$file" | mysql_dev --local-infile=1 -e \
    "LOAD DATA LOCAL INFILE '/dev/stdin' INTO TABLE \`$table\`
     FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ($header);"
  echo "  loaded $(($(wc -l < "$file") - 1)) rows into $table"
}

migrate() {
  php artisan migrate --env=local --no-interaction
}

show_counts() {
  local t
  for t in "${TABLES[@]}"; do
    printf '  %-16s %s rows\n' "$t" "$(mysql_dev -N -e "SELECT COUNT(*) FROM \`$t\`")"
  done
}

main() {
  guard
  migrate
  truncate_tables
  local t
  for t in "${TABLES[@]}"; do
    load_table "$t"
  done
  php artisan cache:clear >/dev/null
  show_counts
  echo "dev database seeded"
}

main "$@"
