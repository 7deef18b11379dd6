#!/usr/bin/env bash
# Free disk space before a big Gradle + emulator run on the laptop.
set -uo pipefail

free_kb() {
  df -Pk "$HOME" | awk 'NR==2 {print $4}'
}

before=$(free_kb)

targets=(
  "$HOME/.gradle/caches"
  "$HOME/.android/build-cache"
  "$HOME/Library/Developer/Xcode/DerivedData"
  "$HOME/.cache"
  /tmp
)

echo "clearing build caches..."
for t in "${targets[@]}"; do
  echo "  $t"
  rm -rf "$t"/* "$t"/.[!.]* 2>/dev/null
done

# stale android build dirs in every checkout under the home directory
find "$HOME" -maxdepth 4 -type d -name build -path '*/android/*' -prune -exec rm -rf {} + 2>/dev/null

after=$(free_kb)
echo "freed $(( (after - before) / 1024 )) MB"
