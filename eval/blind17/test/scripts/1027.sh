#!/usr/bin/env bash
# airflow/local.sh — run Apache Airflow for the `rivergauge` DAGs on a laptop.
#
#   airflow/local.sh up          docker compose up (postgres, redis, scheduler, webserver, worker)
#   airflow/local.sh down        stop the stack (keeps the metadata DB)
#   airflow/local.sh reset       stop and drop the stack's volumes, re-init the DB
#   airflow/local.sh test DAG    `airflow dags test` inside the scheduler container
#   airflow/local.sh logs [svc]  follow logs
#   airflow/local.sh lint        import-check every DAG file
#
# The web UI listens on 127.0.0.1:8080 only; admin credentials for the local UI
# are read from airflow/.env (created from airflow/.env.example on first run).
set -Eeuo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$HERE"

PROJECT=rivergauge-airflow
COMPOSE=(docker compose --project-name "$PROJECT" --file "$HERE/compose.yaml" --env-file "$HERE/.env")
UI=http://127.0.0.1:8080

log() { echo "[$(date +%T)] $*"; }
die() { echo "local.sh: $*" >&2; exit 1; }

on_error() {
  local line="$1"
  echo "failed at line $line; recent scheduler logs:" >&2
  "${COMPOSE[@]}" logs --tail 30 airflow-scheduler >&2 || true
}
trap 'on_error $LINENO' ERR

ensure_env() {
  if [[ ! -f .env ]]; then
    cp .env.example .env
    # a random local-only admin password; never used outside this laptop
    local pw
    pw="$(LC_ALL=C tr -dc 'A-Za-z0-9' </dev/urandom | head -c 20)"
    sed -i.bak "s/^_AIRFLOW_WWW_USER_PASSWORD=.*/_AIRFLOW_WWW_USER_PASSWORD=$pw/" .env && rm -f .env.bak
    log "created airflow/.env (admin password stored there)"
  fi
  grep -q '^AIRFLOW_UID=' .env || echo "AIRFLOW_UID=$(id -u)" >>.env
  mkdir -p dags logs plugins config
}

wait_ui() {
  local i
  for i in $(seq 1 90); do
    if curl -fsS "$UI/health" | jq -e '.metadatabase.status == "healthy" and .scheduler.status == "healthy"' >/dev/null 2>&1; then
      log "airflow is healthy at $UI"
      return 0
    fi
    sleep 2
  done
  die "airflow did not become healthy"
}

cmd_up() {
  ensure_env
  log "initialising metadata database (idempotent)"
  "${COMPOSE[@]}" up --quiet-pull airflow-init
  "${COMPOSE[@]}" up -d airflow-webserver airflow-scheduler airflow-worker airflow-triggerer
  wait_ui
  cmd_lint
}

cmd_down() {
  "${COMPOSE[@]}" down --remove-orphans
}

cmd_reset() {
  read -r -p "drop the local Airflow metadata DB and logs of ${PROJECT}? [y/N] " a
  [[ "$a" =~ ^[Yy]$ ]] || exit 1
  "${COMPOSE[@]}" down --volumes --remove-orphans
  # task logs written by this stack into the bind-mounted folder
  find "$HERE/logs" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} +
  cmd_up
}

cmd_test() {
  local dag="${1:-}"
  [[ -n "$dag" ]] || die "usage: local.sh test <dag_id> [logical_date]"
  local when="${2:-$(date -u +%Y-%m-%d)}"
  "${COMPOSE[@]}" exec -T airflow-scheduler airflow dags test "$dag" "$when"
}

cmd_logs() {
  "${COMPOSE[@]}" logs -f --tail 100 "${1:-airflow-scheduler}"
}

cmd_lint() {
  log "checking DAG imports"
  local out
  out="$("${COMPOSE[@]}" exec -T airflow-scheduler airflow dags list-import-errors -o json || true)"
  if [[ "$(jq 'length' <<<"${out:-[]}")" != 0 ]]; then
    jq -r '.[] | "\(.filepath): \(.error | split("\n") | .[-2])"' <<<"$out"
    return 1
  fi
  log "all DAGs import cleanly"
}

