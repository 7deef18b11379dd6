#!/usr/bin/env bash
# Build the frontend bundle and package it for the release job.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$ROOT/dist"
PKG_DIR="$ROOT/artifacts"
VERSION="$(node -p "require('$ROOT/package.json').version")"

log() { printf '[build] %s\n' "$*" >&2; }

cd "$ROOT"

log "cleaning previous output"
rm -rf ./dist ./artifacts ./.cache/vite

log "installing dependencies from lockfile"
npm ci --no-audit --no-fund

log "running type check and lint"
npx tsc --noEmit -p tsconfig.json
npx eslint 'src/**/*.{ts,tsx}' --max-warnings 0

log "building version $VERSION"
NODE_ENV=production npx vite build --outDir "$DIST"

if [[ ! -f "$DIST/index.html" ]]; then
  log "build did not produce index.html"
  exit 1
fi

mkdir -p "$PKG_DIR"
tar -C "$DIST" -czf "$PKG_DIR/frontend-$VERSION.tar.gz" .
( cd "$PKG_DIR" && sha256sum "frontend-$VERSION.tar.gz" > "frontend-$VERSION.tar.gz.sha256" )

log "artifact sizes:"
du -sh "$PKG_DIR"/* >&2
log "done"
