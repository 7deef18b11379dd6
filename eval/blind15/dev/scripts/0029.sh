#!/usr/bin/env bash
# ci-debug.sh - collect context for a CI job that only fails on the runner.
set -u

OUT="ci-debug"
mkdir -p "$OUT"

{
  echo "## uname"
  uname -a
  echo
  echo "## tool versions"
  node --version 2>/dev/null
  python3 --version 2>/dev/null
  cargo --version 2>/dev/null
  echo
  echo "## environment"
  env | sort
} | tee "$OUT/context.txt"

echo
echo "context written to $OUT/context.txt (attach it to the issue)"
