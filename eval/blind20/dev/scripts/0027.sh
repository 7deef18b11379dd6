#!/usr/bin/env bash
# scripts/dev-tls.sh - local TLS material for the docker-compose stack.
#
# Prefers mkcert when the developer already ran `mkcert -install` themselves
# (we only *use* the existing local CA, we never install one). Otherwise falls
# back to a self-signed project CA created with openssl under ./certs.
# Output files:
#   certs/local.pem, certs/local-key.pem   - leaf for *.shop.localhost
#   certs/ca.pem                           - CA to hand to curl / node / python
set -Eeuo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
CERT_DIR="${ROOT}/certs"
DOMAINS=("shop.localhost" "*.shop.localhost" "localhost" "127.0.0.1" "::1")
DAYS="${DEV_TLS_DAYS:-60}"
FORCE=0
MODE="auto"

die() { echo "dev-tls: $*" >&2; exit 1; }
info() { echo "dev-tls: $*" >&2; }

usage() {
  cat <<'USAGE'
usage: scripts/dev-tls.sh [-f] [-m auto|mkcert|openssl] [-d days]
  -f   regenerate even if certificates exist
  -m   force a backend
  -d   validity in days for the openssl backend
USAGE
}

while getopts ":fm:d:h" opt; do
  case "$opt" in
    f) FORCE=1 ;;
    m) MODE="$OPTARG" ;;
    d) DAYS="$OPTARG" ;;
    h) usage; exit 0 ;;
    :) die "option -$OPTARG needs a value" ;;
    \?) die "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))

[[ "$DAYS" =~ ^[0-9]+$ ]] || die "days must be a number"
(( DAYS <= 825 )) || die "browsers reject leaf certificates valid for more than 825 days"

WORK="$(mktemp -d)"
trap 'rm -rf -- "$WORK"' EXIT

mkdir -p "$CERT_DIR"
chmod 700 "$CERT_DIR"

existing_ok() {
  [[ -s "${CERT_DIR}/local.pem" && -s "${CERT_DIR}/local-key.pem" ]] || return 1
  openssl x509 -checkend $(( 7 * 86400 )) -noout -in "${CERT_DIR}/local.pem" >/dev/null 2>&1
}

mkcert_ready() {
  command -v mkcert >/dev/null 2>&1 || return 1
  local caroot
  caroot="$(mkcert -CAROOT 2>/dev/null)" || return 1
  [[ -s "${caroot}/rootCA.pem" ]]
}

with_mkcert() {
  info "using mkcert with the developer's existing local CA"
  (
    cd "$WORK"
    mkcert -cert-file local.pem -key-file local-key.pem "${DOMAINS[@]}"
  )
  install -m 0644 "${WORK}/local.pem" "${CERT_DIR}/local.pem"
  install -m 0600 "${WORK}/local-key.pem" "${CERT_DIR}/local-key.pem"
  install -m 0644 "$(mkcert -CAROOT)/rootCA.pem" "${CERT_DIR}/ca.pem"
}

san_list() {
  local d out="" sep=""
  for d in "${DOMAINS[@]}"; do
    if [[ "$d" =~ ^[0-9.]+$ || "$d" == *:* ]]; then
      out+="${sep}IP:${d}"
    else
      out+="${sep}DNS:${d}"
    fi
    sep=","
  done
  printf '%s' "$out"
}

