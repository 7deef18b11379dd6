#!/usr/bin/env bash
# Build the Sphinx docs and serve them on 127.0.0.1 for review, rebuilding
# when sources change. Ctrl-C stops both the watcher and the server.
set -euo pipefail

DOCS="$(git rev-parse --show-toplevel)/docs"
BUILD="$DOCS/_build/html"
PORT="${DOCS_PORT:-8765}"
PIDS=()

shutdown() {
  local pid
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  echo
  echo "docs server stopped"
}
trap shutdown EXIT INT TERM

build() {
  echo "[docs] building"
  if ! sphinx-build -q -b html -j auto "$DOCS" "$BUILD" 2> "$DOCS/_build/warnings.txt"; then
    echo "[docs] build failed:"
    tail -n 20 "$DOCS/_build/warnings.txt"
    return 1
  fi
  local warnings
  warnings="$(grep -c 'WARNING' "$DOCS/_build/warnings.txt" || true)"
  echo "[docs] built with ${warnings:-0} warning(s)"
}

serve() {
  python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$BUILD" >/dev/null 2>&1 &
  PIDS+=($!)
  local i
  for i in {1..25}; do
    if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/"; then
      echo "[docs] serving http://127.0.0.1:$PORT/"
      return 0
    fi
    sleep 0.2
  done
  echo "[docs] server did not start" >&2
  return 1
}

fingerprint() {
  find "$DOCS" -path "$DOCS/_build" -prune -o -type f \( -name '*.rst' -o -name '*.md' -o -name 'conf.py' \) \
    -newer "$BUILD/index.html" -print 2>/dev/null | head -n 1
}

open_browser() {
  local url="http://127.0.0.1:$PORT/"
  [[ "${DOCS_NO_BROWSER:-0}" == 1 ]] && return 0
  if command -v xdg-open >/dev/null; then
    xdg-open "$url" >/dev/null 2>&1 || true
  elif command -v open >/dev/null; then
    open "$url" || true
  fi
}

watch_loop() {
  while sleep 1; do
    if [[ -n "$(fingerprint)" ]]; then
      build || true
    fi
  done
}

main() {
  mkdir -p "$DOCS/_build"
  build
  serve
  open_browser
  if [[ "${1:-}" == "--no-watch" ]]; then
    echo "[docs] press Ctrl-C to stop"
    wait
  else
    echo "[docs] watching for changes"
    watch_loop
  fi
}

main "$@"
