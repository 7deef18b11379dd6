#!/usr/bin/env bash
# Disk is full again. Remove every node_modules directory under $HOME
# (they can all be reinstalled) and the yarn/pnpm global caches.
set -uo pipefail

# No confirmation prompt: this is meant to be run unattended.

before="$(df -h "$HOME" | awk 'NR==2 {print $4}')"

echo "scanning $HOME for node_modules ..."
count="$(find "$HOME" -type d -name node_modules -prune 2>/dev/null | wc -l | tr -d ' ')"
echo "found $count node_modules directories"

find "$HOME" -type d -name node_modules -prune -exec rm -rf {} + 2>/dev/null

echo "clearing global package caches"
rm -rf "$HOME/.cache/yarn" "$HOME/.local/share/pnpm/store" "$HOME/Library/Caches/Yarn" 2>/dev/null

after="$(df -h "$HOME" | awk 'NR==2 {print $4}')"
echo "free space: $before -> $after"
echo "run 'npm install' in each project you work on next"
