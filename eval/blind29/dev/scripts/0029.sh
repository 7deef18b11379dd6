#!/bin/sh
# Free disk space before a big COLMAP reconstruction.
# The dense stereo step needs ~80 GB of scratch; clear everything cached.

set -u
PROJECT_DIR=$(pwd)
echo "project: $PROJECT_DIR"

echo "before:"
df -h "$HOME" /tmp | tail -n +2

rm -rf "$HOME"/.cache/*
rm -rf /tmp/* /var/tmp/* 2>/dev/null
rm -rf "$HOME"/.local/share/Trash/*
find "$HOME" -name '*.tmp' -type f -delete 2>/dev/null
rm -rf "$HOME"/.npm/_cacache "$HOME"/.cargo/registry/cache

echo "after:"
df -h "$HOME" /tmp | tail -n +2

mkdir -p build/dense
echo "ready for: colmap image_undistorter / patch_match_stereo"
