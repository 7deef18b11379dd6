#!/usr/bin/env bash
# bench.sh - compare the JSON parser against the main branch build with hyperfine.
set -euo pipefail

OUT=bench-results
INPUTS=(tests/data/small.json tests/data/medium.json tests/data/large.json)
WORKTREE="$(mktemp -d -t bench-main-XXXXXX)"

cleanup() {
  git worktree remove --force "$WORKTREE" 2>/dev/null || true
  rm -rf "$WORKTREE"
}
trap cleanup EXIT

command -v hyperfine >/dev/null || { echo "install hyperfine first" >&2; exit 1; }

echo "building current tree"
cargo build --release --quiet
cp target/release/jparse /tmp/jparse-head

echo "building main in $WORKTREE"
git worktree add --quiet "$WORKTREE" main
( cd "$WORKTREE" && cargo build --release --quiet --target-dir "$WORKTREE/target" )
cp "$WORKTREE/target/release/jparse" /tmp/jparse-main

mkdir -p "$OUT"
for input in "${INPUTS[@]}"; do
  name="$(basename "$input" .json)"
  hyperfine --warmup 3 --runs 20 \
    --export-markdown "$OUT/$name.md" \
    --export-json "$OUT/$name.json" \
    -n main "/tmp/jparse-main $input" \
    -n head "/tmp/jparse-head $input"
done

rm -f /tmp/jparse-head /tmp/jparse-main
cat "$OUT"/*.md
