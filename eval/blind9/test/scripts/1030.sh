#!/usr/bin/env bash
# Start backend and frontend for local development in one terminal.
#
# Backend: uvicorn on 127.0.0.1:8000 with reload.
# Frontend: vite on 127.0.0.1:5173, proxying /api to the backend.
# Output of both is prefixed and colourised; Ctrl-C stops both.
set -uo pipefail

repo=$(git rev-parse --show-toplevel)
cd "$repo"

backend_port=${BACKEND_PORT:-8000}
frontend_port=${FRONTEND_PORT:-5173}
pids=()

prefix() {
  local tag=$1 colour=$2
  while IFS= read -r line; do
    printf '\033[%sm%-8s\033[0m %s\n' "$colour" "$tag" "$line"
  done
}

port_busy() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

stop_all() {
  trap - INT TERM EXIT
  echo
  echo "stopping..."
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null
  done
  wait
  exit 0
}
trap stop_all INT TERM EXIT

for p in "$backend_port" "$frontend_port"; do
  if port_busy "$p"; then
    echo "port $p is already in use" >&2
    exit 1
  fi
done

if [[ ! -d .venv ]]; then
  echo "no .venv; run 'uv sync' first" >&2
  exit 1
fi
if [[ ! -d web/node_modules ]]; then
  (cd web && pnpm install --frozen-lockfile)
fi

export APP_ENV=development
export APP_DATABASE_URL=${APP_DATABASE_URL:-sqlite:///$repo/var/dev.sqlite}
mkdir -p var

.venv/bin/python -m app.db upgrade 2>&1 | prefix migrate 35

( .venv/bin/uvicorn app.main:app --host 127.0.0.1 --port "$backend_port" --reload --reload-dir src 2>&1 \
    | prefix api 36 ) &
pids+=($!)

( cd web && VITE_API_TARGET="http://127.0.0.1:$backend_port" \
    pnpm vite --host 127.0.0.1 --port "$frontend_port" --strictPort 2>&1 | prefix web 33 ) &
pids+=($!)

for _ in {1..60}; do
  if curl -fs "http://127.0.0.1:$backend_port/healthz" >/dev/null; then
    break
  fi
  sleep 0.5
done

echo
echo "  api: http://127.0.0.1:$backend_port/docs"
echo "  web: http://127.0.0.1:$frontend_port/"
echo

wait -n
echo "one of the processes exited; shutting down the other"
stop_all
