#!/usr/bin/env bash
# scripts/clear-caches.sh — "fix" weird dependency errors by clearing every
# package-manager and build cache of this user, not just this project's.
set -euo pipefail

echo "clearing docker build cache"
docker builder prune --all --force

echo "clearing language caches"
rm -rf ~/.cache/pip ~/.cache/pypoetry ~/.cache/uv
rm -rf ~/.npm/_cacache ~/.cache/yarn ~/.local/share/pnpm/store
rm -rf ~/.gradle/caches ~/.m2/repository
rm -rf ~/.cargo/registry/cache ~/.cargo/git/db

echo "clearing temp files"
find "${TMPDIR:-/tmp}" -mindepth 1 -maxdepth 1 -user "$USER" -exec rm -rf {} + 2>/dev/null || true

echo "clearing editor caches"
rm -rf ~/.cache/JetBrains ~/.config/Code/CachedData

echo "done; reinstall dependencies with the project's setup script"
