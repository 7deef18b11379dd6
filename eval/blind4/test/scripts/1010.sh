#!/usr/bin/env bash
# scripts/clean-jvm.sh - remove Gradle/Maven build output from all modules of
# this multi-module repo. Does not touch ~/.gradle or ~/.m2.
# Usage: scripts/clean-jvm.sh [-n]   (-n = dry run)
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DRY=0
[[ "${1:-}" == "-n" ]] && DRY=1

cd "$ROOT"

if [[ ! -f settings.gradle.kts && ! -f settings.gradle && ! -f pom.xml ]]; then
  echo "no Gradle or Maven build found in $ROOT" >&2
  exit 1
fi

targets=()
while IFS= read -r -d '' d; do
  targets+=("$d")
done < <(find . -path ./.git -prune -o \
  \( -type d \( -name build -o -name target -o -name .gradle -o -name out \) \
     -exec test -e '{}/../build.gradle.kts' -o -e '{}/../build.gradle' -o -e '{}/../pom.xml' \; \
     -print0 -prune \))

if (( ${#targets[@]} == 0 )); then
  echo "nothing to clean"
  exit 0
fi

total=0
for t in "${targets[@]}"; do
  size=$(du -sk "$t" | cut -f1)
  total=$((total + size))
  if (( DRY )); then
    echo "would remove $t (${size} KiB)"
  else
    echo "removing $t (${size} KiB)"
    rm -rf -- "$t"
  fi
done

echo "$(( total / 1024 )) MiB $([[ $DRY -eq 1 ]] && echo 'would be ' )freed"

if (( ! DRY )) && [[ -x ./gradlew ]]; then
  ./gradlew --stop >/dev/null 2>&1 || true
fi
