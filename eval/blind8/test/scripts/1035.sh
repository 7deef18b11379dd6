#!/usr/bin/env bash
# Run Hugo and the Tailwind watcher together for docs work; both bound to localhost.
set -euo pipefail

PORT="${PORT:-1313}"
CSS_IN="assets/css/main.css"
CSS_OUT="static/css/site.css"
children=()

log() { printf '[docs-dev] %s\n' "$*"; }

shutdown() {
  log "shutting down"
  for pid in "${children[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
}
trap shutdown EXIT INT TERM

require() {
  for bin in "$@"; do
    command -v "$bin" >/dev/null || { log "missing $bin"; exit 1; }
  done
}

start_tailwind() {
  pnpm exec tailwindcss -i "$CSS_IN" -o "$CSS_OUT" --watch >tmp/tailwind.log 2>&1 &
  children+=("$!")
  log "tailwind watching $CSS_IN"
}

start_hugo() {
  hugo server --bind 127.0.0.1 --port "$PORT" --disableFastRender --navigateToChanged \
    >tmp/hugo.log 2>&1 &
  children+=("$!")
  log "hugo on http://127.0.0.1:$PORT"
}

main() {
  require hugo pnpm
  mkdir -p tmp static/css
  start_tailwind
  start_hugo
  wait -n
  log "a child exited; see tmp/*.log"
}

main "$@"
