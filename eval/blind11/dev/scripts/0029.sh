#!/usr/bin/env bash
# scripts/docs-preview.sh - build the Jekyll/Swift-DocC docs and preview them
# on 127.0.0.1. Rebuilds when sources change if fswatch/inotifywait exist.
set -euo pipefail

PORT=4010
BUILD_ONLY=0
WATCH=1
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SITE="$ROOT/build/docs-site"
SERVER_PID=""

usage() {
  cat <<EOF
usage: $(basename "$0") [-p port] [-b] [-n]
  -p PORT  port to bind on 127.0.0.1 (default $PORT)
  -b       build only, do not serve
  -n       no watch
EOF
}

while getopts ":p:bnh" opt; do
  case $opt in
    p) PORT="$OPTARG" ;;
    b) BUILD_ONLY=1 ;;
    n) WATCH=0 ;;
    h) usage; exit 0 ;;
    :) echo "-$OPTARG needs a value" >&2; exit 2 ;;
    \?) usage; exit 2 ;;
  esac
done

stop_server() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
  fi
}
trap stop_server EXIT INT TERM

build() {
  echo "[docs] building"
  swift package --allow-writing-to-directory "$SITE" \
    generate-documentation --target TrackerKit \
    --disable-indexing --transform-for-static-hosting \
    --output-path "$SITE" >/dev/null
  echo "[docs] built into ${SITE#$ROOT/}"
}

serve() {
  echo "[docs] http://127.0.0.1:$PORT/documentation/trackerkit/"
  python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$SITE" >/dev/null 2>&1 &
  SERVER_PID=$!
}

watch_loop() {
  if command -v fswatch >/dev/null; then
    fswatch -o "$ROOT/Sources" | while read -r _; do build || true; done
  elif command -v inotifywait >/dev/null; then
    while inotifywait -qq -r -e modify,create,delete "$ROOT/Sources"; do
      build || true
    done
  else
    echo "[docs] no watcher available; serving static build"
    wait "$SERVER_PID"
  fi
}

if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1024 || PORT > 65535 )); then
  echo "port must be a number between 1024 and 65535" >&2
  exit 2
fi

build
[[ $BUILD_ONLY -eq 1 ]] && exit 0
serve
if [[ $WATCH -eq 1 ]]; then
  watch_loop
else
  wait "$SERVER_PID"
fi
