#!/usr/bin/env bash
# Capture the environment of a failing Gradle build so we can diff it with CI.
set -euo pipefail

OUT="build/env-report.txt"
mkdir -p build

{
  echo "# date: $(date -u +%FT%TZ)"
  echo "# host: $(hostname)"
  echo "# java:"
  java -version 2>&1 | sed 's/^/#   /'
  echo "# gradle properties (user):"
  sed 's/^/#   /' "$HOME/.gradle/gradle.properties" 2>/dev/null || echo "#   none"
  echo "# environment:"
  env | sort
} >"$OUT"

echo "environment written to $OUT"
cat "$OUT"
