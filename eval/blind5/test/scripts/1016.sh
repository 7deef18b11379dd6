#!/usr/bin/env bash
# Run Flyway migrations against the docker-compose Postgres and refresh the
# schema dump checked into db/schema.sql.
set -euo pipefail

COMPOSE_SERVICE="${COMPOSE_SERVICE:-postgres}"
DB_NAME="${DB_NAME:-orders_dev}"
DB_USER="${DB_USER:-dev}"
DB_PASSWORD="${DB_PASSWORD:-dev}"
DB_PORT="${DB_PORT:-5432}"
FLYWAY_IMAGE="flyway/flyway:10-alpine"

wait_for_db() {
  local i
  for i in $(seq 1 30); do
    if docker compose exec -T "$COMPOSE_SERVICE" pg_isready -U "$DB_USER" -d "$DB_NAME" >/dev/null 2>&1; then
      return 0
    fi
    sleep 1
  done
  echo "database did not become ready" >&2
  return 1
}

migrate() {
  docker run --rm --network host \
    -v "$PWD/db/migrations:/flyway/sql:ro" \
    "$FLYWAY_IMAGE" \
    -url="jdbc:postgresql://localhost:$DB_PORT/$DB_NAME" \
    -user="$DB_USER" -password="$DB_PASSWORD" \
    -connectRetries=5 \
    migrate
}

info() {
  docker run --rm --network host \
    -v "$PWD/db/migrations:/flyway/sql:ro" \
    "$FLYWAY_IMAGE" \
    -url="jdbc:postgresql://localhost:$DB_PORT/$DB_NAME" \
    -user="$DB_USER" -password="$DB_PASSWORD" \
    info
}

dump_schema() {
  local tmp
  tmp="$(mktemp)"
  trap 'rm -f "$tmp"' RETURN
  docker compose exec -T "$COMPOSE_SERVICE" \
    pg_dump --schema-only --no-owner --no-privileges -U "$DB_USER" "$DB_NAME" > "$tmp"
  sed -e '/^-- Dumped/d' -e '/^SET /d' "$tmp" > db/schema.sql
  echo "db/schema.sql updated ($(wc -l < db/schema.sql) lines)"
}

main() {
  docker compose up -d "$COMPOSE_SERVICE"
  wait_for_db
  migrate
  info
  dump_schema
  git --no-pager diff --stat -- db/schema.sql
}

main "$@"
