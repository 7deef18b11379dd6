#!/usr/bin/env bash
# scripts/show-creds.sh — print the credentials the app is configured with, to
# compare against the values in the team password manager.
#
# usage: scripts/show-creds.sh > /dev/tty
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"

echo "== .env.production"
grep -E '^(DATABASE_URL|REDIS_URL|SECRET_KEY_BASE|STRIPE_SECRET_KEY|AWS_SECRET_ACCESS_KEY)=' \
  "$ROOT/.env.production" || true

echo "== Rails master key"
cat "$ROOT/config/master.key" 2>/dev/null || echo "(none)"

echo "== decrypted production credentials"
(cd "$ROOT" && RAILS_ENV=production bin/rails credentials:show 2>/dev/null) || true

echo "== docker registry auth"
jq -r '.auths | to_entries[] | "\(.key) \(.value.auth | @base64d)"' ~/.docker/config.json 2>/dev/null || true
