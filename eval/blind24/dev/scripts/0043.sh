#!/usr/bin/env bash
# bootstrap-js.sh -- install JS toolchain bits for this repo (corepack, pnpm,
# global CLIs used by scripts) and point package managers at the team mirror.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

log() { printf '[bootstrap-js] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

NODE_MAJOR_REQUIRED=20
GLOBAL_CLIS=(svgo lighthouse pa11y)

declare -A REGISTRY=(
  [default]="https://registry.npmjs.org/"
  [mirror]="https://npm-mirror.example.net/"
)
declare -A SCOPE_REGISTRY=(
  [@acme]="mirror"
)
MODE="${REGISTRY_MODE:-mirror}"

check_node() {
  command -v node >/dev/null || die "node is not installed"
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  ((major >= NODE_MAJOR_REQUIRED)) || die "node $major < $NODE_MAJOR_REQUIRED"
}

enable_corepack() {
  if command -v corepack >/dev/null; then
    corepack enable --install-directory "$ROOT/.tools/bin" 2>/dev/null || corepack enable
    log "corepack enabled"
  fi
}

configure_registry() {
  local url="${REGISTRY[$MODE]}" scope
  [[ -n "$url" ]] || die "unknown registry mode $MODE"
  npm config set registry "$url" --location=user
  for scope in "${!SCOPE_REGISTRY[@]}"; do
    npm config set "$scope:registry" "${REGISTRY[${SCOPE_REGISTRY[$scope]}]}" --location=user
  done
  log "npm registry: $url"
}

install_globals() {
  local cli
  for cli in "${GLOBAL_CLIS[@]}"; do
    if command -v "$cli" >/dev/null; then
      log "$cli already available"
    else
      npm i -g "$cli" >/dev/null && log "installed $cli"
    fi
  done
}

install_deps() {
  if [[ -f pnpm-lock.yaml ]]; then
    pnpm install --frozen-lockfile 2>&1 | tail -n 15
  elif [[ -f package-lock.json ]]; then
    npm ci 2>&1 | tail -n 15
  fi
}

check_node
enable_corepack
configure_registry
install_globals
install_deps
log "done; run 'pnpm dev' to start"
