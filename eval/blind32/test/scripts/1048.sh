#!/usr/bin/env bash
# ci-env-snapshot.sh - capture the full environment of a failing test job so
# it can be compared with a developer machine.
set -euo pipefail

OUT="build/env-snapshot-$(hostname -s).txt"
mkdir -p build

{
  echo "# $(date -u +%FT%TZ) on $(hostname -f)"
  echo "# shell: $BASH_VERSION"
  echo
  env | sort
  echo
  echo "# exported functions"
  declare -F
} > "$OUT"

cat "$OUT"
echo "saved $OUT"
