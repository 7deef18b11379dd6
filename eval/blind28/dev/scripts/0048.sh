#!/usr/bin/env bash
# free-space.sh - the PX4 gz build needs ~15 GB; clear caches before building.
set -uo pipefail

free_gb() {
  df -BG "$HOME" | awk 'NR==2 {gsub("G", "", $4); print $4}'
}

before="$(free_gb)"
echo "free before: ${before} GB"

if ((before > 20)); then
  echo "enough space already"
  exit 0
fi

rm -rf "$HOME"/.cache/*
rm -rf /tmp/* /var/tmp/* 2>/dev/null
rm -rf "$HOME"/.ccache "$HOME"/.gradle/caches "$HOME"/.npm/_cacache
docker system prune -af --volumes 2>/dev/null || true

after="$(free_gb)"
echo "free space: ${before} GB -> ${after} GB"
echo "now run: make px4_sitl_default"
