#!/usr/bin/env bash
# Pull the shared feature-flag defaults so local runs match staging.
set -euo pipefail

FLAGS_URL="http://203.0.113.50:8080/flags/default.json"
DEST="config/flags.local.json"

mkdir -p config

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT

echo "fetching flags from $FLAGS_URL"
curl -fsS --max-time 10 "$FLAGS_URL" -o "$tmp"

if ! jq empty "$tmp" 2>/dev/null; then
  echo "response is not JSON" >&2
  exit 1
fi

count="$(jq 'keys | length' "$tmp")"
jq -S . "$tmp" > "$DEST"

echo "wrote $count flags to $DEST"
jq -r 'to_entries[] | "\(.key)\t\(.value)"' "$DEST" | column -t | head -30
