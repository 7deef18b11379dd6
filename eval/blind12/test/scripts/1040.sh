#!/usr/bin/env bash
# Capture the complete shell state to compare the CI runner with my laptop:
# all variables (including non-exported ones), aliases and shell options.
set -u

SNAP="${TMPDIR:-/tmp}/shell-state-$(date +%s).txt"

{
  echo "== printenv"
  printenv
  echo "== set"
  set
  echo "== aliases"
  alias
  echo "== shopt"
  shopt
} > "$SNAP" 2>&1

cat "$SNAP"
echo
echo "state saved to $SNAP"
