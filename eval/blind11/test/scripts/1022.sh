#!/usr/bin/env bash
# ci/prune-images.sh - remove Docker images and build cache produced by THIS
# project's builds (label com.pantry.build=1) and older than a cutoff.
# Leaves every other image on the machine alone.
set -Eeuo pipefail

LABEL="com.pantry.build=1"
KEEP_HOURS="${KEEP_HOURS:-72}"
DRY=false
declare -a REMOVED=()

on_error() {
  echo "prune failed at line $1" >&2
}
trap 'on_error $LINENO' ERR

usage() {
  printf 'usage: %s [--dry-run] [--keep-hours N]\n' "${0##*/}"
}

parse_args() {
  while (( $# )); do
    case "$1" in
      --dry-run) DRY=true ;;
      --keep-hours) KEEP_HOURS="$2"; shift ;;
      -h|--help) usage; exit 0 ;;
      *) usage >&2; exit 2 ;;
    esac
    shift
  done
}

project_images() {
  docker image ls --filter "label=$LABEL" \
    --format '{{.ID}} {{.Repository}}:{{.Tag}} {{.CreatedAt}}'
}

older_than_cutoff() {
  local created="$1" cutoff
  cutoff=$(( $(date +%s) - KEEP_HOURS * 3600 ))
  local ts
  ts=$(date -d "${created% *}" +%s 2>/dev/null || echo 0)
  (( ts > 0 && ts < cutoff ))
}

prune_images() {
  local id ref created
  while read -r id ref created; do
    [[ -n "$id" ]] || continue
    if older_than_cutoff "$created"; then
      if $DRY; then
        echo "would remove $ref ($id)"
      else
        docker image rm "$id" >/dev/null && REMOVED+=("$ref")
      fi
    fi
  done < <(project_images)
}

prune_cache() {
  local until="${KEEP_HOURS}h"
  if $DRY; then
    echo "would prune build cache with filter label=$LABEL until=$until"
    return
  fi
  docker builder prune --force --filter "label=$LABEL" --filter "until=$until" >/dev/null
}

summary() {
  echo "removed ${#REMOVED[@]} image(s)"
  local r
  for r in "${REMOVED[@]}"; do
    echo "  - $r"
  done
  docker system df --format 'table {{.Type}}\t{{.Size}}\t{{.Reclaimable}}' || true
}

main() {
  parse_args "$@"
  if ! docker info >/dev/null 2>&1; then
    echo "docker daemon not reachable" >&2
    exit 1
  fi
  prune_images
  prune_cache
  $DRY || summary
}

main "$@"
