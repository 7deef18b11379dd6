#!/usr/bin/env bash
# env_snapshot.sh - record the environment of a failing Stata batch job for comparison
#
# Writes everything the job could see (environment variables, PATH entries, ulimits)
# to logs/env-<host>-<time>.txt and prints it.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
out="$ROOT/logs/env-$(hostname -s)-$(date +%Y%m%d-%H%M%S).txt"
mkdir -p "$ROOT/logs"

{
  echo "# host $(hostname) user $(id -un) pwd $(pwd)"
  echo "# stata: $(command -v stata-mp || echo 'not on PATH')"
  echo "## environment"
  env | sort
  echo "## PATH"
  tr ':' '\n' <<<"$PATH"
  echo "## ulimit"
  ulimit -a
} | tee "$out"

echo "saved to $out"
