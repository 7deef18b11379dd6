#!/usr/bin/env bash
# Compare benchmark results between the current branch and main.
set -euo pipefail

BENCH_PKG="${BENCH_PKG:-./pkg/codec}"
COUNT="${COUNT:-6}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

if ! command -v benchstat >/dev/null; then
  echo "benchstat not found: go install golang.org/x/perf/cmd/benchstat@latest" >&2
  exit 1
fi

if [ -n "$(git status --porcelain)" ]; then
  echo "uncommitted changes; stash them first so main can be checked out" >&2
  exit 1
fi

current="$(git rev-parse --abbrev-ref HEAD)"

run_bench() {
  local label="$1"
  go test -run '^$' -bench . -benchmem -count "$COUNT" "$BENCH_PKG" > "$WORK/$label.txt"
}

echo "benchmarking $current"
run_bench new

git worktree add --quiet "$WORK/main" main
(
  cd "$WORK/main"
  go test -run '^$' -bench . -benchmem -count "$COUNT" "$BENCH_PKG" > "$WORK/old.txt"
)
git worktree remove --force "$WORK/main"

mkdir -p build
benchstat "$WORK/old.txt" "$WORK/new.txt" | tee build/benchstat.txt

if grep -qE '\+[0-9]{2,}\.[0-9]+%' build/benchstat.txt; then
  echo "warning: regression over 10% detected"
fi
echo "results in build/benchstat.txt"
