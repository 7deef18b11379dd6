#!/usr/bin/env bash
# Preview the fernhill docs and API together: mkdocs on 127.0.0.1:8000 and the
# Rails API on 127.0.0.1:3000. Logs go to ./tmp/preview; Ctrl-C stops both.
set -euo pipefail

readonly HOST=127.0.0.1
readonly DOCS_PORT="${DOCS_PORT:-8000}"
readonly API_PORT="${API_PORT:-3000}"
readonly LOG_DIR="tmp/preview"
declare -A started=()

say() { printf '[preview] %s\n' "$*"; }

shutdown() {
  local name pid
  for name in "${!started[@]}"; do
    pid="${started[$name]}"
    if kill -0 "$pid" 2>/dev/null; then
      say "stopping $name ($pid)"
      kill -TERM "$pid" 2>/dev/null || true
    fi
  done
  wait 2>/dev/null || true
}
trap shutdown EXIT
trap 'exit 130' INT TERM

in_use() {
  if command -v lsof >/dev/null 2>&1; then
    lsof -nP -iTCP:"$1" -sTCP:LISTEN >/dev/null 2>&1
  else
    ss -ltn "sport = :$1" | grep -q LISTEN
  fi
}

launch() {
  local name="$1"
  shift
  "$@" > "$LOG_DIR/$name.log" 2>&1 &
  started[$name]=$!
  say "$name started (pid ${started[$name]}, log $LOG_DIR/$name.log)"
}

await() {
  local name="$1" url="$2" tries=0
  until curl -fsS -o /dev/null "$url"; do
    tries=$((tries + 1))
    if (( tries > 45 )); then
      say "$name not responding; last log lines:"
      tail -n 20 "$LOG_DIR/$name.log"
      exit 1
    fi
    sleep 1
  done
  say "$name ready at $url"
}

preflight() {
  [[ -f mkdocs.yml && -f Gemfile ]] || { say "run from the fernhill root"; exit 1; }
  local p
  for p in "$DOCS_PORT" "$API_PORT"; do
    if in_use "$p"; then
      say "port $p already in use"
      exit 1
    fi
  done
  mkdir -p "$LOG_DIR"
}

main() {
  preflight
  launch docs mkdocs serve --dev-addr "$HOST:$DOCS_PORT" --strict
  launch api bundle exec rails server --binding "$HOST" --port "$API_PORT"
  await docs "http://$HOST:$DOCS_PORT/"
  await api "http://$HOST:$API_PORT/up"
  say "open http://$HOST:$DOCS_PORT/ (API at http://$HOST:$API_PORT)"
  wait
}

main "$@"
