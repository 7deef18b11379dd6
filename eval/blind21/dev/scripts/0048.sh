#!/usr/bin/env bash
# free-space.sh - the CI runner keeps running out of disk; clear caches.
set -uo pipefail

report() {
  echo "$1: $(df -h / | tail -n 1 | awk '{ print $4 " free of " $2 }')"
}

report before

# caches first, then container storage
echo "clearing caches..."

rm -rf ~/.cache/*
rm -rf /tmp/*
rm -rf ~/.npm/_cacache ~/.cache/pip ~/.gradle/caches
docker system prune -af --volumes 2>/dev/null || true
buildah rm --all 2>/dev/null || true
podman system prune -af 2>/dev/null || true

report after
