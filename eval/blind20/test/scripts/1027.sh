#!/usr/bin/env bash
# pki/mtls.sh - mutual-TLS material for the tidepool service mesh demo.
#
# Produces, under pki/out/:
#   ca/ca.key ca/ca.crt                 demo CA (EC P-256, 1 year)
#   servers/<svc>.{key,crt}             server certs with DNS SANs <svc>.tidepool.localhost
#   clients/<name>.{key,crt,p12}        client certs (p12 for browsers, password "tidepool")
#   crl/ca.crl                          empty CRL so nginx's ssl_crl directive has a file
#
#   pki/mtls.sh init              create the CA if missing
#   pki/mtls.sh server api ui     issue server certs
#   pki/mtls.sh client alice      issue a client cert
#   pki/mtls.sh revoke alice      revoke and regenerate the CRL
#   pki/mtls.sh list
set -euo pipefail

BASE="$(cd "$(dirname "$0")" && pwd)"
OUT="${BASE}/out"
CA_DIR="${OUT}/ca"
DB_DIR="${OUT}/db"
DAYS_CA=365
DAYS_LEAF=30
DOMAIN="tidepool.localhost"
P12_PASS="tidepool"

fail() { echo "mtls: $*" >&2; exit 1; }
note() { echo "mtls: $*"; }

scratch="$(mktemp -d)"
cleanup() { rm -rf -- "$scratch"; }
trap cleanup EXIT

openssl_cnf() {
  cat <<EOF
[ ca ]
default_ca = demo

[ demo ]
dir               = ${OUT}
database          = ${DB_DIR}/index.txt
serial            = ${DB_DIR}/serial
crlnumber         = ${DB_DIR}/crlnumber
certificate       = ${CA_DIR}/ca.crt
private_key       = ${CA_DIR}/ca.key
new_certs_dir     = ${DB_DIR}/issued
default_md        = sha256
default_days      = ${DAYS_LEAF}
default_crl_days  = 30
policy            = loose
copy_extensions   = copy
unique_subject    = no

[ loose ]
commonName        = supplied

[ server_ext ]
basicConstraints  = critical,CA:FALSE
keyUsage          = critical,digitalSignature
extendedKeyUsage  = serverAuth

[ client_ext ]
basicConstraints  = critical,CA:FALSE
keyUsage          = critical,digitalSignature
extendedKeyUsage  = clientAuth
EOF
}

ensure_db() {
  mkdir -p "${DB_DIR}/issued"
  [[ -f "${DB_DIR}/index.txt" ]] || : >"${DB_DIR}/index.txt"
  [[ -f "${DB_DIR}/serial" ]] || openssl rand -hex 8 >"${DB_DIR}/serial"
  [[ -f "${DB_DIR}/crlnumber" ]] || echo 1000 >"${DB_DIR}/crlnumber"
  openssl_cnf >"${OUT}/openssl.cnf"
}

cmd_init() {
  mkdir -p "$CA_DIR"
  chmod 700 "$CA_DIR"
  if [[ -s "${CA_DIR}/ca.key" ]]; then
    note "CA exists ($(openssl x509 -noout -subject -in "${CA_DIR}/ca.crt"))"
  else
    openssl ecparam -name prime256v1 -genkey -noout -out "${CA_DIR}/ca.key"
    chmod 600 "${CA_DIR}/ca.key"
    openssl req -new -x509 -key "${CA_DIR}/ca.key" -days "$DAYS_CA" -sha256 \
      -subj "/O=Tidepool Demo/CN=Tidepool mTLS Demo CA" \
      -addext "basicConstraints=critical,CA:true,pathlen:0" \
      -addext "keyUsage=critical,cRLSign,keyCertSign" \
      -out "${CA_DIR}/ca.crt"
    note "created demo CA"
  fi
  ensure_db
  gen_crl
}

