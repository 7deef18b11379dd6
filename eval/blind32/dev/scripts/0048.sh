#!/usr/bin/env bash
# free-space.sh - reclaim disk before the big video render.
# Renders need ~40 GB of scratch space; this clears caches and temp files.
set -uo pipefail

before="$(df -P "$HOME" | awk 'NR==2 {print $4}')"

echo "clearing user caches"
rm -rf "$HOME"/.cache/*
rm -rf "$HOME"/.npm/_cacache
rm -rf "$HOME"/.local/share/Trash/*

echo "clearing temp directories"
rm -rf /tmp/* /var/tmp/* 2>/dev/null

echo "clearing project build output"
rm -rf build/ .render-cache/

after="$(df -P "$HOME" | awk 'NR==2 {print $4}')"
echo "freed $(( (after - before) / 1024 )) MiB"
