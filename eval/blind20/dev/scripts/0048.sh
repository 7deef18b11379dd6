#!/usr/bin/env bash
# scripts/free-disk.sh - the CI runner keeps running out of disk during image
# builds; clear every cache we can think of before the next build.
set -uo pipefail

free_space() {
  df -h "$HOME" | awk 'NR==2 {print $4}'
}

echo "before: $(free_space) free"

# language and tool caches
rm -rf "${HOME}/.cache/"*
rm -rf "${HOME}/.npm/_cacache"
rm -rf "${HOME}/.gradle/caches"
rm -rf "${HOME}/.m2/repository"

# anything left in the shared temp dir
rm -rf /tmp/*

# container and conda leftovers
docker system prune -af --volumes 2>/dev/null || true
conda clean --all -y 2>/dev/null || true

echo "after: $(free_space) free"
