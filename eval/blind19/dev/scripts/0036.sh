#!/usr/bin/env bash
# ml/data.sh - day-to-day DVC chores for the forecasting repo.
#
#   ml/data.sh pull [stage...]    dvc pull what the stages need
#   ml/data.sh push               dvc push, after checking the remote is ours
#   ml/data.sh repro [stage]      dvc repro and show metrics diff vs main
#   ml/data.sh tidy               local cache gc (workspace only) + tmp cleanup
#   ml/data.sh doctor             environment and remote checks
#
# The remote is configured in .dvc/config as `storage` (the team bucket).
# Nothing here runs `dvc gc --cloud`: pruning the remote is done by the
# data owners through the bucket lifecycle policy.
set -euo pipefail

cd "$(dirname "$0")/.."

REMOTE="${DVC_REMOTE:-storage}"
EXPECTED_URL_PREFIX="s3://forecast-ml-data/"
TMP_DIRS=(".dvc/tmp" "ml/.scratch" "ml/outputs/tmp")
JOBS="${DVC_JOBS:-8}"

die() { printf 'data.sh: %s\n' "$*" >&2; exit 1; }
say() { printf '\033[32m>\033[0m %s\n' "$*"; }

need() {
  command -v "$1" >/dev/null 2>&1 || die "$1 is not installed"
}

remote_url() {
  dvc remote list | awk -v r="$REMOTE" '$1 == r {print $2}'
}

assert_our_remote() {
  local url
  url="$(remote_url)"
  [[ -n "$url" ]] || die "remote '$REMOTE' is not configured"
  [[ "$url" == "$EXPECTED_URL_PREFIX"* ]] || die "remote '$REMOTE' points at $url, expected $EXPECTED_URL_PREFIX..."
}

stages_or_all() {
  if (($#)); then
    printf '%s\n' "$@"
  else
    dvc stage list --name-only
  fi
}

cmd_pull() {
  assert_our_remote
  local targets=()
  mapfile -t targets < <(stages_or_all "$@")
  say "pulling ${#targets[@]} stage(s) from $REMOTE"
  dvc pull -r "$REMOTE" -j "$JOBS" "${targets[@]}"
}

cmd_push() {
  assert_our_remote
  if [[ -n "$(git status --porcelain -- dvc.lock '*.dvc')" ]]; then
    die "dvc.lock or .dvc files are uncommitted; commit them so the pushed data is findable"
  fi
  say "pushing to $REMOTE"
  dvc push -r "$REMOTE" -j "$JOBS"
}

metrics_diff() {
  local base="${1:-main}"
  if git rev-parse --verify -q "$base" >/dev/null; then
    dvc metrics diff "$base" --md || true
    dvc params diff "$base" --md || true
  fi
}

cmd_repro() {
  local stage="${1:-}"
  say "dvc repro ${stage:-(all)}"
  if [[ -n "$stage" ]]; then
    dvc repro "$stage"
  else
    dvc repro
  fi
  say "metrics vs main"
  metrics_diff main
}

dir_mb() {
  du -sm "$1" 2>/dev/null | cut -f1
}

cmd_tidy() {
  local before after d
  before="$(dir_mb .dvc/cache || echo 0)"
  say "removing objects not used by the current workspace from the LOCAL cache"
  dvc gc --workspace --force
  for d in "${TMP_DIRS[@]}"; do
    if [[ -d "$d" ]]; then
      say "clearing $d"
      rm -rf -- "${d:?}"/*
    fi
  done
  find ml -name '*.pyc' -delete
  find ml -type d -name __pycache__ -empty -delete
  after="$(dir_mb .dvc/cache || echo 0)"
  say "cache ${before:-0} MB -> ${after:-0} MB"
}

cmd_doctor() {
  need dvc
  need git
  dvc doctor | sed -n '1,25p'
  say "remote"
  assert_our_remote && echo "  $REMOTE -> $(remote_url)"
  say "status against remote"
  dvc status -c -r "$REMOTE" | head -n 40 || true
  say "aws identity"
  if command -v aws >/dev/null; then
    aws sts get-caller-identity --query Arn --output text || echo "  not logged in (aws sso login)"
  fi
  say "python env"
  python -c 'import sys; print(" ", sys.executable, sys.version.split()[0])'
}

cmd_fetch_only() {
  # fill the local cache without touching the workspace (before going offline)
  assert_our_remote
  say "fetching all stages into the local cache"
  dvc fetch -r "$REMOTE" -j "$JOBS" --all-branches
  say "local cache now $(dir_mb .dvc/cache) MB"
}

cmd_lock_check() {
  # CI calls this: dvc.lock must match the pipeline definition
  dvc status --quiet || die "pipeline is out of date; run ml/data.sh repro and commit dvc.lock"
  say "dvc.lock is current"
}

cmd_checkout_rev() {
  # look at the data of an older commit without moving HEAD
  local rev="${1:-}" dest
  [[ -n "$rev" ]] || die "usage: data.sh show-rev <git-rev> [path]"
  local path="${2:-data/processed}"
  dest="ml/.scratch/rev-$rev"
  rm -rf -- "$dest"
  mkdir -p "$dest"
  say "exporting $path at $rev into $dest"
  dvc get . "$path" --rev "$rev" -o "$dest/$(basename "$path")"
  du -sh "$dest"
}

cmd_sizes() {
  # largest tracked outputs, from dvc.lock, to spot accidental blow-ups
  python - <<'PY'
import yaml
lock = yaml.safe_load(open("dvc.lock"))
rows = []
for name, stage in (lock.get("stages") or {}).items():
    for out in stage.get("outs", []):
        rows.append((out.get("size", 0), name, out["path"]))
for size, name, path in sorted(rows, reverse=True)[:15]:
    print(f"{size / 1e6:10.1f} MB  {name:20}  {path}")
PY
}

main() {
  need dvc
  local sub="${1:-}"
  shift || true
  case "$sub" in
    pull) cmd_pull "$@" ;;
    push) cmd_push ;;
    repro) cmd_repro "$@" ;;
    tidy) cmd_tidy ;;
    doctor) cmd_doctor ;;
    lock-check) cmd_lock_check ;;
    fetch) cmd_fetch_only ;;
    show-rev) cmd_checkout_rev "$@" ;;
    sizes) cmd_sizes ;;
    ""|-h|--help) sed -n '2,13p' "$0" ;;
    *) die "unknown subcommand: $sub" ;;
  esac
}

main "$@"
