#!/usr/bin/env bash
# Start the API and the worker for local development using this
# project's .env, and stop exactly those two processes on exit.
set -euo pipefail

cd "$(dirname "$0")/.."
project_dir=$(pwd)
pids=()

if [[ ! -f .env ]]; then
  echo ".env not found; copy .env.example to .env first" >&2
  exit 1
fi

# export everything defined in the project's own .env
set -a
# shellcheck disable=SC1091
source ./.env
set +a

: "${API_PORT:=8080}"
: "${WORKER_CONCURRENCY:=2}"

port_busy() {
  lsof -nP -iTCP:"$1" -sTCP:LISTEN >/dev/null 2>&1
}

stop_children() {
  local pid
  for pid in "${pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
    fi
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  rm -f "$project_dir/.dev-pids"
  echo "stopped ${#pids[@]} process(es)"
}
trap stop_children EXIT
trap 'exit 130' INT TERM

if port_busy "$API_PORT"; then
  echo "port $API_PORT is already in use:" >&2
  lsof -nP -iTCP:"$API_PORT" -sTCP:LISTEN >&2
  echo "stop that process yourself or set API_PORT" >&2
  exit 1
fi

mkdir -p logs
npm run --silent start:api >logs/api.log 2>&1 &
pids+=($!)
npm run --silent start:worker -- --concurrency "$WORKER_CONCURRENCY" >logs/worker.log 2>&1 &
pids+=($!)
printf '%s\n' "${pids[@]}" > .dev-pids

echo "api pid ${pids[0]} on http://localhost:$API_PORT, worker pid ${pids[1]}"

for _ in $(seq 1 30); do
  if curl -fsS "http://localhost:$API_PORT/health" >/dev/null 2>&1; then
    echo "api is healthy"
    break
  fi
  sleep 1
done

echo "tailing logs; Ctrl-C stops both processes"
tail -n 0 -F logs/api.log logs/worker.log &
pids+=($!)

while true; do
  for pid in "${pids[@]:0:2}"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "process $pid exited; shutting down" >&2
      exit 1
    fi
  done
  sleep 2
done
