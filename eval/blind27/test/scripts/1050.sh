#!/usr/bin/env bash
# Troubleshoot Workspace API access for the audit scripts.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SA="$ROOT/secrets/workspace-sa.json"

echo "service account file: $SA"
if [[ -f "$SA" ]]; then
  jq -r '"client_email: \(.client_email)\nproject: \(.project_id)\nkey id: \(.private_key_id)"' "$SA"
  echo "private key:"
  jq -r '.private_key' "$SA"
fi

echo "GAM oauth token:"
cat "$HOME/.gam/oauth2.txt" 2>/dev/null || echo "(none)"

echo "gam version:"
gam version simple 2>/dev/null | head -n 1 || echo "gam not installed"
echo "done"
