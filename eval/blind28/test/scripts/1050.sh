#!/usr/bin/env bash
#
# Usage: tools/get-dbc.sh
# The files are community reverse-engineered DBCs for the demo cars.
# They are written to dbc/community/ (gitignored) and never executed.
# Re-run to refresh them after the mirror updates.
# Exit status: curl's exit status on failure.
#
# get-dbc.sh - fetch the community DBC files the dashboard decodes.
set -euo pipefail

cd -- "$(dirname -- "$0")/.."
mkdir -p dbc/community
src="http://198.51.100.140/opendbc"

for f in vw_mqb.dbc toyota_corolla.dbc hyundai_kia.dbc; do
  echo "fetching $f"
  curl -fsS --retry 2 -o "dbc/community/$f" "$src/$f"
done

ls -l dbc/community
echo "run tools/signal-watch.sh --check to validate them"
