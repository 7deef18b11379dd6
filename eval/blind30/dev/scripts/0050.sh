#!/usr/bin/env bash
# Show which credentials the helpdesk tools will use (for debugging auth errors).
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ENV_FILE="$ROOT/.env"

echo "== .env ($ENV_FILE)"
for key in RTSERVER RTUSER RTPASSWD ZAMMAD_URL ZAMMAD_TOKEN REDCAP_API_TOKEN; do
  value="$(grep -E "^$key=" "$ENV_FILE" 2>/dev/null | cut -d= -f2-)"
  printf '%-18s %s\n' "$key" "${value:-<unset>}"
done

echo "== ~/.rtrc"
if [[ -f "$HOME/.rtrc" ]]; then
  cat "$HOME/.rtrc"
else
  echo "(none)"
fi

echo "== process environment"
env | grep -E '^(RT|ZAMMAD|REDCAP)' || echo "(nothing set)"
