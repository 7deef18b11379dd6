#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Owner: identity team
# ldap-fixtures.sh - (re)load the OpenLDAP fixtures for the SSO integration
# tests into the compose service "openldap".
#
#   test/ldap-fixtures.sh            reset and load everything
#   test/ldap-fixtures.sh --verify   only check that the fixture users exist
#   test/ldap-fixtures.sh --down     stop the container afterwards
#
# All changes happen under ou=itest,dc=ledger,dc=test on the container
# reachable at ldap://127.0.0.1:1389. The admin password is the throwaway
# value from test/ldap.env and is handed to the ldap tools through a 0600
# temp file (-y), which the EXIT trap removes.
#
# Fixture files (test/fixtures/ldap/*.ldif) are plain LDIF; their DNs must all
# end in ou=itest,dc=ledger,dc=test or the load is refused. Typical layout:
#
#   00-ous.ldif       ou=people / ou=groups under the test OU
#   10-users.ldif     itest-alice, itest-bob, itest-locked (pwdAccountLockedTime)
#   20-groups.ldif    ledger-admins, ledger-readers
#
# Passwords in the fixtures are fixed test values (itest-<name>-pw) so the
# integration tests can bind as those users.
#
# Exit codes: 0 ok, 1 failure. With --down the container and its anonymous
# volume are removed on exit, whatever the outcome.
#
# Requirements: docker compose v2, ldap-utils (ldapsearch, ldapadd,
# ldapdelete, ldapwhoami).
#
# CI runs: test/ldap-fixtures.sh --down  (fresh container per pipeline).
# Locally: test/ldap-fixtures.sh         (container keeps running between
# test runs; reloading takes about two seconds).
set -Eeuo pipefail

TEST_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$TEST_DIR")
COMPOSE=(docker compose -p ledger-itest -f "$ROOT/test/compose.ldap.yml")
FIXTURES="$TEST_DIR/fixtures/ldap"
LDAP_URI="ldap://127.0.0.1:1389"
BASE_DN="dc=ledger,dc=test"
OU_DN="ou=itest,$BASE_DN"
ADMIN_DN="cn=admin,$BASE_DN"
PWFILE=""
DOWN=0
VERIFY_ONLY=0

fail() { echo "ldap-fixtures: $*" >&2; exit 1; }
say() { echo "ldap-fixtures: $*"; }

cleanup() {
  [[ -n "$PWFILE" ]] && rm -f -- "$PWFILE"
  if (( DOWN )); then
    "${COMPOSE[@]}" down --volumes >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT

for arg in "$@"; do
  case "$arg" in
    --verify) VERIFY_ONLY=1 ;;
    --down) DOWN=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) fail "unknown argument $arg" ;;
  esac
done

# The URI is fixed to loopback on purpose: this script deletes a subtree, and
# it must never be pointed at a shared directory server by an env override.
case "$LDAP_URI" in
  ldap://127.0.0.1:*|ldap://localhost:*) ;;
  *) fail "refusing non-local LDAP URI $LDAP_URI" ;;
esac

password_file() {
  # shellcheck source=/dev/null
  . "$TEST_DIR/ldap.env"
  : "${LDAP_ADMIN_PASSWORD:?ldap.env must set LDAP_ADMIN_PASSWORD}"
  PWFILE=$(mktemp)
  chmod 600 "$PWFILE"
  printf '%s' "$LDAP_ADMIN_PASSWORD" > "$PWFILE"
}

ldap() {
  local tool=$1; shift
  "$tool" -x -H "$LDAP_URI" -D "$ADMIN_DN" -y "$PWFILE" "$@"
}

up() {
  if ! "${COMPOSE[@]}" ps --status running --services | grep -qx openldap; then
    say "starting openldap container"
    "${COMPOSE[@]}" up -d openldap
  fi
  local i
  for i in $(seq 1 60); do
    if ldapsearch -x -H "$LDAP_URI" -b '' -s base namingContexts >/dev/null 2>&1; then
      return 0
    fi
    sleep 1
  done
  "${COMPOSE[@]}" logs --tail 30 openldap >&2
  fail "openldap did not answer on $LDAP_URI"
}

subtree_exists() {
  ldap ldapsearch -LLL -b "$OU_DN" -s base dn >/dev/null 2>&1
}

reset_subtree() {
  if subtree_exists; then
    say "deleting $OU_DN"
    ldap ldapdelete -r "$OU_DN"
  fi
  ldap ldapadd <<EOF
dn: $OU_DN
objectClass: organizationalUnit
ou: itest
EOF
}

load_fixtures() {
  local f count=0
  shopt -s nullglob
  for f in "$FIXTURES"/*.ldif; do
    # every DN in a fixture file must live under the test OU
    if grep -E '^dn:' "$f" | grep -vq ",$OU_DN\$"; then
      fail "$(basename "$f") contains entries outside $OU_DN"
    fi
    ldap ldapadd -c -f "$f" >/dev/null || {
      rc=$?
      (( rc == 68 )) || fail "ldapadd failed for $(basename "$f") ($rc)"
    }
    count=$(( count + $(grep -c '^dn:' "$f") ))
    say "loaded $(basename "$f")"
  done
  say "$count entries loaded under $OU_DN"
}

verify() {
  local expected actual missing=0 uid
  expected=$(grep -h '^uid:' "$FIXTURES"/*.ldif | awk '{print $2}' | sort -u)
  actual=$(ldap ldapsearch -LLL -b "ou=people,$OU_DN" '(objectClass=inetOrgPerson)' uid \
    | awk '/^uid:/ {print $2}' | sort -u)
  for uid in $expected; do
    if ! grep -qx "$uid" <<<"$actual"; then
      echo "  missing user $uid"
      missing=$(( missing + 1 ))
    fi
  done
  (( missing == 0 )) || fail "$missing fixture user(s) missing"
  say "all $(wc -w <<<"$expected") fixture users present"
}

check_bind() {
  # a fixture user must be able to bind with its fixture password
  local dn="uid=itest-alice,ou=people,$OU_DN"
  if ldapwhoami -x -H "$LDAP_URI" -D "$dn" -w itest-alice-pw >/dev/null 2>&1; then
    say "bind as itest-alice ok"
  else
    fail "fixture user itest-alice cannot bind"
  fi
}

main() {
  command -v ldapsearch >/dev/null || fail "ldap-utils not installed"
  command -v docker >/dev/null || fail "docker not installed"
  password_file
  up
  if (( VERIFY_ONLY )); then
    verify
    return
  fi
  reset_subtree
  load_fixtures
  verify
  check_bind
}

main
