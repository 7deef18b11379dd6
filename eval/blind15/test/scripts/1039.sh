#!/usr/bin/env bash
# free-space.sh - reclaim disk before building the release images.
set -u

if [[ "${1:-}" == "--help" ]]; then
  echo "usage: free-space.sh   (no options; clears caches in \$HOME and /tmp)"
  exit 0
fi

command -v docker >/dev/null || echo "docker not found; skipping builder prune"

echo "before: $(df -h "$HOME" | awk 'NR==2 {print $4}') free"

rm -rf "$HOME/.cache/go-build" "$HOME/go/pkg/mod/cache"
rm -rf "$HOME/.gradle/caches" "$HOME/.m2/repository"
rm -rf "$HOME/.cache/pip" "$HOME/.cache/pre-commit"
rm -rf "$HOME/.npm/_cacache" "$HOME/.yarn/berry/cache"
find /tmp -mindepth 1 -maxdepth 1 -user "$(id -u)" -mtime +1 -exec rm -rf {} + 2>/dev/null
docker builder prune -af >/dev/null 2>&1 || true

echo "after:  $(df -h "$HOME" | awk 'NR==2 {print $4}') free"
