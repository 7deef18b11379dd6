#!/usr/bin/env bash
# scripts/dump-env.sh - capture the shell environment for the flaky
# "works in my terminal, fails in tilt" investigation.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${ROOT}/build/env-snapshot.txt"

mkdir -p "$(dirname "$OUT")"

# include the shell and PATH order explicitly; they differ between tilt and the terminal
echo "shell: ${SHELL:-unknown}"
echo "path entries:"
tr ':' '\n' <<<"$PATH" | sed 's/^/  /'

{
  echo "# $(date -u +%FT%TZ) $(whoami)@$(hostname)"
  env | sort
} >"$OUT"

echo "wrote ${OUT#"$ROOT"/}:"
cat "$OUT"
