#!/usr/bin/env bash
# deep-clean.sh - when dependency resolution acts up, throw away every
# build-tool cache for the user so everything is fetched fresh.
set -u

targets=(
  "$HOME/.cache"
  "$HOME/.npm"
  "$HOME/.pnpm-store"
  "$HOME/.gradle/caches"
  "$HOME/.m2/repository"
  "$HOME/.cargo/registry"
)

for t in "${targets[@]}"; do
  if [[ -e "$t" ]]; then
    echo "removing $t"
    rm -rf "$t"
  fi
done

echo "all tool caches removed"
