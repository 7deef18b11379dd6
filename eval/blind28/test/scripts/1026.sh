#!/usr/bin/env bash
#
# History
#   2024-02  first version (postfix check only)
#   2024-04  mailpit sink and smoke mails
#   2024-06  --diff against the staging relay
#
# Contacts: mail platform team (#mail-ops)
#
# Requirements: docker, swaks, jq, curl, postfix
# tools (postconf/postmap) on the host.
#
#
# tests/relay-smoke.txt: one "recipient|subject" per line, e.g.
#   qa1@test.internal|plain local delivery
#   list@lists.test.internal|mailman list address
#   bounce-me@test.internal|expected bounce path
#
# The test container reads the repo config from postfix/ (read-only mount);
# lookup tables are built on the host with postmap into out/postfix/ first, so
# a broken map fails here and not during the ansible rollout.
#
# Exit status: 0 all checks passed, 1 any failure (details printed).
#
# --diff needs ssh access to relay-staging.internal (read-only postconf -n).
#
# relay-config-test.sh - test the Postfix relay configuration in this repo
# against a throwaway Postfix container before it is rolled out by ansible.
#
#   tools/relay-config-test.sh            build maps, check config, run smoke mails
#   tools/relay-config-test.sh --keep     leave the test container running afterwards
#   tools/relay-config-test.sh --diff     only show `postconf -n` drift vs. the staging relay
#
# What happens:
#   1. postmap builds the lookup tables from postfix/*.map into out/postfix/
#   2. a postfix container (image pinned in postfix/Dockerfile) is started with
#      the repo config mounted read-only, published on 127.0.0.1:2526 only
#   3. `postfix check` and `postconf -n` run inside it
#   4. swaks sends smoke mails to the container; the container relays to the
#      mailpit sink on the same docker network (no mail leaves the machine)
#   5. results are read back from mailpit's API (localhost:8025)
# The container and network are created by this script and removed at exit.

set -o errexit -o nounset -o pipefail

here=$(cd -- "$(dirname -- "$0")" && pwd -P)
repo=${here%/*}
out="$repo/out/postfix"
name="relaytest-$$"
net="relaytest-net-$$"
keep=0
diff_only=0
started_container=0

say() { printf '\033[36m[relay-test]\033[0m %s\n' "$*"; }
fail() { printf '\033[31m[relay-test] %s\033[0m\n' "$*" >&2; exit 1; }

cleanup() {
  if ((started_container)) && ((keep == 0)); then
    docker rm -f "$name" mailpit-"$$" >/dev/null 2>&1 || true
    docker network rm "$net" >/dev/null 2>&1 || true
    say "removed test containers"
  fi
}
trap cleanup EXIT

for arg in "$@"; do
  case $arg in
    --keep) keep=1 ;;
    --diff) diff_only=1 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) fail "unknown option $arg" ;;
  esac
done

need() {
  local tool
  for tool; do
    command -v "$tool" >/dev/null || fail "$tool is required"
  done
}

build_maps() {
  mkdir -p "$out"
  local map n=0
  for map in "$repo"/postfix/*.map; do
    [[ -e $map ]] || continue
    cp -- "$map" "$out/"
    postmap "lmdb:$out/$(basename "$map")"
    n=$((n + 1))
  done
  say "built $n lookup table(s) in ${out#"$repo"/}"
}

drift() {
  # compare the repo's main.cf settings with what the staging relay runs
  local staging="$out/staging-postconf.txt" wanted="$out/repo-postconf.txt"
  ssh -o BatchMode=yes relay-staging.internal 'postconf -n' >"$staging" \
    || fail "cannot read postconf from relay-staging.internal"
  postconf -c "$repo/postfix" -n >"$wanted"
  if diff -u "$staging" "$wanted" >"$out/postconf.diff"; then
    say "repo config matches the staging relay"
  else
    say "differences (staging -> repo):"
    sed 's/^/    /' "$out/postconf.diff"
  fi
}

start_containers() {
  docker network create "$net" >/dev/null
  docker run -d --rm --name mailpit-"$$" --network "$net" \
    -p 127.0.0.1:8025:8025 axllent/mailpit:v1.18 >/dev/null
  docker build -q -t relaytest:local "$repo/postfix" >/dev/null
  docker run -d --rm --name "$name" --network "$net" \
    -p 127.0.0.1:2526:25 \
    -v "$repo/postfix:/etc/postfix/repo:ro" \
    -v "$out:/etc/postfix/maps:ro" \
    -e RELAYHOST="[mailpit-$$]:1025" \
    relaytest:local >/dev/null
  started_container=1
  local tries=0
  until docker exec "$name" postfix status >/dev/null 2>&1; do
    tries=$((tries + 1))
    ((tries > 20)) && fail "postfix did not start in the container"
    sleep 1
  done
  say "test relay up on 127.0.0.1:2526"
}

check_config() {
  docker exec "$name" postfix check || fail "postfix check reported problems"
  docker exec "$name" postconf -n >"$out/container-postconf.txt"
  say "postfix check ok ($(wc -l <"$out/container-postconf.txt") non-default settings)"
}

smoke() {
  local to subject n=0
  while IFS='|' read -r to subject; do
    [[ -z $to || $to == \#* ]] && continue
    swaks --silent 2 --server 127.0.0.1:2526 --to "$to" --from smoke@test.internal \
      --header "Subject: $subject" --body "relay smoke test $(date -u +%FT%TZ)" \
      || fail "swaks failed for $to"
    n=$((n + 1))
  done <"$repo/tests/relay-smoke.txt"
  say "sent $n smoke mail(s)"
  sleep 3
}

verify() {
  local got expected
  expected=$(grep -cv '^\s*\(#\|$\)' "$repo/tests/relay-smoke.txt")
  got=$(curl -fsS 'http://localhost:8025/api/v1/messages?limit=200' | jq '.messages_count')
  if [[ $got -ge $expected ]]; then
    say "mailpit received $got message(s), expected $expected"
  else
    docker logs "$name" 2>&1 | tail -n 30
    fail "mailpit received $got message(s), expected $expected"
  fi
  curl -fsS 'http://localhost:8025/api/v1/messages?limit=200' \
    | jq -r '.messages[] | "\(.To[0].Address)\t\(.Subject)"' >"$out/received.tsv"
}

main() {
  need postconf postmap
  if ((diff_only)); then
    mkdir -p "$out"
    drift
    return
  fi
  need docker swaks jq curl
  build_maps
  start_containers
  check_config
  smoke
  verify
  if ((keep)); then
    say "--keep: containers $name and mailpit-$$ left running"
  fi
  say "all relay tests passed"
}

main
