#!/usr/bin/env bash
# deploy/sls.sh - Serverless Framework wrapper for the notifications service.
#
#   deploy/sls.sh package [stage]        build the artifact into .serverless/ (default stage: dev)
#   deploy/sls.sh deploy STAGE           deploy; prod requires CONFIRM=notifications-prod
#   deploy/sls.sh remove STAGE           tear down a personal/preview stage (never prod/staging)
#   deploy/sls.sh logs STAGE FUNCTION    tail logs
#
# AWS credentials come from the normal SDK chain (aws sso login --profile harbor-dev).
set -euo pipefail

SERVICE_DIR="$(cd "$(dirname "$0")/.." && pwd)"
cd "$SERVICE_DIR"

SERVICE="notifications"
PROTECTED_STAGES=(prod staging)
DEFAULT_REGION="eu-central-1"
ARTIFACT_DIR=".serverless"

log() { echo "[sls] $*"; }
abort() { echo "[sls] error: $*" >&2; exit 1; }

is_protected() {
  local stage="$1" s
  for s in "${PROTECTED_STAGES[@]}"; do
    [[ "$stage" == "$s" ]] && return 0
  done
  return 1
}

valid_stage() {
  [[ "$1" =~ ^[a-z][a-z0-9-]{1,20}$ ]] || abort "invalid stage name '$1'"
}

sls() {
  npx --no-install serverless "$@" --region "${AWS_REGION:-$DEFAULT_REGION}"
}

whoami_aws() {
  aws sts get-caller-identity --query 'Arn' --output text 2>/dev/null || abort "not logged in to AWS (aws sso login)"
}

install_deps() {
  if [[ ! -d node_modules ]] || [[ package-lock.json -nt node_modules/.package-lock.json ]]; then
    log "installing dependencies"
    npm ci --no-audit --no-fund
  fi
}

run_tests() {
  log "unit tests"
  npm test -- --silent
}

clean_artifacts() {
  rm -rf "$ARTIFACT_DIR" .esbuild
}

artifact_size() {
  du -sh "$ARTIFACT_DIR"/*.zip 2>/dev/null | awk '{print $1" "$2}'
}

cmd_package() {
  local stage="${1:-dev}"
  valid_stage "$stage"
  install_deps
  run_tests
  clean_artifacts
  log "packaging for stage $stage"
  sls package --stage "$stage"
  artifact_size
}

confirm_prod() {
  [[ "${CONFIRM:-}" == "$SERVICE-prod" ]] || abort "set CONFIRM=$SERVICE-prod to deploy production"
  local branch
  branch="$(git rev-parse --abbrev-ref HEAD)"
  [[ "$branch" == "main" ]] || abort "production deploys only from main (on $branch)"
  [[ -z "$(git status --porcelain)" ]] || abort "working tree is dirty"
}

cmd_deploy() {
  local stage="${1:?stage required}"
  valid_stage "$stage"
  if [[ "$stage" == prod ]]; then
    confirm_prod
  fi
  log "identity: $(whoami_aws)"
  cmd_package "$stage"
  log "deploying $SERVICE to $stage"
  sls deploy --stage "$stage" --package "$ARTIFACT_DIR" --verbose
  sls info --stage "$stage" | sed -n '/endpoints:/,/functions:/p'
}

cmd_remove() {
  local stage="${1:?stage required}"
  valid_stage "$stage"
  if is_protected "$stage"; then
    abort "refusing to remove protected stage '$stage'"
  fi
  log "identity: $(whoami_aws)"
  local stack="$SERVICE-$stage"
  if ! aws cloudformation describe-stacks --stack-name "$stack" >/dev/null 2>&1; then
    log "stack $stack does not exist"
    return 0
  fi
  read -r -p "Remove stack $stack? [y/N] " answer
  [[ "$answer" == [yY] ]] || abort "aborted"
  sls remove --stage "$stage"
  log "removed $stack"
}

cmd_logs() {
  local stage="${1:?stage}" fn="${2:?function}"
  valid_stage "$stage"
  sls logs --stage "$stage" --function "$fn" --tail --startTime 15m
}

cmd_outputs() {
  # CloudFormation outputs (API URL, queue ARNs) for wiring up the frontend
  local stage="${1:?stage}"
  valid_stage "$stage"
  aws cloudformation describe-stacks --stack-name "$SERVICE-$stage" \
    --query 'Stacks[0].Outputs[].[OutputKey,OutputValue]' --output text
}

cmd_stages() {
  # list deployed stacks of this service
  aws cloudformation list-stacks --stack-status-filter CREATE_COMPLETE UPDATE_COMPLETE \
    --query "StackSummaries[?starts_with(StackName, '$SERVICE-')].[StackName,LastUpdatedTime]" \
    --output text | sort
}

cmd_invoke() {
  # invoke a deployed function with a fixture event (never on prod)
  local stage="${1:?stage}" fn="${2:?function}" event="${3:-events/$2.json}"
  valid_stage "$stage"
  is_protected "$stage" && [[ "$stage" == prod ]] && abort "no test invocations on prod"
  [[ -f "$event" ]] || abort "no event file $event"
  sls invoke --stage "$stage" --function "$fn" --path "$event" --log
}

cmd_local() {
  # run a function locally with the dev env file; nothing leaves the machine
  local fn="${1:?function}" event="${2:-events/$1.json}"
  install_deps
  [[ -f "$event" ]] || abort "no event file $event"
  sls invoke local --stage dev --function "$fn" --path "$event" --env-file .env.local
}

cmd_prune_versions() {
  # Lambda keeps every published version; keep the last 5 per function
  local stage="${1:?stage}"
  valid_stage "$stage"
  log "pruning old Lambda versions for stage $stage"
  sls prune --stage "$stage" --number 5 || log "serverless-prune-plugin not installed; skipping"
}

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; }

main() {
  local cmd="${1:-}"
  [[ -n "$cmd" ]] || { usage; exit 1; }
  shift
  case "$cmd" in
    package) cmd_package "$@" ;;
    deploy) cmd_deploy "$@" ;;
    remove) cmd_remove "$@" ;;
    logs) cmd_logs "$@" ;;
    stages) cmd_stages ;;
    outputs) cmd_outputs "$@" ;;
    invoke) cmd_invoke "$@" ;;
    local) cmd_local "$@" ;;
    prune) cmd_prune_versions "$@" ;;
    -h|--help) usage ;;
    *) usage; abort "unknown command $cmd" ;;
  esac
}

main "$@"
