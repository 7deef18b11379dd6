#!/usr/bin/env bash
# registry-login.sh - log docker/helm in to the registry this project deploys to.
#
# The registry is configured in deploy/registry.env (committed, no secrets):
#   REGISTRY_KIND=ecr|ghcr|harbor
#   REGISTRY_HOST=...            (ghcr.io, <acct>.dkr.ecr.<region>.amazonaws.com,
#                                 harbor.build.internal)
#   AWS_PROFILE=dev  AWS_REGION=eu-west-1          (ecr only)
#
# Secrets come from the environment or the git-ignored .env:
#   ghcr:   CR_USER, CR_PAT
#   harbor: HARBOR_USER, HARBOR_TOKEN
#   ecr:    none - uses `aws ecr get-login-password` for the configured profile
#
# The secret is streamed into `--password-stdin`; it is never echoed, never put
# on a command line and never written anywhere by this script.
set -euo pipefail

die() { echo "registry-login: $*" >&2; exit 1; }
log() { echo "registry-login: $*" >&2; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONF="$ROOT/deploy/registry.env"
DOTENV="$ROOT/.env"
DRY_RUN=0
WITH_HELM=0
CHECK_ONLY=0

for arg in "$@"; do
  case "$arg" in
    --dry-run) DRY_RUN=1 ;;
    --helm) WITH_HELM=1 ;;
    --check) CHECK_ONLY=1 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) die "unknown argument $arg" ;;
  esac
done

[[ -f "$CONF" ]] || die "missing ${CONF#"$ROOT"/}"

# Parse KEY=VALUE lines without sourcing (the file is data, not a script).
read_kv() {
  local file="$1" key val
  while IFS='=' read -r key val; do
    [[ -z "$key" || "$key" == \#* ]] && continue
    key="${key//[[:space:]]/}"
    [[ "$key" =~ ^[A-Z_][A-Z0-9_]*$ ]] || continue
    val="${val%\"}"; val="${val#\"}"
    # environment wins over files
    if [[ -z "${!key:-}" ]]; then
      printf -v "$key" '%s' "$val"
      export "${key?}"
    fi
  done <"$file"
}

read_kv "$CONF"
[[ -f "$DOTENV" ]] && read_kv "$DOTENV"

: "${REGISTRY_KIND:?REGISTRY_KIND missing in registry.env}"
: "${REGISTRY_HOST:?REGISTRY_HOST missing in registry.env}"

mask() {
  local s="$1" n=${#1}
  if (( n <= 8 )); then printf '%*s' "$n" '' | tr ' ' '*'; return; fi
  printf '%s%s%s' "${s:0:4}" "$(printf '%*s' $(( n - 8 )) '' | tr ' ' '*')" "${s: -4}"
}

validate_host() {
  case "$REGISTRY_KIND:$REGISTRY_HOST" in
    ghcr:ghcr.io) ;;
    ecr:*.dkr.ecr.*.amazonaws.com) ;;
    harbor:*.internal) ;;
    *) die "registry host '$REGISTRY_HOST' does not match kind '$REGISTRY_KIND'" ;;
  esac
}

already_logged_in() {
  local cfg="${DOCKER_CONFIG:-$HOME/.docker}/config.json"
  [[ -f "$cfg" ]] && jq -e --arg h "$REGISTRY_HOST" '.auths[$h] // empty' "$cfg" >/dev/null 2>&1
}

with_retry() {
  local attempt=1 max=3 delay=2
  until "$@"; do
    (( attempt >= max )) && return 1
    log "attempt $attempt failed; retrying in ${delay}s"
    sleep "$delay"
    attempt=$(( attempt + 1 ))
    delay=$(( delay * 2 ))
  done
}

