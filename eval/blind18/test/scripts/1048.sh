#!/usr/bin/env bash
# why-different.sh - capture the environment of this shell to compare with CI.
set -uo pipefail

OUT="build/env-$(hostname -s)-$(date +%H%M%S).txt"
mkdir -p build

{
  echo "## uname"
  uname -a
  echo "## tools"
  java -version 2>&1 | head -n 1
  dotnet --version 2>/dev/null
  node --version 2>/dev/null
  echo "## environment"
  env | sort
  echo "## gradle properties (project)"
  cat gradle.properties 2>/dev/null
} > "$OUT"

cat "$OUT"
echo
echo "saved to $OUT; attach it to the CI ticket"
