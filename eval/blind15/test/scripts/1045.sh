#!/usr/bin/env bash
# fix-money-rounding.sh - pull in the patched money library while upstream
# reviews the rounding fix, then rerun the affected tests.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

UPSTREAM="github.com/acme-oss/money"
PATCH_HOST="gomod.example.com"
PATCH_PATH="forks/money"
PATCH_VERSION="v1.7.3-rounding.1"

current_version() {
  go list -m -f '{{.Version}}' "$UPSTREAM" 2>/dev/null || echo "not required"
}

apply_replace() {
  local target
  printf -v target '%s/%s@%s' "$PATCH_HOST" "$PATCH_PATH" "$PATCH_VERSION"
  go mod edit -replace "$UPSTREAM=$target"
  GOFLAGS=-mod=mod GONOSUMDB="$PATCH_HOST" GOPRIVATE="$PATCH_HOST" go mod tidy
}

run_tests() {
  go test ./internal/money/... ./internal/ledger/... -run 'Round|Split|Allocate' -count=1
}

show_diff() {
  git --no-pager diff --stat -- go.mod go.sum
  grep -n 'replace' go.mod || true
}

ensure_clean() {
  if [[ -n "$(git status --porcelain -- go.mod go.sum)" ]]; then
    echo "go.mod/go.sum already modified; commit or stash first" >&2
    exit 1
  fi
}

affected_packages() {
  # which of our packages import the money library
  go list -f '{{.ImportPath}} {{join .Imports " "}}' ./... 2>/dev/null \
    | awk -v m="$UPSTREAM" 'index($0, m) { print "  " $1 }'
}

remove_replace() {
  go mod edit -dropreplace "$UPSTREAM"
  go mod tidy
  echo "replace removed; back on upstream $(current_version)"
}

if [[ "${1:-}" == "--undo" ]]; then
  remove_replace
  exit 0
fi

main() {
  ensure_clean
  echo "upstream $UPSTREAM currently at $(current_version)"
  echo "packages using it:"
  affected_packages
  apply_replace
  show_diff
  run_tests
  echo "patched money library in place; commit go.mod/go.sum with the fix"
}

main "$@"
