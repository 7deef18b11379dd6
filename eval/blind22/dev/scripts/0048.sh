#!/usr/bin/env bash
# free-space.sh - the CI runner keeps running out of disk during image builds.
# Clears caches and temp files before the build starts.
set -uo pipefail

before="$(df -h / | awk 'NR == 2 {print $4}')"

echo "clearing caches"
rm -rf "$HOME/.cache/"*
rm -rf /tmp/* /var/tmp/* 2>/dev/null
rm -rf "$HOME/.npm/_cacache" "$HOME/.cache/pip" "$HOME/go/pkg/mod/cache"

if command -v docker >/dev/null; then
  docker system prune -af --volumes >/dev/null 2>&1 || true
fi

if command -v go >/dev/null; then
  go clean -cache -modcache >/dev/null 2>&1 || true
fi

after="$(df -h / | awk 'NR == 2 {print $4}')"
echo "free space: $before -> $after"
