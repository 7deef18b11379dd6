#!/usr/bin/env bash
#
# History
#   2024-03  first version
#   2024-05  offline verification (opendkim-testmsg)
#
# Contacts: mail platform team (#mail-ops)
#
#
# Why offline verification: the selectors are usually not published in DNS
# yet when this test runs (rotation happens first in git), so the public key
# comes from keys/<domain>/<selector>.txt instead of a TXT lookup.
#
# docker/mta is a small Postfix + OpenDKIM image; its KeyTable/SigningTable
# come from config/opendkim/ and the keys from keys/ (both mounted read-only).
#
# Exit status: 0 every domain signs and verifies, 1 otherwise, 2 usage error.
#
# dkim-sign-test.sh - prove that the OpenDKIM config in this repo signs correctly,
# using a local Postfix+OpenDKIM container and a mailpit sink (nothing leaves the box).
#
#   tools/dkim-sign-test.sh                  sign a test mail for every domain in config/domains.txt
#   tools/dkim-sign-test.sh -d lists.test.internal
#   tools/dkim-sign-test.sh --keep           keep the containers for debugging
#
# Steps per domain:
#   1. send a mail From: dkim-test@<domain> to sink@test.internal through the
#      container's submission port (127.0.0.1:2587)
#   2. fetch the raw message from mailpit (localhost:8025) and extract the
#      DKIM-Signature header (d=, s=, a=)
#   3. verify the signature offline with `opendkim-testmsg` against the public
#      key in keys/<domain>/<selector>.txt (no DNS lookups)
# The containers and the docker network are created here and removed at exit.

set -Euo pipefail

src=$(cd -- "$(dirname -- "$0")/.." && pwd -P)
keys="$src/keys"
domains_file="$src/config/domains.txt"
work="$src/out/dkim-test"
only=""
keep=0
suffix=$$
net="dkimtest-$suffix"
mta="dkimtest-mta-$suffix"
sink="dkimtest-sink-$suffix"
failures=0

log() { printf '\033[35m[dkim-test]\033[0m %s\n' "$*"; }
err() { printf '\033[31m[dkim-test] %s\033[0m\n' "$*" >&2; }

teardown() {
  if ((keep)); then
    log "--keep: containers $mta / $sink left running"
    return
  fi
  docker rm -f "$mta" "$sink" >/dev/null 2>&1 || true
  docker network rm "$net" >/dev/null 2>&1 || true
}
trap teardown EXIT

while (($#)); do
  case $1 in
    -d) only=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) err "unknown option $1"; exit 2 ;;
  esac
done

for t in docker swaks jq curl opendkim-testmsg; do
  command -v "$t" >/dev/null || { err "$t is required"; exit 2; }
done

domains() {
  if [[ -n $only ]]; then
    printf '%s\n' "$only"
  else
    grep -Ev '^\s*(#|$)' "$domains_file" | awk '{print $1}'
  fi
}

selector_of() {
  ls -1t "$keys/$1"/*.private 2>/dev/null | head -n 1 | xargs -r basename | sed 's/\.private$//'
}

start_stack() {
  docker network create "$net" >/dev/null
  docker run -d --name "$sink" --network "$net" -p 127.0.0.1:8025:8025 axllent/mailpit:v1.18 >/dev/null
  docker build -q -t dkimtest-mta:local "$src/docker/mta" >/dev/null
  docker run -d --name "$mta" --network "$net" -p 127.0.0.1:2587:587 \
    -v "$keys:/etc/opendkim/keys:ro" \
    -v "$src/config/opendkim:/etc/opendkim/conf.d:ro" \
    -e RELAYHOST="[$sink]:1025" dkimtest-mta:local >/dev/null
  local i
  for i in $(seq 1 30); do
    if swaks --quit-after EHLO --server 127.0.0.1:2587 >/dev/null 2>&1; then
      log "test MTA ready"
      return 0
    fi
    sleep 1
  done
  err "test MTA did not come up"
  docker logs "$mta" | tail -n 30
  exit 1
}

clear_sink() {
  curl -fsS -X DELETE http://localhost:8025/api/v1/messages >/dev/null
}

send_test() {
  local domain=$1
  swaks --silent 2 --server 127.0.0.1:2587 \
    --from "dkim-test@$domain" --to sink@test.internal \
    --header "Subject: dkim test $domain $(date +%s)" \
    --body "DKIM signing test for $domain"
}

fetch_raw() {
  local id
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    id=$(curl -fsS 'http://localhost:8025/api/v1/messages?limit=1' | jq -r '.messages[0].ID // empty')
    [[ -n $id ]] && break
    sleep 1
  done
  [[ -n $id ]] || return 1
  curl -fsS "http://localhost:8025/api/v1/message/$id/raw"
}

check_domain() {
  local domain=$1 selector raw sig
  selector=$(selector_of "$domain")
  if [[ -z $selector ]]; then
    err "$domain: no key in keys/$domain"
    failures=$((failures + 1))
    return
  fi
  clear_sink
  send_test "$domain" || { err "$domain: swaks failed"; failures=$((failures + 1)); return; }
  mkdir -p "$work"
  if ! raw=$(fetch_raw); then
    err "$domain: message did not arrive in the sink"
    failures=$((failures + 1))
    return
  fi
  printf '%s\n' "$raw" >"$work/$domain.eml"
  sig=$(grep -A3 -i '^DKIM-Signature:' "$work/$domain.eml" | tr -d '\r\n\t ' || true)
  if [[ -z $sig ]]; then
    err "$domain: no DKIM-Signature header"
    failures=$((failures + 1))
    return
  fi
  if [[ $sig != *"d=$domain;"* || $sig != *"s=$selector;"* ]]; then
    err "$domain: signed with unexpected d=/s= ($sig)"
    failures=$((failures + 1))
    return
  fi
  if opendkim-testmsg -d "$domain" -s "$selector" -k "$keys/$domain/$selector.private" \
       <"$work/$domain.eml" 2>"$work/$domain.verify"; then
    log "$domain: signed with s=$selector and verifies"
  else
    err "$domain: signature does not verify ($(head -n 1 "$work/$domain.verify"))"
    failures=$((failures + 1))
  fi
}

main() {
  start_stack
  local d
  while IFS= read -r d; do
    check_domain "$d"
  done < <(domains)
  if ((failures)); then
    err "$failures domain(s) failed; raw mails in ${work#"$src"/}"
    exit 1
  fi
  log "all domains sign correctly"
}

main
