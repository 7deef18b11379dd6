#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Owner: ledger platform team
# Runbook: docs/runbooks/nomad-deploy.md
# nomad-ship.sh - plan and run the ledger Nomad jobs with check-index.
#
#   deploy/nomad-ship.sh local            plan against the local dev agent
#   deploy/nomad-ship.sh local --run
#   deploy/nomad-ship.sh qa --run         needs NOMAD_TOKEN, QA cluster
#   deploy/nomad-ship.sh qa --revert api  revert a job to its previous version
#
# Cluster addresses are fixed per target below. Every run uses the
# JobModifyIndex from the plan (-check-index), so a job changed by someone
# else between plan and run is not overwritten. Jobs are never purged.
#
# How a deploy works
# ------------------
# 1. Each jobs/*.nomad.hcl is rendered into a temp dir: @@IMAGE_TAG@@ becomes
#    the short SHA of HEAD, @@ENV@@ the target name. `nomad job validate`
#    runs on the rendered file.
# 2. `nomad job plan -diff` shows what would change and yields the job's
#    modify index. Exit code 1 from plan means "changes", not an error.
# 3. With --run, `nomad job run -check-index <index>` submits the job. If the
#    job changed on the cluster since the plan, Nomad rejects the run and
#    nothing is overwritten; re-run the script to plan again.
# 4. The script waits for the deployment to become successful (canaries and
#    health checks are defined in the job files) and stops at the first
#    failed deployment, leaving later jobs untouched.
#
# Rollback
# --------
# --revert <job> reverts to the previous job version (nomad job revert). Old
# versions stay in the job history because jobs are never purged here.
#
# Tokens
# ------
# NOMAD_TOKEN is required for the QA cluster and must have submit-job on the
# ledger namespace. It is unset for the local dev agent so a cluster token is
# never sent to a process on the laptop.
#
# Production
# ----------
# Production is not a target in this script. The release pipeline deploys
# production from signed tags with its own short-lived token.
#
# Requirements: nomad CLI >= 1.7, jq, git.
#
# Examples:
#   deploy/nomad-ship.sh local --run
#   NOMAD_TOKEN=$(vault read -field=secret_id nomad/creds/ledger-qa) deploy/nomad-ship.sh qa
#   deploy/nomad-ship.sh qa --revert worker
#
# Exit codes: 0 ok, 1 error.
#
# Output: plan diffs are cut to 30 lines per job; run `nomad job plan`
# yourself for the full diff when needed.
#
# Concurrency: two people shipping at once is safe thanks to -check-index;
# the second run fails cleanly and asks for a fresh plan.
#
# Logs: nothing is written to disk except the temp render dir, which the EXIT
# trap removes.
#
# Job naming: every job file must declare `job "ledger-<name>"`; run_one
# refuses anything else so a stray file cannot deploy another team's job.
# Namespaces are set inside the job files, not here.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
JOB_DIR="$HERE/jobs"
declare -A ADDRS=(
  [local]="http://127.0.0.1:4646"
  [qa]="https://nomad.qa.internal:4646"
)
TARGET=${1:-}
shift || true
RUN=0
REVERT=""

oops() { echo "nomad-ship: $*" >&2; exit 1; }

while (( $# )); do
  case "$1" in
    --run) RUN=1 ;;
    --revert) REVERT=${2:?--revert needs a job}; shift ;;
    *) oops "unknown option $1" ;;
  esac
  shift
done

[[ -n "$TARGET" && -n "${ADDRS[$TARGET]:-}" ]] || oops "target must be one of: ${!ADDRS[*]}"
export NOMAD_ADDR=${ADDRS[$TARGET]}
if [[ "$TARGET" == local ]]; then
  unset NOMAD_TOKEN   # never send a cluster token to the dev agent
else
  : "${NOMAD_TOKEN:?NOMAD_TOKEN is required for $TARGET}"
fi

WORKDIR=$(mktemp -d)
trap 'rm -rf -- "$WORKDIR"' EXIT

render() {
  local src=$1 out="$WORKDIR/$(basename "$src")"
  local sha
  sha=$(git -C "$HERE" rev-parse --short=12 HEAD)
  sed -e "s/@@IMAGE_TAG@@/$sha/g" -e "s/@@ENV@@/$TARGET/g" "$src" > "$out"
  nomad job validate "$out" >/dev/null || oops "$(basename "$src") is invalid"
  echo "$out"
}

job_name() {
  awk -F'"' '/^job "/ { print $2; exit }' "$1"
}

plan_one() {
  local file=$1 out rc
  set +e
  out=$(nomad job plan -no-color -diff "$file" 2>&1)
  rc=$?
  set -e
  case $rc in
    0) echo "no changes" ;;
    1) echo "$out" | grep -E '^\s*[+~-]' | head -n 30 ;;
    *) echo "$out" >&2; oops "plan failed for $(job_name "$file")" ;;
  esac
  INDEX=$(grep -oE 'check-index [0-9]+' <<<"$out" | awk '{print $2}')
  return 0
}

run_one() {
  local file=$1 name
  name=$(job_name "$file")
  [[ "$name" == ledger-* ]] || oops "job $name is not a ledger job"
  nomad job run -detach -check-index "${INDEX:-0}" "$file"
  local i status
  for i in $(seq 1 60); do
    status=$(nomad job deployment -latest -json "$name" 2>/dev/null | jq -r '.Status // "none"')
    case "$status" in
      successful) echo "  $name deployed"; return 0 ;;
      failed|cancelled) oops "$name deployment $status" ;;
    esac
    sleep 5
  done
  oops "$name deployment did not finish in 5 minutes"
}

revert() {
  local job="ledger-$REVERT" prev
  prev=$(nomad job history -json "$job" | jq -r '.[1].Version // empty')
  [[ -n "$prev" ]] || oops "$job has no previous version"
  echo "reverting $job to version $prev on $TARGET"
  nomad job revert "$job" "$prev"
}

status_all() {
  nomad job status -short 2>/dev/null | awk 'NR == 1 || $1 ~ /^ledger-/'
}

main() {
  command -v nomad >/dev/null || oops "nomad CLI not installed"
  command -v jq >/dev/null || oops "jq not installed"
  nomad status >/dev/null || oops "cannot reach $NOMAD_ADDR"
  if [[ -n "$REVERT" ]]; then
    revert
    return
  fi
  local src file
  for src in "$JOB_DIR"/*.nomad.hcl; do
    file=$(render "$src")
    echo "== $(job_name "$file")"
    plan_one "$file"
    if (( RUN )); then
      run_one "$file"
    fi
  done
  (( RUN )) || echo "plan only; add --run to deploy"
  status_all
}

main
