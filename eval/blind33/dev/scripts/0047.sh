#!/usr/bin/env bash
# Troubleshoot balena CLI authentication on a developer machine.
set -uo pipefail

echo "== balena CLI"
balena version 2>/dev/null || echo "balena CLI not installed"

echo "== token file"
TOKEN_FILE="$HOME/.balena/token"
if [[ -f "$TOKEN_FILE" ]]; then
  echo "token file: $TOKEN_FILE"
  echo "token: $(cat "$TOKEN_FILE")"
else
  echo "no token file"
fi

echo "== environment"
echo "BALENA_API_KEY=${BALENA_API_KEY:-<unset>}"
echo "BALENARC_BALENA_URL=${BALENARC_BALENA_URL:-<unset>}"

echo "== whoami"
balena whoami 2>&1 | sed 's/^/  /'

echo "== fleets"
balena fleet list 2>&1 | head -n 10
