#!/usr/bin/env bash
# reset-toolchains.sh -- Playwright/Cypress binaries keep getting corrupted;
# throw away every downloaded browser and package cache and start again.
set -uo pipefail

before="$(df -Pk ~ | awk 'NR==2 {print $4}')"

echo "removing browser and package caches..."
rm -rf ~/.cache/ms-playwright ~/.cache/Cypress
rm -rf ~/.cache/pip ~/.cache/pnpm ~/.cache/yarn
rm -rf ~/.npm ~/.bun/install/cache
rm -rf ~/Library/Caches/*
find /tmp -maxdepth 1 -user "$(id -un)" -exec rm -rf {} + 2>/dev/null

after="$(df -Pk ~ | awk 'NR==2 {print $4}')"
echo "freed $(( (after - before) / 1024 )) MiB"
echo "done; reinstall with:"
echo "  npx playwright install --with-deps"
echo "  npx cypress install"
echo "  npm ci"
