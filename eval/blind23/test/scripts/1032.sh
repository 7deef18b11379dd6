#!/usr/bin/env bash
#
# remotes-login.sh - authenticate to the package and image registries tessera
# publishes to, as configured in deploy/remotes.conf (committed, no secrets):
#
#     CONAN_REMOTE=tessera-internal
#     CONAN_URL=https://conan.build.internal/artifactory/api/conan/tessera
#     IMAGE_REGISTRY=ghcr.io
#     IMAGE_OWNER=tessera-project
#
# Secrets are read from the environment, falling back to the git-ignored .env:
#     CONAN_LOGIN_USERNAME / CONAN_PASSWORD    for the conan remote
#     GHCR_USER / GHCR_TOKEN                    for the image registry
#
# Conan takes the password from CONAN_PASSWORD in its environment (documented
# conan 2 behaviour), docker from stdin; neither appears in argv or output.
#
#   tools/remotes-login.sh            # both
#   tools/remotes-login.sh conan      # only conan
#   tools/remotes-login.sh --verify   # show current login state, change nothing

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
TOP=$(git rev-parse --show-toplevel) || exit 1
readonly TOP CONF="$TOP/deploy/remotes.conf" SECRETS="$TOP/.env"

info()  { printf '[%s] %s\n' "$PROG" "$*" >&2; }
fatal() { printf '[%s] error: %s\n' "$PROG" "$*" >&2; exit 1; }

