#!/usr/bin/env bash
# Apply pending Flyway migrations to the MySQL container from docker-compose.
set -euo pipefail

SERVICE="${SERVICE:-mysql}"
DB="${DB:-shop_dev}"
USER_NAME="${DB_USER:-root}"
PASS="${DB_PASS:-devroot}"

log() { echo "[migrate] $*"; }

container_id() {
  docker compose ps -q "$SERVICE"
}

wait_ready() {
  local cid="$1"
  for _ in $(seq 1 30); do
    if docker exec "$cid" mysqladmin ping -u"$USER_NAME" -p"$PASS" --silent 2>/dev/null; then
      return 0
    fi
    sleep 1
  done
  log "mysql did not become ready"
  return 1
}

dump_before() {
  local cid="$1" out="build/db-backups/$DB-$(date +%Y%m%d%H%M%S).sql"
  mkdir -p build/db-backups
  docker exec "$cid" mysqldump -u"$USER_NAME" -p"$PASS" --single-transaction "$DB" > "$out"
  log "backup: $out"
}

migrate() {
  docker run --rm --network "container:$1" -v "$PWD/db/migrations:/flyway/sql:ro" \
    flyway/flyway:10 -url="jdbc:mysql://127.0.0.1:3306/$DB" -user="$USER_NAME" -password="$PASS" migrate
}

main() {
  local cid
  cid=$(container_id)
  [ -n "$cid" ] || { log "start the stack first: docker compose up -d $SERVICE"; exit 1; }
  wait_ready "$cid"
  dump_before "$cid"
  migrate "$cid"
  log "done"
}

main "$@"
