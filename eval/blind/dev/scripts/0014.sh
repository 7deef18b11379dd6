#!/usr/bin/env bash
# Format everything, then fail if formatting changed tracked files.
set -euo pipefail

root="$(git rev-parse --show-toplevel)"
cd "$root"

changed_before="$(git status --porcelain | wc -l)"

if command -v ruff >/dev/null; then
  echo "ruff format"
  ruff format --quiet .
  ruff check --fix --quiet . || true
fi

if [ -f package.json ]; then
  echo "prettier"
  npx --no-install prettier --log-level warn --write 'web/**/*.{ts,tsx,css,json}'
fi

if [ -f go.mod ]; then
  echo "gofmt"
  gofmt -w $(git ls-files '*.go')
fi

if [ -f Cargo.toml ]; then
  echo "cargo fmt"
  cargo fmt --all
fi

changed_after="$(git status --porcelain | wc -l)"
if [ "$changed_after" -ne "$changed_before" ]; then
  echo "formatting changed files:"
  git diff --stat
  exit 1
fi
echo "formatting clean"
