#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ml-data.sh - DVC workflow helper for the fraud-model repo.
#
#   scripts/ml-data.sh sync            git pull + dvc pull for the current commit
#   scripts/ml-data.sh repro [stage]   dvc repro, then dvc push of new outputs
#   scripts/ml-data.sh free            drop cache entries not used by the workspace
#   scripts/ml-data.sh report          metrics diff against main
#
# `free` only touches the LOCAL cache (.dvc/cache) and only after
# `dvc status --cloud` shows the remote already has everything the current
# branches need; it never passes --cloud to dvc gc.
#
# Subcommands
#   sync      fast-forward git and fetch the data for the checked-out commit
#   repro     rerun changed pipeline stages and push their outputs
#   free      reclaim local disk (see "Disk usage" below)
#   report    compare metrics and params with main
#   doctor    print versions and pipeline shape
#   checkout  restore outputs from the local cache without network access
#
# All subcommands run from the repository root regardless of the current
# directory. None of them rewrite git history or touch other clones.
#
# Exit status is non-zero on the first failing dvc or git command.
set -eEuo pipefail

REPO=$(git rev-parse --show-toplevel)
cd "$REPO"
JOBS=${DVC_JOBS:-8}
REMOTE=${DVC_REMOTE:-storage}

die() { echo "ml-data: $*" >&2; exit 1; }
step() { echo; echo "-- $*"; }

# How data flows in this repo
# ---------------------------
#   raw data      data/raw/*.dvc           pulled from the "storage" remote
#   features      dvc.yaml stage featurize  outputs data/features/
#   model         dvc.yaml stage train      outputs models/fraud.pkl
#   evaluation    dvc.yaml stage evaluate   writes metrics/*.json (in git)
#
# Everything under data/ and models/ is DVC-tracked; git only stores the
# .dvc pointer files and dvc.lock. The remote is an S3 bucket configured in
# .dvc/config; credentials come from the normal AWS profile chain, this
# script never handles them.
#
# Disk usage
# ----------
# The local cache grows with every experiment. `free` reclaims space by
# dropping cache entries that no branch or the workspace references, after
# making sure the remote holds a copy of everything still referenced.
# Entries referenced only by deleted experiment refs are also dropped; they
# were pushed when the experiment was saved, per team convention.
#
# Typical day:
#   scripts/ml-data.sh sync
#   ... edit params.yaml ...
#   scripts/ml-data.sh repro train
#   scripts/ml-data.sh report
#   git commit -am "tune learning rate" && git push
#
# Environment: DVC_JOBS (parallel transfers, default 8), DVC_REMOTE
# (default "storage"). Both can be set in .envrc.
#
# This script never passes --cloud/-c to `dvc gc` and never deletes files
# from the remote; cleaning the remote is a separate, reviewed procedure.
# The `checkout` subcommand works offline, useful on trains and planes.
# The `doctor` subcommand prints versions for bug reports.
require() {
  command -v dvc >/dev/null || die "dvc not installed (pip install 'dvc[s3]')"
  [[ -d .dvc ]] || die "not a DVC repository"
  dvc remote list | awk '{print $1}' | grep -qx "$REMOTE" || die "dvc remote '$REMOTE' not configured"
}

retry() {
  local n=1 max=4 delay=3
  until "$@"; do
    (( n >= max )) && return 1
    echo "   retry $n/$((max - 1)) in ${delay}s: $*"
    sleep "$delay"
    n=$(( n + 1 ))
    delay=$(( delay * 2 ))
  done
}

cache_size() {
  du -sh .dvc/cache 2>/dev/null | cut -f1 || echo 0
}

cmd_sync() {
  step "git pull --ff-only"
  git pull --ff-only
  step "dvc pull ($JOBS jobs)"
  retry dvc pull -r "$REMOTE" -j "$JOBS"
  dvc status | tail -n 20
}

cmd_repro() {
  local stage=${1:-}
  step "dvc repro ${stage:-(all stages)}"
  if [[ -n "$stage" ]]; then
    dvc repro "$stage"
  else
    dvc repro
  fi
  step "dvc push"
  retry dvc push -r "$REMOTE" -j "$JOBS"
  step "changed files to commit"
  git status --short -- dvc.lock '*.dvc' metrics params.yaml || true
}

remote_complete() {
  # every output referenced by the workspace must already be on the remote
  local out
  out=$(dvc status --cloud -r "$REMOTE" --json 2>/dev/null || echo '{"error": true}')
  [[ "$out" == "{}" ]]
}

cmd_free() {
  step "checking the remote has all workspace outputs"
  if ! remote_complete; then
    echo "   remote is missing data; pushing first"
    retry dvc push -r "$REMOTE" -j "$JOBS"
    remote_complete || die "remote still incomplete; not collecting anything"
  fi
  local before after
  before=$(cache_size)
  step "dvc gc --workspace --all-branches (local cache only)"
  dvc gc --workspace --all-branches --force
  # dvc's scratch dir is safe to drop; dvc recreates it
  rm -rf -- .dvc/tmp
  after=$(cache_size)
  echo "   cache: $before -> $after"
}

cmd_report() {
  step "metrics vs main"
  dvc metrics diff main --md || true
  step "params vs main"
  dvc params diff main --md || true
  if dvc plots show --json >/dev/null 2>&1; then
    dvc plots diff main -o build/plots >/dev/null && echo "   plots: build/plots/index.html"
  fi
}

cmd_doctor() {
  step "environment"
  dvc version | sed 's/^/   /'
  echo "   remote: $REMOTE ($(dvc remote list | awk -v r="$REMOTE" '$1 == r { print $2 }'))"
  echo "   cache:  $(cache_size)"
  step "pipeline"
  dvc dag --md | head -n 30
}

cmd_checkout() {
  # restore workspace outputs for the current commit without network access
  step "dvc checkout (from local cache)"
  if ! dvc checkout --relink; then
    echo "   some outputs are not in the local cache; run: scripts/ml-data.sh sync"
    return 1
  fi
}

main() {
  require
  local cmd=${1:-sync}
  shift || true
  case "$cmd" in
    sync) cmd_sync ;;
    repro) cmd_repro "$@" ;;
    free) cmd_free ;;
    report) cmd_report ;;
    doctor) cmd_doctor ;;
    checkout) cmd_checkout ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
}

main "$@"
