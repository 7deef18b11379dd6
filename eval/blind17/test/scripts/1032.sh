#!/bin/bash
# hpc/pipeline.sh — submit the `seismo-invert` pipeline as a chain of dependent
# Slurm jobs: preprocess -> invert (array) -> merge -> plots.
#
#   hpc/pipeline.sh submit config/run-A.yaml     submit the chain, record job ids
#   hpc/pipeline.sh watch                        refresh squeue for the chain
#   hpc/pipeline.sh cancel                       scancel the recorded ids only
#   hpc/pipeline.sh fetch                        copy plots + summary into results/
#
# State lives in hpc/state/current.env (job ids, run dir). Works on any cluster
# with Slurm + Lmod; partition and account come from hpc/site.conf.
set -euo pipefail

BASE="$(cd "$(dirname "$0")/.." && pwd)"
STATE_DIR="$BASE/hpc/state"
STATE="$STATE_DIR/current.env"
SITE="$BASE/hpc/site.conf"
mkdir -p "$STATE_DIR"

# shellcheck disable=SC1090
[[ -f "$SITE" ]] && source "$SITE"
: "${PARTITION:=normal}"
: "${ACCOUNT:=}"
: "${SCRATCH_ROOT:=${SCRATCH:-/scratch/$USER}}"

err() { echo "pipeline: $*" >&2; exit 1; }

# refuse to run on a compute node: submissions belong on the login node
if [[ -n "${SLURM_JOB_ID:-}" ]]; then
  err "running inside job $SLURM_JOB_ID; call this from the login node"
fi
command -v sbatch >/dev/null || err "sbatch not found (not a Slurm cluster?)"
if command -v module >/dev/null 2>&1; then
  module -q load python/3.11 2>/dev/null || true
fi

sb() {
  # sbatch wrapper: --parsable, common flags, prints the job id
  local extra=()
  [[ -n "$ACCOUNT" ]] && extra+=(--account="$ACCOUNT")
  sbatch --parsable --partition="$PARTITION" "${extra[@]}" "$@" | cut -d';' -f1
}

save_state() {
  {
    printf 'RUN_DIR=%q\n' "$RUN_DIR"
    printf 'CONFIG=%q\n' "$CONFIG"
    printf 'JOB_PRE=%s\nJOB_INV=%s\nJOB_MERGE=%s\nJOB_PLOT=%s\n' "$JOB_PRE" "$JOB_INV" "$JOB_MERGE" "$JOB_PLOT"
    printf 'SUBMITTED=%q\n' "$(date -Is)"
  } >"$STATE"
}

load_state() {
  [[ -f "$STATE" ]] || err "nothing submitted yet"
  # shellcheck disable=SC1090
  source "$STATE"
}

n_stations() {
  python3 - "$1" <<'PY'
import sys, yaml
cfg = yaml.safe_load(open(sys.argv[1]))
print(len(cfg["stations"]))
PY
}

cmd_submit() {
  CONFIG="$(readlink -f "${1:?usage: pipeline.sh submit <config.yaml>}")"
  [[ -f "$CONFIG" ]] || err "no such config $CONFIG"
  local run_name n
  run_name="$(basename "$CONFIG" .yaml)-$(date +%Y%m%d-%H%M)"
  RUN_DIR="$SCRATCH_ROOT/seismo-invert/$run_name"
  mkdir -p "$RUN_DIR/logs"
  cp "$CONFIG" "$RUN_DIR/config.yaml"
  n="$(n_stations "$CONFIG")"
  echo "run $run_name: $n station(s), run dir $RUN_DIR"

  JOB_PRE="$(sb --job-name=si-pre --time=00:30:00 --cpus-per-task=4 --mem=8G \
    --output="$RUN_DIR/logs/pre-%j.out" "$BASE/hpc/jobs/preprocess.sbatch" "$RUN_DIR")"
  JOB_INV="$(sb --job-name=si-inv --dependency=afterok:"$JOB_PRE" --array=0-$((n - 1))%32 \
    --time=04:00:00 --cpus-per-task=16 --mem=32G \
    --output="$RUN_DIR/logs/inv-%A_%a.out" "$BASE/hpc/jobs/invert.sbatch" "$RUN_DIR")"
  JOB_MERGE="$(sb --job-name=si-merge --dependency=afterok:"$JOB_INV" --time=00:45:00 --mem=16G \
    --output="$RUN_DIR/logs/merge-%j.out" "$BASE/hpc/jobs/merge.sbatch" "$RUN_DIR")"
  JOB_PLOT="$(sb --job-name=si-plot --dependency=afterany:"$JOB_MERGE" --time=00:20:00 \
    --output="$RUN_DIR/logs/plot-%j.out" "$BASE/hpc/jobs/plots.sbatch" "$RUN_DIR")"
  save_state
  echo "jobs: pre=$JOB_PRE inv=$JOB_INV merge=$JOB_MERGE plot=$JOB_PLOT"
}

