#!/usr/bin/env bash
# scripts/print-secrets.sh — show the secrets the Laravel app and the deploy tooling
# will use, so they can be pasted into the new hosting provider's dashboard.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
echo "== secrets of $(basename "$ROOT") ($(date +%F))"

echo "APP_KEY:        $(grep '^APP_KEY=' "$ROOT/.env" | cut -d= -f2-)"
echo "DB_PASSWORD:    $(grep '^DB_PASSWORD=' "$ROOT/.env" | cut -d= -f2-)"
echo "MAIL_PASSWORD:  $(grep '^MAIL_PASSWORD=' "$ROOT/.env" | cut -d= -f2-)"
echo
echo "== production overrides"
cat "$ROOT/.env.production" 2>/dev/null || echo "(no .env.production)"
echo
echo "== deploy key"
cat "$HOME/.ssh/deploy_pebble" 2>/dev/null || echo "(no deploy key)"
echo
echo "== kube token"
kubectl config view --raw -o jsonpath='{.users[0].user.token}' 2>/dev/null; echo
