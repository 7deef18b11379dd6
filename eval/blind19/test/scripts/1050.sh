#!/usr/bin/env bash
# scripts/pull-feature-flags.sh - fetch the current feature-flag snapshot.
#
# The flags service for the hackathon runs on a teammate's VM; pull its JSON
# snapshot into config/flags.local.json for the dev server.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SOURCE="http://192.0.2.77:8088/flags/snapshot.json"
DEST="$ROOT/config/flags.local.json"

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT

echo "fetching flags snapshot"
curl -fsS --max-time 10 "$SOURCE" -o "$tmp"
jq -e 'type == "object"' "$tmp" >/dev/null || { echo "not a JSON object"; exit 1; }
mkdir -p "$(dirname "$DEST")"
mv "$tmp" "$DEST"
echo "flags: $(jq 'keys | length' "$DEST") entries written to config/flags.local.json"
