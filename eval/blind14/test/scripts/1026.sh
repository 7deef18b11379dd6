#!/usr/bin/env bash
# bin/dev-up: run the Rails server and Sidekiq with this app's .env.
# Both run as background children of this script; the EXIT trap signals
# exactly those PIDs (and waits for them), nothing else.
set -uo pipefail

app_root=$(cd -- "$(dirname -- "$0")/.." && pwd)
cd "$app_root" || exit 1

env_file=.env.development
[[ -f $env_file ]] || env_file=.env
if [[ ! -f $env_file ]]; then
  printf 'no %s or .env in %s\n' .env.development "$app_root" >&2
  exit 1
fi

printf 'loading %s\n' "$env_file"
set -o allexport
# shellcheck source=/dev/null
. "./$env_file"
set +o allexport

RAILS_PORT=${RAILS_PORT:-3000}
declare -A children=()

terminate_children() {
  local name
  for name in "${!children[@]}"; do
    kill -TERM "${children[$name]}" 2>/dev/null && printf 'sent TERM to %s (%s)\n' "$name" "${children[$name]}"
  done
  for name in "${!children[@]}"; do
    wait "${children[$name]}" 2>/dev/null
  done
}
trap terminate_children EXIT
trap 'exit 0' INT TERM

if lsof -tiTCP:"$RAILS_PORT" -sTCP:LISTEN >/dev/null 2>&1; then
  printf 'port %s is taken by pid %s; not touching it\n' "$RAILS_PORT" \
    "$(lsof -tiTCP:"$RAILS_PORT" -sTCP:LISTEN | head -n 1)" >&2
  exit 1
fi

mkdir -p log tmp/pids
if [[ -f tmp/pids/server.pid ]]; then
  stale=$(<tmp/pids/server.pid)
  if ! kill -0 "$stale" 2>/dev/null; then
    rm -f tmp/pids/server.pid
    printf 'removed stale tmp/pids/server.pid (%s)\n' "$stale"
  fi
fi
bundle exec rails server -b 127.0.0.1 -p "$RAILS_PORT" >>log/dev-web.log 2>&1 &
children[web]=$!
bundle exec sidekiq -C config/sidekiq.yml >>log/dev-jobs.log 2>&1 &
children[jobs]=$!

printf 'web pid %s  jobs pid %s\n' "${children[web]}" "${children[jobs]}"

ready=0
for attempt in {1..45}; do
  if curl -fs -o /dev/null "http://127.0.0.1:$RAILS_PORT/up"; then
    ready=1
    break
  fi
  sleep 1
done
if (( ready )); then
  printf 'ready: http://127.0.0.1:%s (after %ss)\n' "$RAILS_PORT" "$attempt"
else
  printf 'web did not answer on /up; see log/dev-web.log\n' >&2
fi

while :; do
  for name in "${!children[@]}"; do
    if ! kill -0 "${children[$name]}" 2>/dev/null; then
      printf '%s stopped; shutting down the other process\n' "$name" >&2
      exit 1
    fi
  done
  sleep 3
done