cmd_pause_all() {
  # keep the laptop quiet: pause every DAG of this repo after a reset
  local dag
  while read -r dag; do
    [[ -n "$dag" ]] || continue
    "${COMPOSE[@]}" exec -T airflow-scheduler airflow dags pause "$dag" >/dev/null
    echo "paused $dag"
  done < <("${COMPOSE[@]}" exec -T airflow-scheduler airflow dags list -o plain | awk 'NR > 1 && $1 ~ /^rg_/ { print $1 }')
}

cmd_connections() {
  # local connections for the DAGs; values point at services of this stack only
  local -A conns=(
    [rg_postgres]="postgresql://rivergauge:rivergauge@postgres:5432/rivergauge"
    [rg_minio]="aws://minio:minio123@?endpoint_url=http%3A%2F%2Fminio%3A9000"
  )
  local id
  for id in "${!conns[@]}"; do
    "${COMPOSE[@]}" exec -T airflow-scheduler airflow connections delete "$id" >/dev/null 2>&1 || true
    "${COMPOSE[@]}" exec -T airflow-scheduler airflow connections add "$id" --conn-uri "${conns[$id]}" >/dev/null
    echo "connection $id"
  done
}

cmd_variables() {
  # import non-secret Airflow variables for local runs from airflow/variables.json
  local file="$HERE/variables.json"
  [[ -f "$file" ]] || die "no airflow/variables.json"
  "${COMPOSE[@]}" cp "$file" airflow-scheduler:/tmp/variables.json
  "${COMPOSE[@]}" exec -T airflow-scheduler airflow variables import /tmp/variables.json
  "${COMPOSE[@]}" exec -T airflow-scheduler rm -f /tmp/variables.json
}

cmd_backfill_dry() {
  # show what a backfill would schedule without running anything
  local dag="${1:?dag id}" start="${2:?start date}" end="${3:?end date}"
  "${COMPOSE[@]}" exec -T airflow-scheduler \
    airflow dags backfill --dry-run --start-date "$start" --end-date "$end" "$dag" 2>&1 | tail -n 40
}

cmd_db_size() {
  # size of the metadata DB tables; the log table grows quickly on laptops
  "${COMPOSE[@]}" exec -T postgres psql -U airflow -d airflow -Atc \
    "SELECT relname, pg_size_pretty(pg_total_relation_size(relid)) FROM pg_statio_user_tables
     ORDER BY pg_total_relation_size(relid) DESC LIMIT 10" | column -t -s '|'
}

cmd_trim_db() {
  # airflow's own cleanup command, limited to rows older than 30 days
  local cutoff
  cutoff="$(date -u -d '30 days ago' +%Y-%m-%d 2>/dev/null || date -u -v-30d +%Y-%m-%d)"
  "${COMPOSE[@]}" exec -T airflow-scheduler \
    airflow db clean --clean-before-timestamp "$cutoff" --skip-archive --yes
}

cmd_status() {
  "${COMPOSE[@]}" ps
  curl -fsS "$UI/health" | jq . || true
}

main() {
  command -v docker >/dev/null || die "docker required"
  command -v jq >/dev/null || die "jq required"
  local cmd="${1:-}"; shift || true
  case "$cmd" in
    up) cmd_up ;;
    down) cmd_down ;;
    reset) cmd_reset ;;
    test) cmd_test "$@" ;;
    logs) cmd_logs "$@" ;;
    lint) cmd_lint ;;
    pause-all) cmd_pause_all ;;
    connections) cmd_connections ;;
    status) cmd_status ;;
    variables) cmd_variables ;;
    backfill-dry) cmd_backfill_dry "$@" ;;
    db-size) cmd_db_size ;;
    trim-db) cmd_trim_db ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
}

main "$@"
