#!/usr/bin/env bash
# scripts/dev-db-reset.sh
#
# Reset the Prisma dev database that docker compose runs for this repo:
#   - starts the `postgres` service if needed
#   - checks DATABASE_URL points at that container (host localhost, port 5433)
#   - runs `prisma migrate reset --force` (drops, re-applies, seeds)
#   - regenerates the client and runs the smoke queries
#
# Never run this against anything but the compose database; it checks.
set -Eeuo pipefail

cd "$(git rev-parse --show-toplevel)"

COMPOSE=(docker compose -f docker-compose.dev.yml)
SERVICE=postgres
EXPECTED_PORT=5433
LOG_DIR=.cache/dev-db
mkdir -p "$LOG_DIR"
LOG="$LOG_DIR/reset-$(date +%s).log"

log()  { printf '[dev-db] %s\n' "$*" | tee -a "$LOG"; }
fail() { log "ERROR: $*"; exit 1; }

on_error() {
  local code=$? line=$1
  log "failed at line $line (exit $code); full log in $LOG"
}
trap 'on_error $LINENO' ERR

read_database_url() {
  local url=""
  if [[ -n "${DATABASE_URL:-}" ]]; then
    url="$DATABASE_URL"
  elif [[ -f .env ]]; then
    url="$(grep -E '^DATABASE_URL=' .env | tail -n1 | cut -d= -f2- | tr -d '"')"
  fi
  [[ -n "$url" ]] || fail "DATABASE_URL is not set and not in .env"
  printf '%s' "$url"
}

url_host() {
  local u="${1#*://}"
  u="${u#*@}"
  u="${u%%/*}"
  printf '%s' "${u%%:*}"
}

url_port() {
  local u="${1#*://}"
  u="${u#*@}"
  u="${u%%/*}"
  if [[ "$u" == *:* ]]; then printf '%s' "${u##*:}"; else printf '5432'; fi
}

url_db() {
  local u="${1##*/}"
  printf '%s' "${u%%\?*}"
}

assert_compose_target() {
  local url="$1" host port
  host="$(url_host "$url")"
  port="$(url_port "$url")"
  case "$host" in
    localhost|127.0.0.1) ;;
    *) fail "DATABASE_URL host is '$host'; this script only resets the compose database" ;;
  esac
  [[ "$port" == "$EXPECTED_PORT" ]] || fail "port $port is not the compose port $EXPECTED_PORT"
}

ensure_service() {
  if ! "${COMPOSE[@]}" ps --status running --services | grep -qx "$SERVICE"; then
    log "starting $SERVICE"
    "${COMPOSE[@]}" up -d "$SERVICE" >>"$LOG" 2>&1
  fi
  local i
  for i in $(seq 1 40); do
    if "${COMPOSE[@]}" exec -T "$SERVICE" pg_isready -U postgres >/dev/null 2>&1; then
      log "$SERVICE is ready"
      return 0
    fi
    sleep 1
  done
  fail "$SERVICE did not become ready"
}

count_tables() {
  local db="$1"
  "${COMPOSE[@]}" exec -T "$SERVICE" psql -U postgres -d "$db" -Atc \
    "select count(*) from information_schema.tables where table_schema='public'" 2>/dev/null || echo 0
}

reset_db() {
  log "prisma migrate reset (drops and recreates $(url_db "$1"))"
  pnpm exec prisma migrate reset --force --skip-generate 2>&1 | tee -a "$LOG" | tail -n 40
}

generate_client() {
  log "prisma generate"
  pnpm exec prisma generate >>"$LOG" 2>&1
}

smoke() {
  log "smoke queries"
  pnpm exec tsx scripts/smoke-db.ts 2>&1 | tee -a "$LOG"
}

clear_caches() {
  # generated client and the test cache built against the old schema
  rm -rf node_modules/.prisma/client node_modules/.cache/vitest
  find . -path ./node_modules -prune -o -name '*.tsbuildinfo' -print0 | xargs -0 rm -f
}

dump_before_reset() {
  # a throwaway dump so a reset by mistake can be undone locally
  local db="$1" out
  out="$LOG_DIR/before-reset-$(date +%Y%m%d-%H%M%S).sql.gz"
  if "${COMPOSE[@]}" exec -T "$SERVICE" pg_dump -U postgres -d "$db" 2>>"$LOG" | gzip > "$out"; then
    log "dump of the old data: $out"
  else
    rm -f "$out"
    log "no dump (database may not exist yet)"
  fi
  ls -1t "$LOG_DIR"/before-reset-*.sql.gz 2>/dev/null | tail -n +4 | xargs -r rm -f --
}

check_migrations_dir() {
  local dir=prisma/migrations n
  [[ -d "$dir" ]] || fail "no $dir; run prisma migrate dev --name init first"
  n="$(find "$dir" -mindepth 1 -maxdepth 1 -type d | wc -l)"
  log "$n migration(s) in $dir"
  if git status --porcelain -- "$dir" | grep -q .; then
    log "note: uncommitted changes under $dir will be applied too"
  fi
}

prune_logs() {
  ls -1t "$LOG_DIR"/reset-*.log 2>/dev/null | tail -n +6 | while read -r old; do
    rm -f -- "$old"
  done
}

main() {
  local skip_smoke=0
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --no-smoke) skip_smoke=1 ;;
      -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
      *) fail "unknown option $1" ;;
    esac
    shift
  done

  command -v pnpm >/dev/null || fail "pnpm not on PATH"
  local url
  url="$(read_database_url)"
  assert_compose_target "$url"
  export DATABASE_URL="$url"

  ensure_service
  local before
  before="$(count_tables "$(url_db "$url")")"
  log "tables before: $before"
  check_migrations_dir
  if (( before > 0 )); then
    dump_before_reset "$(url_db "$url")"
  fi

  reset_db "$url"
  clear_caches
  generate_client

  log "tables after: $(count_tables "$(url_db "$url")")"
  if (( ! skip_smoke )); then
    smoke
  fi
  prune_logs
  log "done"
}

main "$@"
