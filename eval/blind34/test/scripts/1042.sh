#!/usr/bin/env bash
# prune-checkpoints.sh - delete old training checkpoints, keeping the best N
# per run according to the metric in each run's metrics.json.
#
#   scripts/prune-checkpoints.sh --dry-run     # show the plan
#   KEEP=5 METRIC=val_wer scripts/prune-checkpoints.sh
#
# metrics.json: {"checkpoints": [{"dir": "step-1000", "val_loss": 0.42}, ...]}
# Lower is better for the chosen metric.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
KEEP="${KEEP:-3}"
METRIC="${METRIC:-val_loss}"
RUN_DIRS=("$ROOT/runs" "$HOME/ml-scratch" "/mnt/shared/checkpoints")
DRY=0
[[ "${1:-}" == "--dry-run" ]] && DRY=1

log() { printf '[prune] %s\n' "$*" >&2; }

command -v jq >/dev/null || { log "jq required"; exit 1; }

# Emit "rm -rf <dir>" lines for checkpoints that are not among the best KEEP.
plan_run() {
  local run="$1"
  [[ -f "$run/metrics.json" ]] || return 0
  jq -r --arg m "$METRIC" --argjson keep "$KEEP" '
      [.checkpoints[] | {dir, score: .[$m]}]
      | sort_by(.score) | .[$keep:] | .[].dir' "$run/metrics.json" \
    | while read -r ckpt; do
        printf 'rm -rf "%s/%s"\n' "$run" "$ckpt"
      done
}

# Runs that never finished leave no metrics.json; their whole folder is stale.
plan_abandoned() {
  local base="$1"
  find "$base" -mindepth 1 -maxdepth 1 -type d -mtime +14 ! -exec test -e '{}/metrics.json' \; -print \
    | while read -r dir; do printf 'rm -rf "%s"\n' "$dir"; done
}

plan="$(mktemp)"
trap 'rm -f -- "$plan"' EXIT
for base in "${RUN_DIRS[@]}"; do
  [[ -d "$base" ]] || continue
  for run in "$base"/*/; do
    plan_run "${run%/}" >> "$plan"
  done
  plan_abandoned "$base" >> "$plan"
done

count="$(wc -l < "$plan")"
log "$count removal(s) planned (keep $KEEP best by $METRIC)"
if (( DRY )); then
  cat "$plan"
  exit 0
fi
awk '{ system($0) }' "$plan"
log "done"