# KEY=VALUE reader; values are data, never evaluated.
kv_get() {
  local file=$1 want=$2 k v
  [[ -f $file ]] || return 1
  while IFS='=' read -r k v; do
    k=${k//[[:space:]]/}
    [[ $k == "$want" ]] || continue
    v=${v#\"}; v=${v%\"}; v=${v#\'}; v=${v%\'}
    printf '%s' "$v"
    return 0
  done <"$file"
  return 1
}

setting() {
  local name=$1 value
  value=$(kv_get "$CONF" "$name") || fatal "$name missing from ${CONF#"$TOP"/}"
  printf '%s' "$value"
}

secret() {
  local name=$1
  if [[ -n ${!name:-} ]]; then
    printf '%s' "${!name}"
    return 0
  fi
  if [[ -f $SECRETS ]]; then
    git -C "$TOP" check-ignore -q -- "$SECRETS" || fatal ".env is tracked or not ignored; refusing"
    kv_get "$SECRETS" "$name" && return 0
  fi
  fatal "$name is not set (environment or .env)"
}

redact() {
  local s=$1
  (( ${#s} > 6 )) && printf '%s…(%d chars)' "${s:0:3}" "${#s}" || printf '***'
}

retry() {
  local n=1 max=4 wait=2
  while ! "$@"; do
    (( n >= max )) && return 1
    info "attempt $n failed; retrying in ${wait}s"
    sleep "$wait"
    n=$((n + 1)); wait=$((wait * 2))
  done
}

conan_login() {
  command -v conan >/dev/null || fatal "conan is not installed"
  local remote url user pass
  remote=$(setting CONAN_REMOTE)
  url=$(setting CONAN_URL)
  case $url in
    https://*.internal/*) ;;
    *) fatal "CONAN_URL must be an https URL on the internal network, got $url" ;;
  esac
  if ! conan remote list --format=json | grep -q "\"name\": \"$remote\""; then
    info "adding conan remote $remote (project-local config via CONAN_HOME if set)"
    conan remote add "$remote" "$url"
  fi
  user=$(secret CONAN_LOGIN_USERNAME)
  pass=$(secret CONAN_PASSWORD)
  info "conan: $user @ $remote, password $(redact "$pass")"
  CONAN_PASSWORD=$pass retry conan remote login "$remote" "$user" >/dev/null
  info "conan: logged in"
}

docker_login() {
  command -v docker >/dev/null || fatal "docker is not installed"
  local registry owner user token
  registry=$(setting IMAGE_REGISTRY)
  owner=$(setting IMAGE_OWNER)
  [[ $registry == ghcr.io ]] || fatal "only ghcr.io is configured for publishing, got $registry"
  user=$(secret GHCR_USER)
  token=$(secret GHCR_TOKEN)
  info "docker: $user @ $registry (images under $registry/$owner), token $(redact "$token")"
  login_once() { printf '%s' "$token" | docker login "$registry" -u "$user" --password-stdin >/dev/null; }
  retry login_once
  info "docker: logged in"
}

check_token_scopes() {
  # A GitHub token for ghcr needs write:packages; ask the API which scopes the
  # token carries (classic PATs report them in X-OAuth-Scopes).
  local token scopes
  token=$(secret GHCR_TOKEN)
  scopes=$(curl -fsS -o /dev/null -D - --max-time 15 \
    -H "Authorization: Bearer $token" https://api.github.com/user 2>/dev/null |
    awk -F': ' 'tolower($1) == "x-oauth-scopes" {print $2}' | tr -d '\r') || true
  if [[ -z $scopes ]]; then
    info "token scopes not reported (fine-grained token?); make sure it may write packages"
  elif [[ $scopes != *write:packages* ]]; then
    fatal "GHCR_TOKEN lacks write:packages (has: $scopes)"
  else
    info "GHCR_TOKEN scopes ok"
  fi
}

conan_home_note() {
  local home
  home=$(conan config home 2>/dev/null || true)
  [[ -n $home ]] || return 0
  case $home in
    "$TOP"/*) info "conan home is project-local: ${home#"$TOP"/}" ;;
    *) info "conan home: $home (remote added there is shared by your other projects)" ;;
  esac
}

verify() {
  local remote
  remote=$(setting CONAN_REMOTE)
  conan_home_note
  if command -v conan >/dev/null; then
    conan remote list-users 2>/dev/null | sed 's/^/  conan: /' || true
  fi
  local cfg=${DOCKER_CONFIG:-$HOME/.docker}/config.json
  if [[ -f $cfg ]] && command -v jq >/dev/null; then
    jq -r '.auths | keys[]' "$cfg" 2>/dev/null | sed 's/^/  docker auth for: /'
    jq -r '.credsStore // "none"' "$cfg" | sed 's/^/  docker credsStore: /'
  fi
  info "expected conan remote: $remote"
}

logout_all() {
  local remote
  remote=$(setting CONAN_REMOTE)
  command -v conan >/dev/null && conan remote logout "$remote" >/dev/null 2>&1 &&
    info "conan: logged out of $remote"
  command -v docker >/dev/null && docker logout "$(setting IMAGE_REGISTRY)" >/dev/null 2>&1 &&
    info "docker: logged out of $(setting IMAGE_REGISTRY)"
}

doctor() {
  # configuration sanity without touching any credentials
  [[ -f $CONF ]] || fatal "missing ${CONF#"$TOP"/}"
  local k
  for k in CONAN_REMOTE CONAN_URL IMAGE_REGISTRY IMAGE_OWNER; do
    kv_get "$CONF" "$k" >/dev/null || info "missing $k in ${CONF#"$TOP"/}"
  done
  if [[ -f $SECRETS ]]; then
    local mode
    mode=$(stat -c %a -- "$SECRETS")
    [[ $mode == 600 || $mode == 400 ]] || info ".env mode is $mode; chmod 600 .env recommended"
  fi
  info "doctor finished"
}

main() {
  local what=${1:-all}
  case $what in
    --logout) logout_all; return ;;
    --doctor) doctor; return ;;
  esac
  case $what in
    --verify) verify ;;
    conan) conan_login ;;
    docker) check_token_scopes; docker_login ;;
    all) conan_login; check_token_scopes; docker_login ;;
    -h|--help) sed -n '3,24p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) fatal "unknown target $what" ;;
  esac
}

main "$@"
