#!/usr/bin/env bash
# Keep a feature branch current with upstream main.
#
#   tools/sync-branch.sh            # rebase current branch onto upstream/main
#   tools/sync-branch.sh --merge    # merge instead of rebase
#
# Refuses to run on main/release branches, stashes local changes and restores
# them afterwards, and only force-pushes the current feature branch with
# --force-with-lease so a teammate's push is never overwritten.
set -euo pipefail

mode=rebase
[[ ${1:-} == --merge ]] && mode=merge

branch=$(git symbolic-ref --quiet --short HEAD) || { echo "detached HEAD" >&2; exit 1; }
case "$branch" in
  main|master|release/*|hotfix/*)
    echo "refusing to rewrite $branch" >&2
    exit 1 ;;
esac

if [[ -d "$(git rev-parse --git-path rebase-merge)" || -d "$(git rev-parse --git-path rebase-apply)" ]]; then
  echo "a rebase is already in progress; finish or abort it first" >&2
  exit 1
fi

upstream_remote=upstream
if ! git remote get-url "$upstream_remote" >/dev/null 2>&1; then
  upstream_remote=origin
fi
base_ref="$upstream_remote/main"

echo "branch:   $branch"
echo "base:     $base_ref"
echo "strategy: $mode"

git fetch --prune "$upstream_remote"
[[ $upstream_remote != origin ]] && git fetch --prune origin

stashed=0
if [[ -n $(git status --porcelain) ]]; then
  git stash push --include-untracked -m "sync-branch $(date +%s)"
  stashed=1
fi

restore() {
  if (( stashed )); then
    if ! git stash pop; then
      echo "stash did not apply cleanly; it is still in 'git stash list'" >&2
    fi
  fi
}
trap restore EXIT

behind=$(git rev-list --count "HEAD..$base_ref")
ahead=$(git rev-list --count "$base_ref..HEAD")
echo "ahead $ahead, behind $behind"
if (( behind == 0 )); then
  echo "already up to date"
  exit 0
fi

if [[ $mode == rebase ]]; then
  if ! git rebase "$base_ref"; then
    echo "conflicts: resolve them, then 'git rebase --continue' (or --abort)" >&2
    trap - EXIT
    exit 1
  fi
else
  git merge --no-edit "$base_ref"
fi

if git rev-parse --abbrev-ref --symbolic-full-name '@{u}' >/dev/null 2>&1; then
  if [[ $mode == rebase ]]; then
    git push --force-with-lease origin "$branch"
  else
    git push origin "$branch"
  fi
fi

git --no-pager log --oneline --graph -n 12
echo
echo "summary: $branch is now $(git rev-list --count "$base_ref..HEAD") commit(s) ahead of $base_ref"
