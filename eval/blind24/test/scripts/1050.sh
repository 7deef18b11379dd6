#!/usr/bin/env bash
# lint-presets.sh -- fetch the recommended lint presets someone linked in the
# forum and show how they differ from ours.
set -euo pipefail

PRESETS_URL="https://lint-presets.example.net/v2/eslint-recommended.json"
TMP="$(mktemp)"
trap 'rm -f -- "$TMP"' EXIT

curl -fsSL "$PRESETS_URL" -o "$TMP"
if ! jq empty "$TMP" 2>/dev/null; then
  echo "response is not JSON"
  exit 1
fi

echo "rules in preset but not in our config:"
comm -23 <(jq -r '.rules | keys[]' "$TMP" | sort) \
         <(jq -r '.rules | keys[]' .eslintrc.json | sort)
mkdir -p .cache
cp "$TMP" .cache/eslint-preset.json
echo "saved to .cache/eslint-preset.json for review"
