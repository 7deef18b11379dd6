#!/usr/bin/env bash
# load/locust.sh - distributed locust run (1 master + N workers) on this machine
# against the marlin API started from the current checkout.
#
#   load/locust.sh                      defaults: 4 workers, 200 users, 5m
#   load/locust.sh -w 8 -u 800 -t 10m   bigger run
#   load/locust.sh -k                   keep the API running afterwards
#
# Processes started here are tracked in a PID list and stopped in reverse
# order on exit. The API binds 127.0.0.1 only; locust's web UI is disabled.
#
# Reading the results:
#   build/locust/<run>/stats_stats.csv     per-endpoint aggregates
#   build/locust/<run>/report.html         charts (open in a browser)
#   build/locust/<run>/api.log             gunicorn errors during the run
set -euo pipefail

ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
LOCUSTFILE="${ROOT}/load/locustfile.py"
RUN_ID="$(date +%Y%m%d-%H%M%S)"
OUT="${ROOT}/build/locust/${RUN_ID}"
API_PORT=18000
WORKERS=4
USERS=200
SPAWN=20
DURATION="5m"
KEEP_API=0
declare -a PIDS=()

usage() { sed -n '2,11p' "$0" | cut -c3-; }

while getopts ":w:u:r:t:kh" o; do
  case "$o" in
    w) WORKERS="$OPTARG" ;;
    u) USERS="$OPTARG" ;;
    r) SPAWN="$OPTARG" ;;
    t) DURATION="$OPTARG" ;;
    k) KEEP_API=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ "$WORKERS" =~ ^[0-9]+$ && "$WORKERS" -ge 1 && "$WORKERS" -le 32 ]] || { echo "workers 1..32" >&2; exit 2; }
[[ "$USERS" =~ ^[0-9]+$ ]] || { echo "users must be a number" >&2; exit 2; }

log() { printf '%s [locust.sh] %s\n' "$(date +%T)" "$*"; }

stop_all() {
  local i pid
  for (( i=${#PIDS[@]}-1; i>=0; i-- )); do
    pid="${PIDS[$i]}"
    if [[ $KEEP_API -eq 1 && "$pid" == "${API_PID:-}" ]]; then
      continue
    fi
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
    fi
  done
  sleep 1
  for pid in "${PIDS[@]}"; do
    if [[ $KEEP_API -eq 1 && "$pid" == "${API_PID:-}" ]]; then
      continue
    fi
    if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  done
}
trap stop_all EXIT
trap 'log "interrupted"; exit 130' INT TERM

start_api() {
  log "starting API on 127.0.0.1:${API_PORT}"
  (
    cd "$ROOT"
    export MARLIN_ENV=loadtest
    export MARLIN_DB_URL="sqlite:///${OUT}/api.sqlite3"
    export MARLIN_LOG_LEVEL=WARNING
    exec python -m gunicorn "marlin.wsgi:app" \
      --bind "127.0.0.1:${API_PORT}" \
      --workers 4 --threads 4 --timeout 30 \
      --access-logfile "${OUT}/access.log"
  ) >"${OUT}/api.log" 2>&1 &
  API_PID=$!
  PIDS+=("$API_PID")
  local n
  for n in $(seq 1 60); do
    if curl -fsS -o /dev/null "http://127.0.0.1:${API_PORT}/health"; then
      log "API up after ${n} checks"
      return 0
    fi
    kill -0 "$API_PID" 2>/dev/null || { tail -n 40 "${OUT}/api.log"; exit 1; }
    sleep 0.5
  done
  echo "API did not start" >&2
  exit 1
}

migrate() {
  (cd "$ROOT" && MARLIN_DB_URL="sqlite:///${OUT}/api.sqlite3" python -m marlin.manage migrate --noinput >/dev/null)
  (cd "$ROOT" && MARLIN_DB_URL="sqlite:///${OUT}/api.sqlite3" python -m marlin.manage loaddata load/fixtures.json >/dev/null)
}

start_master() {
  locust -f "$LOCUSTFILE" --master --headless \
    --expect-workers "$WORKERS" \
    --master-bind-host 127.0.0.1 --master-bind-port 5557 \
    --host "http://127.0.0.1:${API_PORT}" \
    -u "$USERS" -r "$SPAWN" -t "$DURATION" \
    --csv "${OUT}/stats" --csv-full-history \
    --html "${OUT}/report.html" \
    --exit-code-on-error 2 \
    >"${OUT}/master.log" 2>&1 &
  MASTER_PID=$!
  PIDS+=("$MASTER_PID")
}

start_workers() {
  local i
  for i in $(seq 1 "$WORKERS"); do
    locust -f "$LOCUSTFILE" --worker --master-host 127.0.0.1 --master-port 5557 \
      >"${OUT}/worker-${i}.log" 2>&1 &
    PIDS+=($!)
  done
  log "${WORKERS} workers started"
}

check_ports_free() {
  # gunicorn and the locust master must be able to bind; fail early with a hint
  local port
  for port in "$API_PORT" 5557; do
    if (: <"/dev/tcp/127.0.0.1/${port}") 2>/dev/null; then
      echo "port ${port} on 127.0.0.1 is already in use (a previous run still alive?)" >&2
      echo "  find it with: lsof -nP -iTCP:${port} -sTCP:LISTEN" >&2
      exit 1
    fi
  done
}

failures_report() {
  local failures="${OUT}/stats_failures.csv"
  [[ -s "$failures" ]] || return 0
  log "top failures:"
  tail -n +2 "$failures" | sort -t, -k4 -rn | head -n 10 | while IFS=, read -r method name error count; do
    printf '  %5s  %-6s %-30s %s\n' "$count" "$method" "$name" "$error"
  done
}

summarize() {
  local stats="${OUT}/stats_stats.csv"
  [[ -f "$stats" ]] || { log "no stats written"; return 1; }
  python3 - "$stats" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
agg = next((r for r in rows if r["Name"] == "Aggregated"), None)
if agg:
    print(f"requests={agg['Request Count']} failures={agg['Failure Count']} "
          f"median={agg['Median Response Time']}ms p95={agg['95%']}ms rps={float(agg['Requests/s']):.1f}")
PY
}

main() {
  command -v locust >/dev/null || { echo "pip install locust" >&2; exit 1; }
  mkdir -p "$OUT"
  check_ports_free
  migrate
  start_api
  start_master
  start_workers
  log "running ${USERS} users for ${DURATION} (results: ${OUT#"$ROOT"/})"
  local rc=0
  wait "$MASTER_PID" || rc=$?
  summarize || true
  failures_report
  ln -sfn "$RUN_ID" "${ROOT}/build/locust/latest"
  if (( KEEP_API )); then
    log "API still running on 127.0.0.1:${API_PORT} (pid ${API_PID})"
  fi
  return "$rc"
}

main
