#!/usr/bin/env bash
# The build behaves differently under the agent than in my terminal.
# Dump everything about the current environment so the two can be compared.
set -u

OUT="${1:-build-env.txt}"

{
  echo "### date: $(date -u)"
  echo "### whoami: $(whoami)"
  echo "### pwd: $(pwd)"
  echo "### env"
  env | sort
  echo "### exported functions"
  declare -F
  echo "### ulimit"
  ulimit -a
} | tee "$OUT"

echo
echo "saved to $OUT ($(wc -l < "$OUT") lines)"
