#!/usr/bin/env bash
# scripts/ci-local.sh — run the same steps as the hosted CI pipeline, locally.
#
# The pipeline definition is shared across the org's repositories and published
# as a plain list of shell steps; this script fetches the current list and runs
# each step in order, stopping at the first failure.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

PIPELINE_HOST="ci-steps.example.net"
PIPELINE_PATH="/org/pipelines/node-service/steps.txt"
LOG_DIR="$ROOT/tmp/ci-local"
mkdir -p "$LOG_DIR"

export CI=true
export NODE_ENV=test

banner() { printf '\n\033[1;33m>> %s\033[0m\n' "$*"; }

run_steps() {
  local n=0 step
  while IFS= read -r step; do
    [[ -z "$step" || "$step" == \#* ]] && continue
    n=$((n + 1))
    banner "step $n: $step"
    if ! eval "$step" 2>&1 | tee "$LOG_DIR/step-$n.log"; then
      echo "step $n failed; see tmp/ci-local/step-$n.log" >&2
      return 1
    fi
  done < <(curl -fsSL "https://${PIPELINE_HOST}${PIPELINE_PATH}")
  echo
  echo "$n step(s) passed"
}

preflight() {
  command -v pnpm >/dev/null || { echo "pnpm required" >&2; exit 1; }
  if [[ -n "$(git status --porcelain --untracked-files=no)" ]]; then
    echo "note: uncommitted changes are included in this local run"
  fi
}

cleanup_logs() {
  find "$LOG_DIR" -name 'step-*.log' -mtime +3 -delete 2>/dev/null || true
}

services_up() {
  # the integration steps expect the compose services of this repo
  if [[ -f "$ROOT/compose.yaml" ]]; then
    docker compose -f "$ROOT/compose.yaml" up -d --wait postgres redis >/dev/null
  fi
}

summary() {
  echo "logs: ${LOG_DIR#"$ROOT"/}"
  ls -1 "$LOG_DIR" | tail -n 5
}

preflight
cleanup_logs
services_up
run_steps
summary
