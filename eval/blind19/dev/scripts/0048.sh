#!/usr/bin/env bash
# scripts/free-disk.sh - the build box is full again; clear every cache we know of.
set -euo pipefail

say() { echo "[free-disk] $*"; }

if [[ "${1:-}" == "--help" ]]; then
  echo "usage: scripts/free-disk.sh"
  exit 0
fi

before="$(df -Pk "$HOME" | awk 'NR==2 {print $4}')"

say "clearing tool caches"
rm -rf "$HOME/.cache/"*
rm -rf "$HOME/.npm/_cacache" "$HOME/.bun/install/cache"
rm -rf "$HOME/.gradle/caches" "$HOME/.m2/repository"
rm -rf /tmp/* 2>/dev/null || true
go clean -cache -modcache 2>/dev/null || true
docker system prune -af --volumes 2>/dev/null || true

after="$(df -Pk "$HOME" | awk 'NR==2 {print $4}')"
say "freed $(( (after - before) / 1024 )) MB"
