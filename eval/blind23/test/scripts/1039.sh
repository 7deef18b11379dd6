#!/usr/bin/env bash
#
# low-disk.sh - emergency cleanup when the build box runs out of space.
#
set -u

before=$(df --output=avail -B1M "$HOME" | tail -n1)

find /tmp /var/tmp -maxdepth 1 -user "$(id -u)" -mtime +0 -exec rm -rf {} + 2>/dev/null
rm -rf "$HOME/.cache/vcpkg" "$HOME/.cache/clangd" "$HOME/.cache/ccache"
rm -rf "$HOME/.conan2/p" "$HOME/.conan2/b"
rm -rf "$HOME/.cache/bazel" "$HOME/.gradle/caches" "$HOME/.m2/repository"
command -v docker >/dev/null && docker builder prune --all --force >/dev/null
if command -v go >/dev/null; then
  go clean -cache -modcache
fi
if command -v npm >/dev/null; then
  npm cache clean --force >/dev/null 2>&1
fi

after=$(df --output=avail -B1M "$HOME" | tail -n1)
echo "freed $(( after - before )) MiB"
