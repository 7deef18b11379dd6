#!/usr/bin/env bash
# free disk space before a big cmake build: nuke every cache we can find
set -uo pipefail

echo "disk before:"
df -h "$HOME" | tail -n 1

rm -rf "$HOME/.cache/"*
rm -rf "$HOME/.gradle/caches"
rm -rf "$HOME/.m2/repository"
rm -rf "$HOME/.conan2/p"
find /tmp -maxdepth 1 -user "$(id -u)" -mtime +0 -exec rm -rf {} + 2>/dev/null

if command -v docker >/dev/null; then
  docker builder prune -af >/dev/null 2>&1 || true
fi

echo "disk after:"
df -h "$HOME" | tail -n 1
echo "caches cleared; first build will re-download dependencies"
exit 0
