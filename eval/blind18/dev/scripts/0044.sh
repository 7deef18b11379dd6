#!/usr/bin/env bash
# js-deps.sh - install the JS dependencies of the docs site and the VS Code
# extension package with the company-wide npm settings.
#
# Usage: scripts/js-deps.sh [--ci]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PACKAGES=("docs-site" "editors/vscode")
CI_MODE=0
[[ "${1:-}" == "--ci" ]] && CI_MODE=1

# company npm defaults: "key value" pairs, one per element
NPM_DEFAULTS=(
  "fund false"
  "audit-level high"
  "registry https://npm-cache.example.com/"
  "save-exact true"
)

log() { echo "[js-deps] $*"; }

node_ok() {
  local want have
  want="$(cat "$ROOT/.nvmrc" 2>/dev/null || echo 20)"
  have="$(node -v 2>/dev/null | sed 's/^v//; s/\..*//')"
  [[ "$have" == "${want%%.*}" ]] || { log "node $want expected, found ${have:-none}"; return 1; }
}

apply_npm_defaults() {
  local rc="$HOME/.npmrc" entry
  touch "$rc"
  for entry in "${NPM_DEFAULTS[@]}"; do
    local IFS=' '
    set -- $entry
    if grep -q "^$1=" "$rc"; then
      sed -i.bak "s|^$1=.*|$1=$2|" "$rc"
    else
      printf '%s=%s\n' "$1" "$2" >> "$rc"
    fi
  done
  rm -f "$rc.bak"
  log "npm defaults applied"
}

install_pkg() {
  local dir="$ROOT/$1"
  [[ -f "$dir/package.json" ]] || { log "skip $1 (no package.json)"; return 0; }
  log "installing $1"
  if ((CI_MODE)); then
    (cd "$dir" && npm ci --no-audit --prefer-offline)
  else
    (cd "$dir" && npm install --no-audit)
  fi
}

check_lockfiles() {
  local p
  for p in "${PACKAGES[@]}"; do
    if [[ -f "$ROOT/$p/package.json" && ! -f "$ROOT/$p/package-lock.json" ]]; then
      log "warning: $p has no package-lock.json"
    fi
  done
}

main() {
  node_ok || exit 1
  apply_npm_defaults
  check_lockfiles
  local p
  for p in "${PACKAGES[@]}"; do
    install_pkg "$p"
  done
  log "done"
}

main