secret_for_kind() {
  case "$REGISTRY_KIND" in
    ghcr)
      [[ -n "${CR_PAT:-}" ]] || die "CR_PAT not set (env or .env)"
      printf '%s' "$CR_PAT"
      ;;
    harbor)
      [[ -n "${HARBOR_TOKEN:-}" ]] || die "HARBOR_TOKEN not set (env or .env)"
      printf '%s' "$HARBOR_TOKEN"
      ;;
    ecr)
      aws ecr get-login-password --profile "${AWS_PROFILE:-dev}" --region "${AWS_REGION:?}"
      ;;
    *) die "unknown REGISTRY_KIND=$REGISTRY_KIND" ;;
  esac
}

user_for_kind() {
  case "$REGISTRY_KIND" in
    ghcr) printf '%s' "${CR_USER:?CR_USER not set}" ;;
    harbor) printf '%s' "${HARBOR_USER:?HARBOR_USER not set}" ;;
    ecr) printf 'AWS' ;;
  esac
}

docker_login() {
  secret_for_kind | docker login "$REGISTRY_HOST" --username "$(user_for_kind)" --password-stdin \
    >/dev/null
}

helm_login() {
  secret_for_kind | helm registry login "$REGISTRY_HOST" --username "$(user_for_kind)" \
    --password-stdin >/dev/null
}

check_dotenv_ignored() {
  [[ -f "$DOTENV" ]] || return 0
  if ! git -C "$ROOT" check-ignore -q -- "$DOTENV"; then
    die ".env is not git-ignored; refusing to read secrets from a file that could be committed"
  fi
  local mode
  mode="$(stat -c '%a' -- "$DOTENV")"
  if [[ "$mode" != 600 && "$mode" != 400 ]]; then
    log "warning: .env has mode $mode; consider chmod 600 .env"
  fi
}

token_expiry_hint() {
  # GitHub fine-grained PATs start with github_pat_; classic ones with ghp_.
  [[ "$REGISTRY_KIND" == ghcr ]] || return 0
  case "${CR_PAT:-}" in
    github_pat_*) log "using a fine-grained PAT; it needs 'packages: write' on the repo" ;;
    ghp_*) log "using a classic PAT; it needs the write:packages scope" ;;
    "") ;;
    *) log "CR_PAT does not look like a GitHub token" ;;
  esac
}

check_dotenv_ignored
validate_host
token_expiry_hint
log "registry: $REGISTRY_HOST ($REGISTRY_KIND)"

if (( CHECK_ONLY )); then
  if already_logged_in; then log "docker already has credentials for $REGISTRY_HOST"; exit 0; fi
  log "not logged in"; exit 1
fi

if [[ "$REGISTRY_KIND" == ecr ]]; then
  aws sts get-caller-identity --profile "${AWS_PROFILE:-dev}" --query Arn --output text >/dev/null \
    || die "AWS session for profile ${AWS_PROFILE:-dev} expired; run: aws sso login --profile ${AWS_PROFILE:-dev}"
fi

if (( DRY_RUN )); then
  case "$REGISTRY_KIND" in
    ghcr) log "would log in as ${CR_USER:-?} with CR_PAT=$(mask "${CR_PAT:-}")" ;;
    harbor) log "would log in as ${HARBOR_USER:-?} with HARBOR_TOKEN=$(mask "${HARBOR_TOKEN:-}")" ;;
    ecr) log "would log in with an ECR token for profile ${AWS_PROFILE:-dev}" ;;
  esac
  exit 0
fi

with_retry docker_login || die "docker login to $REGISTRY_HOST failed"
log "docker: logged in to $REGISTRY_HOST"

if (( WITH_HELM )); then
  command -v helm >/dev/null || die "helm not installed"
  with_retry helm_login || die "helm registry login failed"
  log "helm: logged in to $REGISTRY_HOST"
fi

cfg="${DOCKER_CONFIG:-$HOME/.docker}/config.json"
if [[ -f "$cfg" ]] && ! jq -e '.credsStore // .credHelpers' "$cfg" >/dev/null 2>&1; then
  log "note: credentials are stored base64-encoded in $cfg; consider a credential helper"
fi