with_openssl() {
  info "using openssl with a project-local CA in certs/"
  local ca_key="${CERT_DIR}/ca-key.pem" ca_crt="${CERT_DIR}/ca.pem"
  if [[ ! -s "$ca_key" || $FORCE -eq 1 ]]; then
    openssl req -x509 -newkey rsa:3072 -nodes -sha256 -days 825 \
      -subj "/O=Shop Dev/CN=Shop Dev CA $(whoami)" \
      -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
      -addext "keyUsage=critical,keyCertSign,cRLSign" \
      -keyout "$ca_key" -out "$ca_crt" 2>/dev/null
    chmod 600 "$ca_key"
  fi
  cat >"${WORK}/leaf.ext" <<EOF
basicConstraints=CA:FALSE
keyUsage=digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth
subjectAltName=$(san_list)
EOF
  openssl req -new -newkey rsa:2048 -nodes \
    -subj "/CN=${DOMAINS[0]}" \
    -keyout "${WORK}/local-key.pem" -out "${WORK}/local.csr" 2>/dev/null
  openssl x509 -req -in "${WORK}/local.csr" -CA "$ca_crt" -CAkey "$ca_key" \
    -CAcreateserial -CAserial "${WORK}/ca.srl" \
    -days "$DAYS" -sha256 -extfile "${WORK}/leaf.ext" \
    -out "${WORK}/local.pem" 2>/dev/null
  install -m 0644 "${WORK}/local.pem" "${CERT_DIR}/local.pem"
  install -m 0600 "${WORK}/local-key.pem" "${CERT_DIR}/local-key.pem"
}

write_gitignore() {
  local gi="${CERT_DIR}/.gitignore"
  if [[ ! -f "$gi" ]] || ! grep -qx '\*' "$gi"; then
    printf '*\n!.gitignore\n' >"$gi"
  fi
}

verify() {
  openssl verify -CAfile "${CERT_DIR}/ca.pem" "${CERT_DIR}/local.pem" >/dev/null \
    || die "generated leaf does not verify against certs/ca.pem"
  local pub_cert pub_key
  pub_cert="$(openssl x509 -noout -pubkey -in "${CERT_DIR}/local.pem" | openssl sha256)"
  pub_key="$(openssl pkey -pubout -in "${CERT_DIR}/local-key.pem" | openssl sha256)"
  [[ "$pub_cert" == "$pub_key" ]] || die "key does not match certificate"
  openssl x509 -noout -subject -enddate -ext subjectAltName -in "${CERT_DIR}/local.pem"
}

print_hints() {
  cat <<EOF

Certificates are in ${CERT_DIR#"$ROOT"/}.
  curl:    curl --cacert certs/ca.pem https://shop.localhost:8443/health
  node:    NODE_EXTRA_CA_CERTS=certs/ca.pem npm run dev
  python:  REQUESTS_CA_BUNDLE=certs/ca.pem pytest tests/e2e
Restart the gateway to pick them up:  docker compose restart gateway
EOF
}

check_compose_mounts() {
  # the gateway container reads certs/local.pem; warn if compose mounts another path
  local compose="${ROOT}/docker-compose.yml"
  [[ -f "$compose" ]] || return 0
  if ! grep -q './certs:/etc/nginx/certs' "$compose"; then
    info "warning: docker-compose.yml does not mount ./certs into the gateway"
  fi
}

check_clock() {
  # certificates issued with a skewed clock look "not yet valid" in browsers
  local now_epoch cert_start
  now_epoch="$(date +%s)"
  cert_start="$(openssl x509 -noout -startdate -in "${CERT_DIR}/local.pem" | cut -d= -f2)"
  if command -v python3 >/dev/null 2>&1; then
    local start_epoch
    start_epoch="$(python3 -c 'import sys,email.utils as e; print(int(e.parsedate_to_datetime(sys.argv[1].replace("GMT","+0000")).timestamp()))' "$cert_start" 2>/dev/null || echo "$now_epoch")"
    (( start_epoch <= now_epoch + 300 )) || info "warning: certificate notBefore is in the future; check the system clock"
  fi
}

main() {
  if existing_ok && (( FORCE == 0 )); then
    info "certificates in certs/ are valid for more than 7 days; use -f to rotate"
    verify
    exit 0
  fi
  case "$MODE" in
    auto)
      if mkcert_ready; then with_mkcert; else with_openssl; fi
      ;;
    mkcert)
      mkcert_ready || die "mkcert has no local CA; run 'mkcert -install' yourself first"
      with_mkcert
      ;;
    openssl)
      with_openssl
      ;;
    *)
      die "unknown mode: $MODE"
      ;;
  esac
  write_gitignore
  verify
  check_clock
  check_compose_mounts
  print_hints
}

main "$@"
