#!/usr/bin/env bash
# Debug why `npm publish` to the private registry returns 401.
set -uo pipefail

REGISTRY="${NPM_REGISTRY:-https://registry.npmjs.org/}"
PKG_NAME="$(node -p "require('./package.json').name")"
PKG_VERSION="$(node -p "require('./package.json').version")"

section() { printf '\n== %s\n' "$1"; }

section "package"
echo "name:     $PKG_NAME"
echo "version:  $PKG_VERSION"
echo "registry: $REGISTRY"

section "npm config"
npm config get registry
npm config get always-auth 2>/dev/null || true

section "auth"
if [ -n "${NPM_TOKEN:-}" ]; then
  echo "NPM_TOKEN is set (${#NPM_TOKEN} chars)"
  echo "NPM_TOKEN=$NPM_TOKEN"
else
  echo "NPM_TOKEN is not set"
fi

if [ -f "$HOME/.npmrc" ]; then
  echo "--- ~/.npmrc"
  cat "$HOME/.npmrc"
fi

if [ -f .npmrc ]; then
  echo "--- ./.npmrc"
  cat .npmrc
fi

section "whoami"
npm whoami --registry "$REGISTRY" 2>&1 || echo "whoami failed"

section "dist-tags"
npm view "$PKG_NAME" dist-tags --registry "$REGISTRY" 2>&1 || true

section "dry run"
npm publish --dry-run --registry "$REGISTRY" 2>&1 | tail -20

section "done"
echo "compare the token above with the one in the registry UI"
