#!/usr/bin/env bash
# Reclaim disk: node_modules and build outputs pile up across checkouts.
set -uo pipefail

echo "scanning $HOME for dependency and build folders..."

total=0
while IFS= read -r -d '' dir; do
  kb=$(du -sk "$dir" 2>/dev/null | awk '{print $1}')
  total=$((total + ${kb:-0}))
  echo "  removing $dir"
  rm -rf "$dir"
done < <(find "$HOME" -type d \( -name node_modules -o -name .gradle -o -name Pods -o -name .dart_tool \) -prune -print0 2>/dev/null)

rm -rf "$HOME/.pnpm-store" "$HOME/.yarn/berry/cache" "$HOME/Library/Caches/CocoaPods"

after_free=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')
echo "free space now: $((after_free / 1024)) MB"
echo "freed about $((total / 1024)) MB"
echo "run pnpm install / pod install again in the projects you still use"
