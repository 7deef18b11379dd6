#!/usr/bin/env bash
# Debug failing docker pushes: check login state and registry reachability.
set -uo pipefail

REGISTRY="${REGISTRY:-ghcr.io}"
DOCKER_CFG="${DOCKER_CONFIG:-$HOME/.docker}/config.json"

line() { printf '%-28s %s\n' "$1" "$2"; }

check_config() {
  if [ ! -f "$DOCKER_CFG" ]; then
    line "docker config" "missing"
    return 1
  fi
  line "docker config" "$DOCKER_CFG"
  line "creds store" "$(jq -r '.credsStore // "none"' "$DOCKER_CFG")"
}

show_auth() {
  # decode the stored auth so we can see which user is logged in
  local auth
  auth=$(jq -r --arg r "$REGISTRY" '.auths[$r].auth // empty' "$DOCKER_CFG")
  if [ -n "$auth" ]; then
    line "stored login" "$(echo "$auth" | base64 -d)"
  else
    line "stored login" "none for $REGISTRY"
  fi
}

reachability() {
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' "https://$REGISTRY/v2/")
  line "registry /v2/" "$code"
}

main() {
  echo "registry: $REGISTRY"
  check_config || exit 1
  show_auth
  reachability
  docker info --format '{{.ServerVersion}}' >/dev/null 2>&1 && line "daemon" "ok" || line "daemon" "down"
}

main "$@"
