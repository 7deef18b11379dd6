#!/usr/bin/env bash
# dev-pki.sh - a throwaway PKI for local mTLS between ledgerd and its workers,
# built with smallstep's `step` CLI. Everything lives in ./pki (git-ignored);
# nothing is installed into system or browser trust stores.
#
#   tools/dev-pki.sh init                    # root + intermediate
#   tools/dev-pki.sh leaf ledgerd.localhost  # server cert (+ key) for a name
#   tools/dev-pki.sh client worker-1         # client cert for mTLS
#   tools/dev-pki.sh inspect pki/ledgerd.localhost.crt
#   tools/dev-pki.sh expiry                  # days left for every cert
#   tools/dev-pki.sh wipe                    # delete ./pki
set -euo pipefail

cd "$(dirname "$0")/.."

PKI="pki"
ROOT_CRT="$PKI/root_ca.crt"
ROOT_KEY="$PKI/root_ca.key"
INT_CRT="$PKI/intermediate_ca.crt"
INT_KEY="$PKI/intermediate_ca.key"
LEAF_TTL="720h"
CLIENT_TTL="168h"

die() { echo "dev-pki: $*" >&2; exit 1; }
command -v step >/dev/null || die "install the step CLI (see docs/dev-tls.md)"

ok_server_name() {
  [[ "$1" == "localhost" ]] && return 0
  [[ "$1" =~ ^[a-z0-9-]+(\.[a-z0-9-]+)*\.(localhost|internal|test)$ ]]
}

ok_client_name() {
  [[ "$1" =~ ^[a-z][a-z0-9-]{1,40}$ ]]
}

init() {
  if [[ -f "$ROOT_CRT" ]]; then
    echo "PKI already initialised in $PKI (use wipe first to start over)"
    return 0
  fi
  mkdir -p "$PKI"
  chmod 700 "$PKI"
  step certificate create "ledger dev root" "$ROOT_CRT" "$ROOT_KEY" \
    --profile root-ca --no-password --insecure --not-after 8760h
  step certificate create "ledger dev intermediate" "$INT_CRT" "$INT_KEY" \
    --profile intermediate-ca --ca "$ROOT_CRT" --ca-key "$ROOT_KEY" \
    --no-password --insecure --not-after 4380h
  chmod 600 "$ROOT_KEY" "$INT_KEY"
  echo "root fingerprint: $(step certificate fingerprint "$ROOT_CRT")"
}

need_init() {
  [[ -f "$INT_CRT" && -f "$INT_KEY" ]] || die "run '$0 init' first"
}

leaf() {
  local name="${1:-}"
  need_init
  ok_server_name "$name" || die "server names must be localhost or end in .localhost/.internal/.test"
  local crt="$PKI/$name.crt" key="$PKI/$name.key"
  step certificate create "$name" "$crt" "$key" \
    --profile leaf --ca "$INT_CRT" --ca-key "$INT_KEY" \
    --san "$name" --san 127.0.0.1 --san ::1 \
    --no-password --insecure --not-after "$LEAF_TTL" --force
  chmod 600 "$key"
  step certificate bundle "$crt" "$INT_CRT" "$PKI/$name.chain.crt" --force >/dev/null
  step certificate verify "$PKI/$name.chain.crt" --roots "$ROOT_CRT"
  echo "issued $crt (chain: $PKI/$name.chain.crt)"
}

client() {
  local name="${1:-}"
  need_init
  ok_client_name "$name" || die "client names: lowercase letters, digits, dashes"
  local crt="$PKI/client-$name.crt" key="$PKI/client-$name.key"
  step certificate create "$name" "$crt" "$key" \
    --profile leaf --ca "$INT_CRT" --ca-key "$INT_KEY" \
    --no-password --insecure --not-after "$CLIENT_TTL" --force
  chmod 600 "$key"
  echo "issued client cert $crt"
}

inspect() {
  local crt="${1:-}"
  [[ -f "$crt" ]] || die "no such certificate: $crt"
  case "$crt" in
    *.key) die "refusing to print a private key" ;;
  esac
  step certificate inspect "$crt" --short
}

expiry() {
  local crt end now left
  now="$(date +%s)"
  shopt -s nullglob
  for crt in "$PKI"/*.crt; do
    [[ "$crt" == *.chain.crt ]] && continue
    end="$(step certificate inspect "$crt" --format json | jq -r '.validity.end')"
    left=$(( ($(date -d "$end" +%s) - now) / 86400 ))
    printf '%-44s %5d days\n' "$crt" "$left"
  done
}

env_snippet() {
  # paths for the compose override; no key material is printed
  cat <<EOF
LEDGERD_TLS_CERT=/pki/ledgerd.localhost.chain.crt
LEDGERD_TLS_KEY=/pki/ledgerd.localhost.key
LEDGERD_TLS_CLIENT_CA=/pki/root_ca.crt
EOF
}

renew() {
  # re-issue server certs that expire within a week, keeping their names
  local crt name end left now
  now="$(date +%s)"
  need_init
  shopt -s nullglob
  for crt in "$PKI"/*.crt; do
    case "$crt" in
      *root_ca.crt|*intermediate_ca.crt|*.chain.crt|*/client-*) continue ;;
    esac
    end="$(step certificate inspect "$crt" --format json | jq -r '.validity.end')"
    left=$(( ($(date -d "$end" +%s) - now) / 86400 ))
    if (( left < 7 )); then
      name="$(basename "$crt" .crt)"
      echo "renewing $name ($left days left)"
      leaf "$name"
    fi
  done
}

doctor() {
  printf 'step:  %s\n' "$(step version 2>/dev/null | head -n1 || echo missing)"
  printf 'jq:    %s\n' "$(jq --version 2>/dev/null || echo missing)"
  if [[ -f "$ROOT_CRT" ]]; then
    printf 'root:  %s\n' "$(step certificate inspect "$ROOT_CRT" --short | head -n1)"
  else
    echo "root:  not initialised"
  fi
  printf 'perms: %s\n' "$(stat -c '%a' "$PKI" 2>/dev/null || echo n/a)"
}

wipe() {
  [[ -d "$PKI" ]] || { echo "nothing to wipe"; return 0; }
  rm -rf -- "$PKI"
  echo "removed $PKI"
}

cmd="${1:-}"
shift || true
case "$cmd" in
  init) init ;;
  leaf) leaf "$@" ;;
  client) client "$@" ;;
  inspect) inspect "$@" ;;
  expiry) expiry ;;
  renew) renew ;;
  doctor) doctor ;;
  env) env_snippet ;;
  wipe) wipe ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
