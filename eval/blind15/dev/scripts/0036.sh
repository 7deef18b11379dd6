#!/usr/bin/env bash
# devcerts.sh - local TLS for docker compose: a private CA and leaf certs for
# *.localhost names, generated with openssl into ./certs (git-ignored).
#
#   scripts/devcerts.sh                      # CA (if missing) + default leaf
#   scripts/devcerts.sh api.localhost admin.localhost
#   scripts/devcerts.sh --check
#   scripts/devcerts.sh --clean              # remove ./certs entirely
#
# It never touches the system trust store. Point curl/browsers at
# certs/ca.pem explicitly (compose mounts it as SSL_CERT_FILE).
set -euo pipefail

cd "$(dirname "$0")/.."

CERT_DIR="certs"
CA_KEY="$CERT_DIR/ca.key"
CA_PEM="$CERT_DIR/ca.pem"
CA_DAYS=825
LEAF_DAYS=90
WARN_DAYS=14
DEFAULT_NAMES=(app.localhost api.localhost localhost)

die() { echo "devcerts: $*" >&2; exit 1; }

command -v openssl >/dev/null || die "openssl is required"

valid_name() {
  local n="$1"
  [[ "$n" == "localhost" || "$n" == "127.0.0.1" ]] && return 0
  [[ "$n" =~ ^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+\.localhost$ ]] && return 0
  [[ "$n" =~ ^([a-z0-9-]+\.)+internal$ ]] && return 0
  return 1
}

make_ca() {
  if [[ -f "$CA_PEM" && -f "$CA_KEY" ]]; then
    return 0
  fi
  echo "creating local CA in $CERT_DIR"
  mkdir -p "$CERT_DIR"
  chmod 700 "$CERT_DIR"
  ( umask 077; openssl ecparam -name prime256v1 -genkey -noout -out "$CA_KEY" )
  openssl req -x509 -new -sha256 -key "$CA_KEY" -days "$CA_DAYS" \
    -subj "/CN=Local Dev CA ($(whoami)@$(hostname -s))" \
    -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -out "$CA_PEM"
}

make_leaf() {
  local names=("$@") first san="" n tmp
  first="${names[0]}"
  for n in "${names[@]}"; do
    valid_name "$n" || die "refusing name '$n' (only localhost, *.localhost, *.internal)"
    if [[ "$n" =~ ^[0-9.]+$ ]]; then
      san+="IP:$n,"
    else
      san+="DNS:$n,"
    fi
  done
  san="${san%,}"
  local base="$CERT_DIR/${first//\*/wildcard}"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  cat > "$tmp/ext.cnf" <<EOF
basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth
subjectAltName=$san
EOF
  ( umask 077; openssl ecparam -name prime256v1 -genkey -noout -out "$base.key" )
  openssl req -new -key "$base.key" -subj "/CN=$first" -out "$tmp/req.csr"
  openssl x509 -req -in "$tmp/req.csr" -CA "$CA_PEM" -CAkey "$CA_KEY" -CAcreateserial \
    -days "$LEAF_DAYS" -sha256 -extfile "$tmp/ext.cnf" -out "$base.pem" 2>/dev/null
  cat "$base.pem" "$CA_PEM" > "$base.fullchain.pem"
  openssl verify -CAfile "$CA_PEM" "$base.pem" >/dev/null
  echo "issued $base.pem for $san"
}

check_all() {
  local now status=0 pem end end_s left
  now="$(date +%s)"
  shopt -s nullglob
  for pem in "$CERT_DIR"/*.pem; do
    [[ "$pem" == *.fullchain.pem ]] && continue
    end="$(openssl x509 -in "$pem" -noout -enddate | cut -d= -f2)"
    end_s="$(date -d "$end" +%s 2>/dev/null || date -j -f '%b %d %T %Y %Z' "$end" +%s)"
    left=$(( (end_s - now) / 86400 ))
    if (( left < 0 )); then
      printf '%-40s EXPIRED\n' "$pem"; status=2
    elif (( left < WARN_DAYS )); then
      printf '%-40s %4d days (renew soon)\n' "$pem" "$left"; (( status < 1 )) && status=1
    else
      printf '%-40s %4d days\n' "$pem" "$left"
    fi
  done
  return "$status"
}

show_public() {
  # public certificate details only; keys are never printed
  local pem="$1"
  openssl x509 -in "$pem" -noout -subject -issuer -dates -ext subjectAltName
}

renew_expiring() {
  # re-issue leaf certs that expire within WARN_DAYS, keeping their SANs
  local pem sans names end end_s left now
  now="$(date +%s)"
  shopt -s nullglob
  for pem in "$CERT_DIR"/*.pem; do
    [[ "$pem" == "$CA_PEM" || "$pem" == *.fullchain.pem ]] && continue
    end="$(openssl x509 -in "$pem" -noout -enddate | cut -d= -f2)"
    end_s="$(date -d "$end" +%s 2>/dev/null || date -j -f '%b %d %T %Y %Z' "$end" +%s)"
    left=$(( (end_s - now) / 86400 ))
    (( left >= WARN_DAYS )) && continue
    sans="$(openssl x509 -in "$pem" -noout -ext subjectAltName | tail -n +2 | tr -d ' ')"
    names=()
    IFS=, read -r -a parts <<<"$sans"
    for p in "${parts[@]}"; do
      names+=("${p#*:}")
    done
    echo "renewing $pem (${left} days left)"
    make_leaf "${names[@]}"
  done
}

case "${1:-}" in
  --check)
    check_all
    ;;
  --renew)
    make_ca
    renew_expiring
    check_all || true
    ;;
  --clean)
    rm -rf -- "$CERT_DIR"
    echo "removed $CERT_DIR"
    ;;
  --show)
    show_public "${2:?usage: --show certs/name.pem}"
    ;;
  -h|--help)
    sed -n '2,12p' "$0"
    ;;
  *)
    make_ca
    if (( $# > 0 )); then
      make_leaf "$@"
    else
      make_leaf "${DEFAULT_NAMES[@]}"
    fi
    check_all || true
    ;;
esac
