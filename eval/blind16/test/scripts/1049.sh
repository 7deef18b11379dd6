#!/usr/bin/env bash
# Debug helper: why does `pnpm nx serve` behave differently in the IDE terminal?
# Records the full shell state of this terminal for comparison.
set -uo pipefail

OUT_DIR="tmp/shell-state"
mkdir -p "$OUT_DIR"
STAMP="$(date +%H%M%S)"

{
  echo "## shell: $SHELL ($BASH_VERSION)"
  echo "## node: $(node --version 2>/dev/null || echo none)"
  echo "## pnpm: $(pnpm --version 2>/dev/null || echo none)"
  echo "## variables"
  declare -p 2>/dev/null | grep -v '^declare -[aAir]* BASH_'
  echo "## exported"
  printenv
} | tee "$OUT_DIR/state-$STAMP.txt"

echo "saved to $OUT_DIR/state-$STAMP.txt; compare with: diff tmp/shell-state/state-*.txt"
