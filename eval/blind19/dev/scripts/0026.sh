#!/usr/bin/env bash
# db/flyway.sh - run Flyway against the local compose Postgres.
#
#   db/flyway.sh migrate            apply pending migrations
#   db/flyway.sh info               show state
#   db/flyway.sh clean --yes        wipe the LOCAL database (dev only)
#   db/flyway.sh repair             fix checksums after editing a migration
#
# The JDBC URL is taken from .env (FLYWAY_URL) or defaults to the compose
# service. `clean` and `repair` refuse to run unless the host is local.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ENV_FILE="$ROOT/.env"
MIGRATIONS="$ROOT/db/migrations"
STATE_DIR="$ROOT/.cache/flyway"
FLYWAY_IMAGE="flyway/flyway:10-alpine"
DEFAULT_URL="jdbc:postgresql://localhost:5432/shop_dev"

die() { printf 'flyway.sh: %s\n' "$*" >&2; exit 1; }
info() { printf '\033[36m==>\033[0m %s\n' "$*"; }

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

load_env() {
  if [[ -f "$ENV_FILE" ]]; then
    # only the FLYWAY_* keys; the rest of .env is for the app
    while IFS='=' read -r key value; do
      [[ "$key" =~ ^FLYWAY_[A-Z_]+$ ]] || continue
      value="${value%\"}"; value="${value#\"}"
      export "$key=$value"
    done < "$ENV_FILE"
  fi
  : "${FLYWAY_URL:=$DEFAULT_URL}"
  : "${FLYWAY_USER:=postgres}"
  : "${FLYWAY_PASSWORD:=postgres}"
  export FLYWAY_URL FLYWAY_USER FLYWAY_PASSWORD
}

jdbc_host() {
  # jdbc:postgresql://host:port/db -> host
  local rest="${1#*://}"
  rest="${rest%%/*}"
  printf '%s\n' "${rest%%:*}"
}

require_local() {
  local host
  host="$(jdbc_host "$FLYWAY_URL")"
  case "$host" in
    localhost|127.0.0.1|postgres|db) ;;
    *) die "refusing '$1' against $host: only the local compose database may be cleaned or repaired" ;;
  esac
}

flyway_cmd() {
  if command -v flyway >/dev/null 2>&1; then
    flyway "$@"
  else
    # no local install: run the official image on the host network
    docker run --rm --network host \
      -v "$MIGRATIONS:/flyway/sql:ro" \
      -e FLYWAY_URL -e FLYWAY_USER -e FLYWAY_PASSWORD \
      "$FLYWAY_IMAGE" "$@"
  fi
}

run_flyway() {
  local action="$1"; shift
  info "flyway $action ($(jdbc_host "$FLYWAY_URL"))"
  flyway_cmd \
    -locations="filesystem:$MIGRATIONS" \
    -baselineOnMigrate=true \
    -validateMigrationNaming=true \
    "$action" "$@"
}

wait_for_db() {
  local host port tries=30
  host="$(jdbc_host "$FLYWAY_URL")"
  port="${FLYWAY_URL#*://*:}"; port="${port%%/*}"
  [[ "$port" =~ ^[0-9]+$ ]] || port=5432
  while (( tries-- > 0 )); do
    if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then
      return 0
    fi
    sleep 1
  done
  die "database at $host:$port is not reachable (docker compose up -d db?)"
}

snapshot_schema() {
  mkdir -p "$STATE_DIR"
  local out="$STATE_DIR/schema-$(date +%Y%m%d-%H%M%S).sql"
  if docker compose -f "$ROOT/docker-compose.yml" ps --status running db >/dev/null 2>&1; then
    docker compose -f "$ROOT/docker-compose.yml" exec -T db \
      pg_dump --schema-only -U "$FLYWAY_USER" "${FLYWAY_URL##*/}" > "$out" || true
    info "schema snapshot: ${out#$ROOT/}"
  fi
  # keep the last 10 snapshots
  ls -1t "$STATE_DIR"/schema-*.sql 2>/dev/null | tail -n +11 | xargs -r rm -f --
}

check_naming() {
  local bad=0 f
  for f in "$MIGRATIONS"/*.sql; do
    [[ -e "$f" ]] || continue
    if [[ ! "$(basename "$f")" =~ ^V[0-9]+(_[0-9]+)*__[a-z0-9_]+\.sql$ ]]; then
      printf 'bad migration name: %s\n' "$(basename "$f")" >&2
      bad=1
    fi
  done
  return "$bad"
}

pending_count() {
  run_flyway info 2>/dev/null | grep -c '| Pending' || true
}

confirm() {
  local prompt="$1"
  if [[ "${ASSUME_YES:-}" == 1 ]]; then
    return 0
  fi
  read -r -p "$prompt [y/N] " answer
  [[ "$answer" == [yY] ]]
}

main() {
  local cmd="${1:-}"
  [[ -n "$cmd" ]] || usage 1
  shift || true
  for arg in "$@"; do
    [[ "$arg" == "--yes" ]] && ASSUME_YES=1
  done
  load_env

  case "$cmd" in
    -h|--help|help) usage 0 ;;
    info)
      wait_for_db
      run_flyway info
      ;;
    migrate)
      check_naming || die "fix migration names first"
      wait_for_db
      snapshot_schema
      run_flyway migrate
      run_flyway info | tail -n 15
      ;;
    validate)
      check_naming
      wait_for_db
      run_flyway validate
      ;;
    repair)
      require_local repair
      wait_for_db
      run_flyway repair
      ;;
    clean)
      require_local clean
      confirm "Drop every object in $(jdbc_host "$FLYWAY_URL")/${FLYWAY_URL##*/}?" || die "aborted"
      wait_for_db
      snapshot_schema
      # Flyway 10 refuses clean unless it is explicitly enabled
      run_flyway clean -cleanDisabled=false
      run_flyway migrate
      ;;
    *)
      printf 'unknown command: %s\n\n' "$cmd" >&2
      usage 1
      ;;
  esac
}

main "$@"