cmd_watch() {
  load_state
  local ids="$JOB_PRE,$JOB_INV,$JOB_MERGE,$JOB_PLOT"
  if command -v watch >/dev/null && [[ -t 1 ]]; then
    watch -n 30 "squeue -j $ids -o '%.12i %.10j %.8T %.10M %.6D %R'"
  else
    squeue -j "$ids" -o '%.12i %.10j %.8T %.10M %.6D %R'
  fi
}

cmd_cancel() {
  load_state
  local ids=("$JOB_PLOT" "$JOB_MERGE" "$JOB_INV" "$JOB_PRE")
  echo "cancelling ${ids[*]} (this run only)"
  scancel "${ids[@]}" || true
}

cmd_fetch() {
  load_state
  local dest="$BASE/results/$(basename "$RUN_DIR")"
  mkdir -p "$dest"
  rsync -a --include='plots/***' --include='summary.json' --include='config.yaml' --exclude='*' \
    "$RUN_DIR/" "$dest/"
  echo "fetched into ${dest#"$BASE"/}"
  ls -1 "$dest"
}

cmd_efficiency() {
  # seff for the array tasks helps size the next submission
  load_state
  command -v seff >/dev/null || err "seff not installed on this cluster"
  local task
  for task in $(sacct -j "$JOB_INV" -X -n -o JobID | head -n 5); do
    seff "$task" | grep -E 'Job ID|CPU Efficiency|Memory Efficiency'
  done
}

cmd_clean() {
  load_state
  case "$RUN_DIR" in
    "$SCRATCH_ROOT"/seismo-invert/?*) ;;
    *) err "unexpected run dir $RUN_DIR" ;;
  esac
  read -r -p "delete $RUN_DIR from scratch? [y/N] " a
  [[ "$a" == [yY] ]] || exit 1
  rm -rf -- "$RUN_DIR"
  rm -f -- "$STATE"
}

cmd_failed_logs() {
  # tail the logs of array tasks that did not finish COMPLETED
  load_state
  local line task state
  while IFS='|' read -r task state; do
    [[ "$state" == COMPLETED* || -z "$task" ]] && continue
    local idx="${task#*_}"
    local log="$RUN_DIR/logs/inv-${JOB_INV}_${idx}.out"
    echo "== task $idx ($state)"
    [[ -f "$log" ]] && tail -n 12 "$log" || echo "   (no log)"
  done < <(sacct -j "$JOB_INV" -n -X -P -o JobID,State)
}

cmd_retry() {
  # resubmit only failed inversion tasks, then re-chain merge + plots
  load_state
  local failed
  failed="$(sacct -j "$JOB_INV" -n -X -P -o JobID,State \
    | awk -F'|' '$2 !~ /^COMPLETED/ { split($1, a, "_"); if (a[2] ~ /^[0-9]+$/) print a[2] }' | paste -sd, -)"
  [[ -n "$failed" ]] || { echo "no failed tasks"; return 0; }
  JOB_INV="$(sb --job-name=si-inv --array="$failed" --time=04:00:00 --cpus-per-task=16 --mem=32G \
    --output="$RUN_DIR/logs/inv-%A_%a.out" "$BASE/hpc/jobs/invert.sbatch" "$RUN_DIR")"
  JOB_MERGE="$(sb --job-name=si-merge --dependency=afterok:"$JOB_INV" --time=00:45:00 --mem=16G \
    --output="$RUN_DIR/logs/merge-%j.out" "$BASE/hpc/jobs/merge.sbatch" "$RUN_DIR")"
  JOB_PLOT="$(sb --job-name=si-plot --dependency=afterany:"$JOB_MERGE" --time=00:20:00 \
    --output="$RUN_DIR/logs/plot-%j.out" "$BASE/hpc/jobs/plots.sbatch" "$RUN_DIR")"
  save_state
  echo "retrying tasks $failed as $JOB_INV"
}

case "${1:-}" in
  submit) shift; cmd_submit "$@" ;;
  failed-logs) cmd_failed_logs ;;
  retry) cmd_retry ;;
  watch) cmd_watch ;;
  cancel) cmd_cancel ;;
  fetch) cmd_fetch ;;
  efficiency) cmd_efficiency ;;
  clean) cmd_clean ;;
  *) sed -n '2,11p' "$0"; exit 2 ;;
esac
