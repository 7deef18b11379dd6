#!/usr/bin/env bash
# Free disk space on a dev box before a large Xcode build.
set -uo pipefail

targets=(
  "$HOME/Library/Developer/Xcode/DerivedData"
  "$HOME/Library/Caches"
  "$HOME/.cache"
  "${TMPDIR:-/tmp}"
)

before="$(df -k / | awk 'NR==2 {print $4}')"

for t in "${targets[@]}"; do
  [[ -d "$t" ]] || continue
  echo "clearing $t"
  find "$t" -mindepth 1 -maxdepth 1 -exec rm -rf {} + 2>/dev/null
done

xcrun simctl delete unavailable 2>/dev/null || true

after="$(df -k / | awk 'NR==2 {print $4}')"
echo "freed $(( (after - before) / 1024 )) MiB"
