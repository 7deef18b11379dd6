#!/usr/bin/env bash
# tmp_format_all.sh - format every language in the repo
set -euo pipefail
cargo fmt --all
gofmt -w $(git ls-files '*.go')
npx prettier --write 'web/**/*.{ts,tsx,css,json}'
ruff format scripts/ tools/
git diff --stat
