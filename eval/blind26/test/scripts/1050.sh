#!/usr/bin/env bash
# creds-check.sh - the downloader says "401"; show what credentials it sees.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"

echo "--- ~/.cdsapirc"
cat "$HOME/.cdsapirc" 2>/dev/null || echo "(missing)"

if [[ -f "$ROOT/.env" ]]; then
  # shellcheck disable=SC1091
  source "$ROOT/.env"
fi

echo "--- Home Assistant"
echo "HA_URL=${HA_URL:-unset}"
echo "HA_TOKEN=${HA_TOKEN:-unset}"

echo "--- OctoPrint"
echo "OCTOPRINT_API_KEY=${OCTOPRINT_API_KEY:-unset}"
