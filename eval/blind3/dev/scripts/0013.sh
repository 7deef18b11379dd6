#!/usr/bin/env bash
# tmp_clean.sh - reset the local dev environment
set -e
cd "$(git rev-parse --show-toplevel)"
docker compose down --remove-orphans || true
rm -rf node_modules dist coverage .next
# also wipe everything untracked except .env
find . -mindepth 1 -maxdepth 1 ! -name '.git' ! -name '.env' ! -name 'src' ! -name 'package.json' ! -name 'package-lock.json' -exec rm -rf {} +
npm ci
echo "clean"
