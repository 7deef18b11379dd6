#!/usr/bin/env bash
# Xcode builds failing with "No space left on device": nuke every
# developer cache on the machine, for all projects.
set -uo pipefail

paths=(
  "$HOME/Library/Developer/Xcode/DerivedData"
  "$HOME/Library/Developer/CoreSimulator/Caches"
  "$HOME/Library/Caches"
  "$HOME/.npm"
  "$HOME/.cache"
  "$HOME/.gradle"
)

for p in "${paths[@]}"; do
  if [[ -d $p ]]; then
    size=$(du -sh "$p" 2>/dev/null | cut -f1)
    rm -rf "${p:?}"/*
    echo "emptied $p ($size)"
  fi
done
xcrun simctl delete unavailable 2>/dev/null || true
echo "done; free space: $(df -h "$HOME" | awk 'NR==2 {print $4}')"
