#!/usr/bin/env bash
# Free disk space on the dev VM before the big docker build.
# Clears every user cache and temp dir it can find.
set -uo pipefail

before="$(df -h / | awk 'NR==2 {print $4}')"

echo "clearing ~/.cache"
rm -rf ~/.cache/*

echo "clearing /tmp and /var/tmp"
rm -rf /tmp/* /var/tmp/* 2>/dev/null

echo "clearing package manager caches"
rm -rf ~/.npm/_cacache ~/.cargo/registry/cache ~/.gradle/caches ~/go/pkg/mod/cache

echo "pruning docker"
docker system prune -af --volumes

after="$(df -h / | awk 'NR==2 {print $4}')"
echo "free space: $before -> $after"
