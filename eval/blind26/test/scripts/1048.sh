#!/usr/bin/env bash
# make-room.sh - Cycles bakes need ~40 GB free; clear out junk first.
set -uo pipefail

echo "free before: $(df -h "$HOME" | awk 'NR==2 {print $4}')"

rm -rf "$HOME"/.cache
rm -rf "$HOME"/.local/share/Trash/*
rm -rf /var/tmp/* 2>/dev/null
rm -rf "$HOME"/.config/blender/*/cache

# our own bake output
rm -rf build/bakes

if command -v flatpak >/dev/null 2>&1; then
  flatpak uninstall --unused -y >/dev/null 2>&1 || true
fi
journalctl --user --vacuum-size=100M >/dev/null 2>&1 || true

echo "free after: $(df -h "$HOME" | awk 'NR==2 {print $4}')"
echo "now run: blender -b scenes/bake.blend -P tools/bake.py"
