#!/usr/bin/env bash
# Local three-node CockroachDB cluster for testing rebalancing and failover code.
#
#   scripts/crdb-local.sh up        start 3 nodes on 127.0.0.1:2625{7,8,9}
#   scripts/crdb-local.sh status    node status + ranges summary
#   scripts/crdb-local.sh kill N    stop node N (simulate a failure)
#   scripts/crdb-local.sh down      stop all nodes started by this script
#   scripts/crdb-local.sh wipe      down + delete the stores under .crdb/
#
# Everything lives under .crdb/ in the project: stores, logs and pid files.
# Only pids recorded in .crdb/node*.pid are ever signalled.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
BASE="$ROOT/.crdb"
NODES=3
SQL_PORT0=26257
HTTP_PORT0=8080
CRDB="${COCKROACH_BIN:-cockroach}"
VERBOSE="${VERBOSE:-0}"

log()  { echo "[crdb-local] $*" >&2; }
die()  { log "ERROR: $*"; exit 1; }
vrun() { if [[ "$VERBOSE" == 1 ]]; then log "+ $*"; fi; "$@"; }

node_dir()   { echo "$BASE/node$1"; }
pid_file()   { echo "$BASE/node$1.pid"; }
sql_port()   { echo $(( SQL_PORT0 + $1 - 1 )); }
http_port()  { echo $(( HTTP_PORT0 + $1 - 1 )); }

join_list() {
  local i out=()
  for (( i = 1; i <= NODES; i++ )); do
    out+=("127.0.0.1:$(( SQL_PORT0 + NODES + i - 1 + 100 ))")
  done
  local IFS=,
  echo "${out[*]}"
}

rpc_port() { echo $(( SQL_PORT0 + NODES + $1 - 1 + 100 )); }

is_running() {
  local pf
  pf="$(pid_file "$1")"
  [[ -f "$pf" ]] || return 1
  local pid
  pid="$(<"$pf")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  # make sure the pid still is a cockroach process we started for this store
  tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q -- "--store=path=$(node_dir "$1")"
}

start_node() {
  local n="$1" dir
  dir="$(node_dir "$n")"
  mkdir -p "$dir" "$BASE/logs"
  if is_running "$n"; then
    log "node $n already running (pid $(<"$(pid_file "$n")"))"
    return
  fi
  vrun "$CRDB" start --insecure \
    --store="path=$dir" \
    --listen-addr="127.0.0.1:$(rpc_port "$n")" \
    --sql-addr="127.0.0.1:$(sql_port "$n")" \
    --http-addr="127.0.0.1:$(http_port "$n")" \
    --join="$(join_list)" \
    --log-dir="$BASE/logs/node$n" \
    --cache=128MiB --max-sql-memory=128MiB \
    --pid-file="$(pid_file "$n")" \
    --background
  log "node $n up: sql 127.0.0.1:$(sql_port "$n"), ui http://localhost:$(http_port "$n")"
}

init_cluster() {
  if [[ -f "$BASE/.initialized" ]]; then
    return
  fi
  local tries=0
  until vrun "$CRDB" init --insecure --host="127.0.0.1:$(rpc_port 1)" 2>/dev/null; do
    tries=$(( tries + 1 ))
    (( tries < 10 )) || die "cluster init failed"
    sleep 1
  done
  touch "$BASE/.initialized"
  log "cluster initialised"
}

wait_sql() {
  local i
  for i in $(seq 1 40); do
    if "$CRDB" sql --insecure --host="127.0.0.1:$(sql_port 1)" -e 'SELECT 1' >/dev/null 2>&1; then
      return 0
    fi
    sleep 0.5
  done
  die "SQL did not come up"
}

cmd_up() {
  command -v "$CRDB" >/dev/null || die "cockroach binary not found"
  local n
  for (( n = 1; n <= NODES; n++ )); do start_node "$n"; done
  init_cluster
  wait_sql
  "$CRDB" sql --insecure --host="127.0.0.1:$(sql_port 1)" \
    -e "CREATE DATABASE IF NOT EXISTS failover_test; SET CLUSTER SETTING server.time_until_store_dead = '1m15s';"
  log "ready. export DATABASE_URL=postgresql://root@127.0.0.1:$(sql_port 1)/failover_test?sslmode=disable"
}

stop_node() {
  local n="$1" pid pf
  pf="$(pid_file "$n")"
  if ! is_running "$n"; then
    rm -f "$pf"
    return
  fi
  pid="$(<"$pf")"
  log "stopping node $n (pid $pid)"
  kill -TERM "$pid"
  local i
  for i in $(seq 1 30); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "node $n did not exit, sending KILL"
    kill -KILL "$pid"
  fi
  rm -f "$pf"
}

cmd_down() {
  local n
  for (( n = NODES; n >= 1; n-- )); do stop_node "$n"; done
}

cmd_status() {
  "$CRDB" node status --insecure --host="127.0.0.1:$(sql_port 1)" --format=table --ranges || true
}

cmd_wipe() {
  cmd_down
  [[ "$BASE" == "$ROOT/.crdb" && -n "$ROOT" ]] || die "refusing to wipe unexpected path $BASE"
  log "removing $BASE"
  rm -rf -- "$BASE"
}

cmd_logs() {
  local n="${1:-1}" file
  file="$BASE/logs/node$n/cockroach.log"
  [[ -f "$file" ]] || die "no log for node $n yet"
  tail -n "${LINES_TO_SHOW:-80}" "$file"
}

cmd_sql() {
  local n="${1:-1}"
  shift || true
  exec "$CRDB" sql --insecure --host="127.0.0.1:$(sql_port "$n")" -d failover_test "$@"
}

cmd_env() {
  # print exports for the test suite; eval-able by the caller if they want
  local n urls=()
  for (( n = 1; n <= NODES; n++ )); do
    urls+=("postgresql://root@127.0.0.1:$(sql_port "$n")/failover_test?sslmode=disable")
  done
  local IFS=,
  printf 'export CRDB_URLS=%q\n' "${urls[*]}"
  printf 'export DATABASE_URL=%q\n' "${urls[0]}"
}

main() {
  local cmd="${1:-status}"
  case "$cmd" in
    up) cmd_up ;;
    logs) cmd_logs "${2:-1}" ;;
    sql) shift; cmd_sql "$@" ;;
    env) cmd_env ;;
    down) cmd_down ;;
    status) cmd_status ;;
    kill) [[ "${2:-}" =~ ^[1-9]$ ]] || die "usage: kill N"; stop_node "$2" ;;
    start) [[ "${2:-}" =~ ^[1-9]$ ]] || die "usage: start N"; start_node "$2" ;;
    wipe) cmd_wipe ;;
    *) die "unknown command $cmd" ;;
  esac
}

main "$@"