issue() {
  local kind="$1" name="$2" dir ext subj san=""
  [[ "$name" =~ ^[a-z0-9-]+$ ]] || fail "invalid name: $name"
  [[ -s "${CA_DIR}/ca.key" ]] || fail "no CA; run: pki/mtls.sh init"
  ensure_db
  case "$kind" in
    server)
      dir="${OUT}/servers"; ext="server_ext"
      subj="/CN=${name}.${DOMAIN}"
      san="subjectAltName=DNS:${name}.${DOMAIN},DNS:${name}"
      ;;
    client)
      dir="${OUT}/clients"; ext="client_ext"
      subj="/CN=${name}"
      ;;
  esac
  mkdir -p "$dir"
  openssl ecparam -name prime256v1 -genkey -noout -out "${dir}/${name}.key"
  chmod 600 "${dir}/${name}.key"
  local req_args=(-new -key "${dir}/${name}.key" -subj "$subj" -out "${scratch}/${name}.csr")
  [[ -n "$san" ]] && req_args+=(-addext "$san")
  openssl req "${req_args[@]}"
  openssl ca -batch -config "${OUT}/openssl.cnf" -extensions "$ext" \
    -in "${scratch}/${name}.csr" -out "${dir}/${name}.crt" 2>"${scratch}/ca.log" \
    || { cat "${scratch}/ca.log" >&2; fail "signing ${name} failed"; }
  if [[ "$kind" == client ]]; then
    openssl pkcs12 -export -inkey "${dir}/${name}.key" -in "${dir}/${name}.crt" \
      -certfile "${CA_DIR}/ca.crt" -name "$name" -passout "pass:${P12_PASS}" \
      -out "${dir}/${name}.p12"
  fi
  note "issued ${kind} certificate for ${name}"
}

gen_crl() {
  openssl ca -config "${OUT}/openssl.cnf" -gencrl -out "${OUT}/crl/ca.crl" 2>/dev/null \
    || { mkdir -p "${OUT}/crl"; openssl ca -config "${OUT}/openssl.cnf" -gencrl -out "${OUT}/crl/ca.crl"; }
}

cmd_revoke() {
  local name="$1" crt
  crt="${OUT}/clients/${name}.crt"
  [[ -f "$crt" ]] || crt="${OUT}/servers/${name}.crt"
  [[ -f "$crt" ]] || fail "no certificate named ${name}"
  ensure_db
  openssl ca -config "${OUT}/openssl.cnf" -revoke "$crt" -crl_reason superseded
  gen_crl
  note "revoked ${name}; reload nginx to pick up the CRL"
}

cmd_list() {
  local f
  for f in "${OUT}"/servers/*.crt "${OUT}"/clients/*.crt; do
    [[ -e "$f" ]] || continue
    printf '%-40s %s\n' "${f#"$OUT"/}" "$(openssl x509 -noout -enddate -in "$f" | cut -d= -f2)"
  done
  if [[ -f "${DB_DIR}/index.txt" ]]; then
    echo "revoked: $(grep -c '^R' "${DB_DIR}/index.txt" || true)"
  fi
}

cmd_verify() {
  local f rc=0
  for f in "${OUT}"/servers/*.crt "${OUT}"/clients/*.crt; do
    [[ -e "$f" ]] || continue
    if openssl verify -crl_check -CAfile "${CA_DIR}/ca.crt" -CRLfile "${OUT}/crl/ca.crl" "$f" >/dev/null 2>&1; then
      echo "ok       ${f#"$OUT"/}"
    else
      echo "INVALID  ${f#"$OUT"/}"
      rc=1
    fi
  done
  return "$rc"
}

main() {
  local cmd="${1:-}"
  shift || true
  case "$cmd" in
    init) cmd_init ;;
    server) (( $# )) || fail "usage: server NAME..."; for n in "$@"; do issue server "$n"; done ;;
    client) (( $# )) || fail "usage: client NAME..."; for n in "$@"; do issue client "$n"; done ;;
    revoke) (( $# == 1 )) || fail "usage: revoke NAME"; cmd_revoke "$1" ;;
    list) cmd_list ;;
    verify) cmd_verify ;;
    *) sed -n '2,16p' "$0"; exit 2 ;;
  esac
}

main "$@"
