#!/usr/bin/env bash
# bin/serve-local - run the PHP built-in server for the Laravel app on
# 127.0.0.1 together with the queue worker and vite; stop all on Ctrl-C.
set -euo pipefail

ADDR="127.0.0.1"
PORT="${PORT:-8000}"
WITH_QUEUE=1
WITH_VITE=1
PIDS=()

print_help() {
  cat <<'HELP'
usage: bin/serve-local [options]
  --port N        port on 127.0.0.1 (default 8000)
  --no-queue      do not start queue:work
  --no-vite       do not start the vite dev server
HELP
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --port) PORT="$2"; shift 2 ;;
    --no-queue) WITH_QUEUE=0; shift ;;
    --no-vite) WITH_VITE=0; shift ;;
    -h|--help) print_help; exit 0 ;;
    *) echo "unknown argument $1" >&2; print_help >&2; exit 2 ;;
  esac
done

shutdown() {
  local pid
  echo
  echo "stopping ${#PIDS[@]} process(es)"
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
}
trap shutdown EXIT
trap 'exit 130' INT TERM

port_free() {
  ! (exec 3<>"/dev/tcp/$ADDR/$1") 2>/dev/null
}

start() {
  local label="$1"; shift
  "$@" 2>&1 | sed -u "s/^/[$label] /" &
  PIDS+=($!)
}

check_env_file() {
  if [[ ! -f .env ]]; then
    echo "no .env; copying .env.example and generating an app key"
    cp .env.example .env
    php artisan key:generate --ansi
  fi
  if ! grep -q '^APP_ENV=local' .env; then
    echo "warning: APP_ENV is not local in .env" >&2
  fi
}

cd "$(dirname "$0")/.."
[[ -f artisan ]] || { echo "run from the Laravel project" >&2; exit 1; }
check_env_file
if ! port_free "$PORT"; then
  echo "port $PORT is already in use on $ADDR" >&2
  exit 1
fi

start web php -S "$ADDR:$PORT" -t public server.php
if (( WITH_QUEUE )); then
  start queue php artisan queue:work --sleep=1 --tries=1
fi
if (( WITH_VITE )); then
  start vite npx --no-install vite --host "$ADDR"
fi

echo "app: http://$ADDR:$PORT  (Ctrl-C to stop)"
wait
