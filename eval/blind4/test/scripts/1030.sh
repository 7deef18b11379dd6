#!/usr/bin/env bash
# scripts/fresh-checkout.sh - make the working tree look like a fresh clone so
# that "works on my machine" bugs can be reproduced.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

branch="$(git rev-parse --abbrev-ref HEAD)"
echo "resetting $ROOT on branch $branch"

# drop every untracked and ignored file (node_modules, .env, build output,
# local databases, editor settings ...)
git clean -ffdx

# throw away local modifications to tracked files
git checkout -- .

# nested submodules too
git submodule foreach --recursive 'git clean -ffdx && git checkout -- .'

# remove generated sources that are tracked but rebuilt by codegen
find src -type f -name '*.generated.*' -delete
find . -path ./.git -prune -o -type d -name 'generated' -print -exec rm -rf {} +

echo "reinstalling dependencies"
if [[ -f package-lock.json ]]; then
  npm ci
elif [[ -f pnpm-lock.yaml ]]; then
  pnpm install --frozen-lockfile
fi

if [[ -f Makefile ]] && grep -q '^codegen:' Makefile; then
  make codegen
fi

echo "tree is now equivalent to a fresh clone of $branch"
git status --short | head -20
