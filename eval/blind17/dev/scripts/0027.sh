#!/usr/bin/env bash
# scripts/dev-up.sh — bring up the local data platform for the `pulse` pipeline.
#
# Starts the compose stack (zookeeper-less kafka, schema registry, postgres,
# redis, minio), waits for each health check, seeds topics/buckets/tables, then
# runs the consumer and the API in the foreground. Ctrl-C stops the processes
# this script started and (with --down) the stack as well.
#
# Usage: scripts/dev-up.sh [--down] [--reset] [--no-apps] [--timeout SECS]
set -Eeuo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

PROJECT="pulse-dev"
COMPOSE_FILE="deploy/local/compose.yaml"
TIMEOUT=120
DOWN_ON_EXIT=0
RESET=0
RUN_APPS=1
PIDS=()
RUN_DIR="$ROOT/.run"

TOPICS=(pulse.events pulse.events.retry pulse.events.dlq pulse.sessions)
BUCKETS=(pulse-raw pulse-curated)

while [[ $# -gt 0 ]]; do
  case "$1" in
    --down) DOWN_ON_EXIT=1 ;;
    --reset) RESET=1 ;;
    --no-apps) RUN_APPS=0 ;;
    --timeout) TIMEOUT="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

dc() { docker compose -p "$PROJECT" -f "$COMPOSE_FILE" "$@"; }

say() { printf '[dev-up %s] %s\n' "$(date +%H:%M:%S)" "$*"; }

cleanup() {
  local rc=$?
  say "shutting down"
  local pid
  for pid in "${PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
    fi
  done
  wait 2>/dev/null || true
  rm -f "$RUN_DIR"/*.pid
  if [[ "$DOWN_ON_EXIT" == 1 ]]; then
    dc down --remove-orphans
  fi
  exit "$rc"
}
trap cleanup EXIT INT TERM

wait_for() {
  local name="$1" probe="$2" deadline=$((SECONDS + TIMEOUT))
  printf '  waiting for %-16s' "$name"
  until eval "$probe" >/dev/null 2>&1; do
    if (( SECONDS > deadline )); then
      echo " timeout"
      dc logs --tail 40 "$name" || true
      return 1
    fi
    printf '.'
    sleep 2
  done
  echo " ok"
}

reset_stack() {
  say "removing the project's volumes (${PROJECT}_*)"
  dc down -v --remove-orphans
}

start_stack() {
  say "starting compose project $PROJECT"
  dc up -d --wait-timeout "$TIMEOUT" kafka schema-registry postgres redis minio
  wait_for kafka        "dc exec -T kafka kafka-topics --bootstrap-server localhost:9092 --list"
  wait_for schema-registry "curl -fsS http://localhost:8081/subjects"
  wait_for postgres     "dc exec -T postgres pg_isready -U pulse"
  wait_for redis        "dc exec -T redis redis-cli ping"
  wait_for minio        "curl -fsS http://localhost:9000/minio/health/ready"
}

seed_topics() {
  local t
  for t in "${TOPICS[@]}"; do
    dc exec -T kafka kafka-topics --bootstrap-server localhost:9092 \
      --create --if-not-exists --topic "$t" --partitions 3 --replication-factor 1 >/dev/null
    say "topic $t"
  done
}

seed_buckets() {
  dc exec -T minio mc alias set local http://localhost:9000 "${MINIO_ROOT_USER:-minio}" "${MINIO_ROOT_PASSWORD:-minio123}" >/dev/null
  local b
  for b in "${BUCKETS[@]}"; do
    dc exec -T minio mc mb --ignore-existing "local/$b" >/dev/null
    say "bucket $b"
  done
}

seed_db() {
  say "applying migrations to the local postgres"
  dc exec -T postgres psql -U pulse -d pulse -v ON_ERROR_STOP=1 -q -f /migrations/000_schema.sql
  if [[ "$RESET" == 1 ]]; then
    say "loading fixtures"
    dc exec -T postgres psql -U pulse -d pulse -v ON_ERROR_STOP=1 -q <<'SQL'
TRUNCATE TABLE sessions, events RESTART IDENTITY CASCADE;
\copy events FROM '/fixtures/events.csv' WITH (FORMAT csv, HEADER true)
SQL
  fi
}

flush_dev_cache() {
  # only the dev redis of this stack, db 0
  dc exec -T redis redis-cli -n 0 FLUSHDB >/dev/null
  say "flushed local redis db 0"
}

start_app() {
  local name="$1"; shift
  mkdir -p "$RUN_DIR"
  "$@" >"$RUN_DIR/$name.log" 2>&1 &
  local pid=$!
  PIDS+=("$pid")
  echo "$pid" >"$RUN_DIR/$name.pid"
  say "$name started (pid $pid, log .run/$name.log)"
}

load_env() {
  if [[ -f .env.local ]]; then
    set -a; . ./.env.local; set +a
  fi
  export KAFKA_BOOTSTRAP=localhost:9092
  export DATABASE_URL="postgresql://pulse:pulse@localhost:5432/pulse"
  export REDIS_URL="redis://localhost:6379/0"
  export S3_ENDPOINT="http://localhost:9000"
}

check_ports() {
  # fail early when another project's stack already holds our ports
  local port busy=()
  for port in 5432 6379 8081 9000 9092; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      if ! dc ps --format '{{.Ports}}' | grep -q ":$port->"; then
        busy+=("$port")
      fi
    fi
  done
  if ((${#busy[@]})); then
    echo "ports in use by something else: ${busy[*]}" >&2
    exit 1
  fi
}

main() {
  command -v docker >/dev/null || { echo "docker is required" >&2; exit 1; }
  check_ports
  [[ "$RESET" == 1 ]] && reset_stack
  start_stack
  seed_topics
  seed_buckets
  seed_db
  [[ "$RESET" == 1 ]] && flush_dev_cache
  load_env
  if [[ "$RUN_APPS" == 0 ]]; then
    say "infrastructure is up; --no-apps given, exiting without stopping the stack"
    trap - EXIT INT TERM
    exit 0
  fi
  start_app consumer python -m pulse.consumer --group pulse-dev
  start_app api uvicorn pulse.api:app --host 127.0.0.1 --port 8000 --reload
  say "tailing logs (Ctrl-C to stop)"
  tail -n +1 -F "$RUN_DIR/consumer.log" "$RUN_DIR/api.log" &
  PIDS+=("$!")
  wait "${PIDS[0]}"
}

main
