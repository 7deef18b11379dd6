#!/usr/bin/env bash
# nuke-caches.sh - when the disk is full, drop every package manager cache.
set -u

echo "before: $(df -h "$HOME" | awk 'NR==2 {print $4}') free"

rm -rf "$HOME/.cache/"*
rm -rf "$HOME/.npm/_cacache" "$HOME/.yarn/berry/cache" "$HOME/.pnpm-store"
rm -rf "$HOME/.gradle/caches" "$HOME/.m2/repository"
rm -rf "$HOME/.cargo/registry/cache" "$HOME/.cargo/git/db"
rm -rf /tmp/* 2>/dev/null

if command -v go >/dev/null; then
  go clean -modcache
fi
if command -v docker >/dev/null; then
  docker image prune -af
fi

echo "after: $(df -h "$HOME" | awk 'NR==2 {print $4}') free"
