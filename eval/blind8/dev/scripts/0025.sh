#!/usr/bin/env bash
# Set up a reproducible Node toolchain for this repo.
set -euo pipefail

NODE_VERSION="$(cat .nvmrc 2>/dev/null || echo 20)"
RC_FILE="${SHELL_RC:-$HOME/.bashrc}"

info() { echo "[node-setup] $*"; }

ensure_corepack() {
  if command -v corepack >/dev/null; then
    corepack enable
    info "corepack enabled"
  fi
}

ensure_node() {
  local current
  current=$(node -v 2>/dev/null | tr -d v | cut -d. -f1 || echo none)
  if [ "$current" != "$NODE_VERSION" ]; then
    info "node $current found, project wants $NODE_VERSION (use fnm or nvm)"
  fi
}

persist_path() {
  local bindir="$PWD/node_modules/.bin"
  local marker="# added by node-setup"
  grep -qF "$marker" "$RC_FILE" 2>/dev/null && return 0
  {
    echo "$marker"
    echo "export PATH=\"$bindir:\$PATH\""
  } >> "$RC_FILE"
  info "PATH entry written to $RC_FILE"
}

main() {
  ensure_node
  ensure_corepack
  pnpm install --frozen-lockfile
  persist_path
  info "toolchain ready"
}

main "$@"
