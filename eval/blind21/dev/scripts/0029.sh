#!/usr/bin/env bash
# ci-local.sh - run GitHub Actions jobs locally with act before pushing.
#
#   scripts/ci-local.sh            # list jobs
#   scripts/ci-local.sh lint       # run one job
#   scripts/ci-local.sh test --event pull_request
#   scripts/ci-local.sh all        # every job in ci.yml except deploy ones
#
# Secrets: act gets them from .secrets.act in the repo (gitignored, created
# from .secrets.act.example). Only that file is used; we never point act at
# secrets outside the repository. Jobs whose name contains "deploy" or
# "release" are never run locally.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
WORKFLOW="$ROOT/.github/workflows/ci.yml"
SECRETS_FILE="$ROOT/.secrets.act"
ARTIFACTS="$ROOT/.act-artifacts"
IMAGE_MAP="-P ubuntu-latest=catthehacker/ubuntu:act-22.04"
EVENT="push"
JOB=""
KEEP=0

die() { echo "ci-local: $*" >&2; exit 1; }

cleanup() {
  local rc=$?
  # act leaves stopped job containers behind when a step fails; remove the
  # ones labelled with our workflow only
  if command -v docker >/dev/null; then
    local ids
    ids="$(docker ps -aq --filter "label=act-workflow=ci" 2>/dev/null || true)"
    if [[ -n "$ids" && $KEEP -eq 0 ]]; then
      docker rm -f $ids >/dev/null 2>&1 || true
    fi
  fi
  if [[ $KEEP -eq 0 && -d "$ARTIFACTS" ]]; then
    rm -rf -- "$ARTIFACTS"
  fi
  exit "$rc"
}
trap cleanup EXIT

while (( $# )); do
  case "$1" in
    --event) EVENT="${2:?}"; shift ;;
    --keep) KEEP=1 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) die "unknown flag $1" ;;
    *) JOB="$1" ;;
  esac
  shift
done

preflight() {
  command -v act >/dev/null || die "act is not installed (brew install act / see docs/ci.md)"
  docker info >/dev/null 2>&1 || die "docker is not running"
  [[ -f "$WORKFLOW" ]] || die "no $WORKFLOW"
  if [[ ! -f "$SECRETS_FILE" ]]; then
    echo "note: $SECRETS_FILE missing; jobs needing secrets will fail" >&2
  else
    local mode
    mode="$(stat -c '%a' "$SECRETS_FILE" 2>/dev/null || stat -f '%Lp' "$SECRETS_FILE")"
    if [[ "$mode" != "600" ]]; then
      chmod 600 "$SECRETS_FILE"
      echo "tightened permissions on .secrets.act"
    fi
    git check-ignore -q "$SECRETS_FILE" || die ".secrets.act is not gitignored!"
  fi
}

list_jobs() {
  act -W "$WORKFLOW" -l | awk 'NR > 1 { print $2 }' | sort -u
}

is_blocked() {
  case "$1" in
    *deploy*|*release*|*publish*) return 0 ;;
    *) return 1 ;;
  esac
}

act_args() {
  local job="$1"
  local -a args=(-W "$WORKFLOW" -j "$job" --artifact-server-path "$ARTIFACTS"
                 --container-architecture linux/amd64 --rm)
  # shellcheck disable=SC2206
  args+=($IMAGE_MAP)
  if [[ -f "$SECRETS_FILE" ]]; then
    args+=(--secret-file "$SECRETS_FILE")
  fi
  if [[ -f "$ROOT/.env.act" ]]; then
    args+=(--env-file "$ROOT/.env.act")
  fi
  if [[ "$EVENT" != "push" ]]; then
    local payload="$ROOT/.github/act-events/$EVENT.json"
    [[ -f "$payload" ]] && args+=(-e "$payload")
  fi
  printf '%s\n' "${args[@]}"
}

run_job() {
  local job="$1"
  if is_blocked "$job"; then
    echo "skipping '$job': deploy/release jobs only run in real CI"
    return 0
  fi
  local -a args
  mapfile -t args < <(act_args "$job")
  echo "==> act $EVENT -j $job"
  local start end
  start=$(date +%s)
  if act "$EVENT" "${args[@]}"; then
    end=$(date +%s)
    echo "==> $job passed in $(( end - start ))s"
    return 0
  fi
  echo "==> $job FAILED" >&2
  return 1
}

check_actions_pinned() {
  # act pulls third-party actions from GitHub; warn about unpinned ones so a
  # local run uses the same code as CI
  local unpinned
  unpinned="$(grep -E '^\s*-?\s*uses:\s*[^.][^@]+@' "$WORKFLOW" \
    | grep -Ev '@[0-9a-f]{40}' | sed -E 's/^\s*-?\s*uses:\s*//' | sort -u || true)"
  if [[ -n "$unpinned" ]]; then
    echo "note: actions not pinned to a commit SHA:" >&2
    printf '  %s\n' $unpinned >&2
  fi
}

ensure_images() {
  local img
  for img in catthehacker/ubuntu:act-22.04; do
    if ! docker image inspect "$img" >/dev/null 2>&1; then
      echo "pulling $img (first run only)"
      docker pull -q "$img" >/dev/null
    fi
  done
}

summary() {
  local -n _results=$1
  echo
  echo "summary:"
  local job
  for job in "${!_results[@]}"; do
    printf '  %-24s %s\n' "$job" "${_results[$job]}"
  done
}

main() {
  preflight
  if [[ -z "$JOB" ]]; then
    echo "jobs in ci.yml:"
    list_jobs | sed 's/^/  /'
    exit 0
  fi
  check_actions_pinned
  ensure_images
  mkdir -p "$ARTIFACTS"
  if [[ "$JOB" != "all" ]]; then
    run_job "$JOB"
    exit $?
  fi
  declare -A results=()
  local failed=0 job
  while read -r job; do
    if run_job "$job"; then
      results[$job]="ok"
    else
      results[$job]="FAILED"
      failed=1
    fi
  done < <(list_jobs)
  summary results
  exit "$failed"
}

main
