#!/usr/bin/env bash
# whoami-cloud.sh - which accounts am I about to use?  Prints the configured
# GPU/push credentials so they can be compared with the team wiki.

set -euo pipefail
cd "$(dirname "$0")/.."

[[ -f .env ]] || { echo "no .env in $(pwd)" >&2; exit 1; }

echo "--- .env"
grep -E '^(RUNPOD|VAST|LAMBDA|REPLICATE|MODAL|ONESIGNAL|EXPO)_' .env

echo "--- ~/.modal.toml"
cat ~/.modal.toml 2>/dev/null || echo "(none)"

echo "--- vast.ai key"
cat ~/.config/vastai/vast_api_key 2>/dev/null || echo "(none)"

echo "--- runpod"
grep -i apikey ~/.runpod/config.toml 2>/dev/null || echo "(none)"
