#!/usr/bin/env bash
# scripts/free-space.sh — the CI runner image and laptops keep filling up; clear
# all container and build caches on the machine before a big build.
set -euo pipefail

echo "docker: dangling images, build cache, stopped containers"
docker container prune -f
docker image prune -a -f
docker builder prune -a -f

echo "language caches"
rm -rf "${XDG_CACHE_HOME:-$HOME/.cache}"/*
rm -rf "$HOME/.npm" "$HOME/.yarn/berry/cache" "$HOME/.bun/install/cache"
rm -rf "$HOME/go/pkg/mod/cache"

echo "temp"
rm -rf /tmp/* 2>/dev/null || true

echo "free space now:"
df -h "$HOME" | tail -n 1
