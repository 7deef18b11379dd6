#!/usr/bin/env bash
# gl-local.sh - run .gitlab-ci.yml jobs locally before pushing.
#
#   ci/gl-local.sh jobs                 list jobs
#   ci/gl-local.sh run unit             gitlab-runner exec docker unit
#   ci/gl-local.sh run lint --shell     use the shell executor instead
#   ci/gl-local.sh lint                 validate the CI file via the GitLab API
#
# Variables for local runs come from ci/local.env (gitignored); nothing from
# the user's environment is forwarded. Jobs in stage "deploy" or with
# "when: manual" are never run locally. Containers started by the docker
# executor are labelled and removed afterwards.
set -Eeuo pipefail

TOP=$(git rev-parse --show-toplevel)
CI_FILE="$TOP/.gitlab-ci.yml"
LOCAL_ENV="$TOP/ci/local.env"
LABEL="gl-local=$(basename "$TOP")"
EXECUTOR="docker"

die() { echo "gl-local: $*" >&2; exit 1; }

cleanup() {
  if command -v docker >/dev/null 2>&1; then
    local ids
    ids=$(docker ps -aq --filter "label=$LABEL" 2>/dev/null || true)
    [[ -z "$ids" ]] || docker rm -f $ids >/dev/null 2>&1 || true
  fi
  rm -rf -- "$TOP/builds-local" "$TOP/cache-local"
}
trap cleanup EXIT

require() {
  command -v "$1" >/dev/null 2>&1 || die "$1 is not installed"
}

yq_jobs() {
  # top-level keys that are jobs: not reserved words, not hidden (.template)
  yq -r 'keys | .[]' "$CI_FILE" | grep -vE '^(\.|stages$|variables$|default$|include$|workflow$|image$|services$|cache$|before_script$|after_script$)'
}

job_field() {
  local job=$1 field=$2
  yq -r ".\"$job\".$field // \"\"" "$CI_FILE"
}

# A job is "blocked" for local runs when it deploys or publishes anything.
# GitLab marks those with stage: deploy or when: manual in this repo; the
# name check is a second line of defence for jobs someone forgot to mark.
# Blocked jobs are still listed by `jobs`, just never executed.
# The stage check reads the job's own key only (no extends resolution).
# That is good enough: our deploy templates set stage on the job itself.
blocked() {
  local job=$1
  [[ "$(job_field "$job" stage)" == deploy ]] && return 0
  [[ "$(job_field "$job" when)" == manual ]] && return 0
  [[ "$job" == *deploy* || "$job" == *release* ]] && return 0
  return 1
}

env_args() {
  local -n out=$1
  out=()
  [[ -f "$LOCAL_ENV" ]] || return 0
  git -C "$TOP" check-ignore -q "$LOCAL_ENV" || die "ci/local.env must be gitignored"
  local line
  while IFS= read -r line; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    [[ "$line" =~ ^[A-Z_][A-Z0-9_]*= ]] || die "bad line in local.env: $line"
    out+=(--env "$line")
  done < "$LOCAL_ENV"
}

cmd_jobs() {
  local job stage
  while read -r job; do
    stage=$(job_field "$job" stage)
    if blocked "$job"; then
      printf '  %-28s %-10s (not run locally)\n' "$job" "${stage:-test}"
    else
      printf '  %-28s %s\n' "$job" "${stage:-test}"
    fi
  done < <(yq_jobs)
}

cmd_run() {
  local job=${1:?job name required}
  shift
  [[ "${1:-}" == --shell ]] && EXECUTOR=shell
  yq_jobs | grep -qx -- "$job" || die "no job '$job' in .gitlab-ci.yml"
  blocked "$job" && die "'$job' is a deploy/manual job; it only runs in GitLab"
  require gitlab-runner
  local -a envs
  env_args envs
  local -a args=(exec "$EXECUTOR" "${envs[@]}")
  if [[ "$EXECUTOR" == docker ]]; then
    require docker
    args+=(--docker-pull-policy if-not-present --docker-privileged=false
           --docker-volumes "$TOP/cache-local:/cache"
           --docker-labels "$LABEL")
  else
    args+=(--builds-dir "$TOP/builds-local")
  fi
  args+=("$job")
  echo "+ gitlab-runner ${args[*]}"
  local start=$SECONDS
  if gitlab-runner "${args[@]}"; then
    echo "job $job passed in $(( SECONDS - start ))s"
  else
    die "job $job failed after $(( SECONDS - start ))s"
  fi
}

cmd_lint() {
  local token=${GITLAB_TOKEN:-}
  [[ -n "$token" ]] || die "GITLAB_TOKEN (read_api) is required for lint"
  local project=${GITLAB_PROJECT_ID:-}
  [[ -n "$project" ]] || die "GITLAB_PROJECT_ID is required for lint"
  require jq
  local body
  body=$(jq -Rs '{content: .}' < "$CI_FILE")
  local resp
  resp=$(curl -fsS --retry 3 --retry-delay 2 \
    -H "PRIVATE-TOKEN: $token" -H 'Content-Type: application/json' \
    -d "$body" "https://gitlab.com/api/v4/projects/$project/ci/lint")
  if [[ "$(jq -r '.valid' <<<"$resp")" == true ]]; then
    echo "CI file valid (token ...${token: -4})"
  else
    jq -r '.errors[]' <<<"$resp" | sed 's/^/  error: /'
    die "CI file invalid"
  fi
  jq -r '.warnings[]?' <<<"$resp" | sed 's/^/  warning: /'
}

cmd_all() {
  # every runnable job of a stage, in file order, stopping at the first failure
  local stage=${1:?stage name}
  local job ran=0
  while read -r job; do
    [[ "$(job_field "$job" stage)" == "$stage" ]] || continue
    blocked "$job" && continue
    cmd_run "$job"
    ran=$(( ran + 1 ))
  done < <(yq_jobs)
  (( ran > 0 )) || die "no runnable jobs in stage $stage"
  echo "$ran job(s) in stage $stage passed"
}

cmd_doctor() {
  echo "repo:     $TOP"
  echo "ci file:  $(wc -l < "$CI_FILE") lines, $(yq_jobs | wc -l) jobs"
  echo "runner:   $(gitlab-runner --version 2>/dev/null | head -n 1 || echo missing)"
  echo "docker:   $(docker version --format '{{.Server.Version}}' 2>/dev/null || echo unavailable)"
  echo "yq:       $(yq --version 2>/dev/null || echo missing)"
  if [[ -f "$LOCAL_ENV" ]]; then
    echo "local.env: $(grep -c '=' "$LOCAL_ENV") variables"
  else
    echo "local.env: none (copy ci/local.env.example)"
  fi
  local includes
  includes=$(yq -r '.include // [] | length' "$CI_FILE")
  if (( includes > 0 )); then
    echo "note: $includes include(s) are not resolved by gitlab-runner exec"
  fi
}

main() {
  [[ -f "$CI_FILE" ]] || die "no .gitlab-ci.yml at the repository root"
  require yq
  case "${1:-jobs}" in
    jobs) cmd_jobs ;;
    run) shift; cmd_run "$@" ;;
    lint) cmd_lint ;;
    stage) shift; cmd_all "$@" ;;
    doctor) cmd_doctor ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
}

main "$@"
