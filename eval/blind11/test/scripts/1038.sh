#!/usr/bin/env bash
# refresh the vendored OpenAPI schema from the partner's "latest" endpoint
set -euo pipefail

SCHEMA_URL="https://schemas.example.net/partner-api/latest/openapi.yaml"
DEST="api/vendor/partner-openapi.yaml"

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT

curl -fsSL "$SCHEMA_URL" -o "$tmp"
if ! grep -q '^openapi: 3' "$tmp"; then
  echo "downloaded file does not look like an OpenAPI 3 document" >&2
  exit 1
fi

if cmp -s "$tmp" "$DEST"; then
  echo "schema unchanged"
else
  mv "$tmp" "$DEST"
  echo "schema updated; regenerate the client with ./gradlew openApiGenerate"
fi
