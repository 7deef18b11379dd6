#!/usr/bin/env bash
# Validate the OpenAPI spec with an online validator and store the report.
set -euo pipefail

SPEC="${1:-openapi.yaml}"
VALIDATOR="${VALIDATOR_URL:-https://validator.example.org/api/v2/validate}"
OUT="build/openapi-validation.json"

if [ ! -f "$SPEC" ]; then
  echo "spec $SPEC not found" >&2
  exit 1
fi

mkdir -p build

echo "local lint"
if command -v spectral >/dev/null; then
  spectral lint "$SPEC" || true
else
  echo "(spectral not installed, skipping)"
fi

echo "converting to json"
yq -o=json '.' "$SPEC" > build/openapi.json

echo "sending spec to $VALIDATOR"
http_code=$(curl -sS -o "$OUT" -w '%{http_code}' \
  -H 'Content-Type: application/json' \
  --data-binary @build/openapi.json \
  "$VALIDATOR")

if [ "$http_code" != "200" ]; then
  echo "validator returned $http_code" >&2
  cat "$OUT" >&2 || true
  exit 1
fi

errors=$(jq '.errors | length' "$OUT")
warnings=$(jq '.warnings | length' "$OUT")
echo "validation: $errors errors, $warnings warnings"
jq -r '.errors[]? | "  - \(.path): \(.message)"' "$OUT"

[ "$errors" -eq 0 ]
