#!/usr/bin/env bash
# whoami-all.sh - check which accounts this checkout is wired to.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"

echo "== .env"
if [[ -f "$ROOT/.env" ]]; then
  grep -E '^(SHOPIFY|SANITY|CONTENTFUL)_' "$ROOT/.env"
fi

echo "== shopify"
shopify theme info 2>/dev/null | head -n 10 || echo "not logged in"

echo "== salesforce"
sf org display --target-org dev --verbose 2>/dev/null \
  | grep -E 'Username|Instance Url|Access Token|Sfdx Auth Url'

echo "== sanity"
npx --no-install sanity debug --secrets 2>/dev/null | grep -iE 'token|user' || true

echo "done"
