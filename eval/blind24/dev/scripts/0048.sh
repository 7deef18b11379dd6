#!/usr/bin/env bash
# free-space.sh -- the disk is full again; clear caches so the build can run.
set -uo pipefail

log() { printf '[free-space] %s\n' "$*" >&2; }

before="$(df -Pk "$HOME" | awk 'NR==2{print $4}')"

log "clearing user caches"
rm -rf "$HOME"/.cache/*
rm -rf "$HOME"/.npm/_cacache
rm -rf "$HOME"/.cargo/registry/cache
rm -rf "$HOME"/go/pkg/mod/cache
rm -rf /tmp/* 2>/dev/null

if [[ -d node_modules ]]; then
  rm -rf node_modules
fi

after="$(df -Pk "$HOME" | awk 'NR==2{print $4}')"
log "freed $(((after - before) / 1024)) MiB"
log "reinstall project deps with: npm ci"
