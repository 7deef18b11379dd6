#!/usr/bin/env bash
# wt.sh - worktree helper for reviewing PRs side by side.
#
#   wt.sh new <branch> [base]     create ../<repo>.wt/<branch> on a new or existing branch
#   wt.sh pr <number>             fetch a PR head and check it out in its own worktree
#   wt.sh ls                      list worktrees with their state
#   wt.sh rm <branch>             remove a worktree (refuses if it has local work)
#   wt.sh gc                      remove worktrees whose branch is merged and tree clean
#   wt.sh sub                     update submodules in every clean worktree
#
# Never passes --force to `git worktree remove` and never resets or cleans a
# tree: anything with modified/untracked files, stashes or unpushed commits is
# skipped with a message.
set -euo pipefail

MAIN="$(git rev-parse --path-format=absolute --git-common-dir | sed 's#/.git$##')"
REPO="$(basename "$MAIN")"
WT_BASE="$(dirname "$MAIN")/$REPO.wt"
DEFAULT_BASE="origin/main"

info() { printf '\033[36m%s\033[0m\n' "$*"; }
die() { printf 'wt: %s\n' "$*" >&2; exit 1; }

slug() {
  local s="${1//\//-}"
  printf '%s' "${s//[^A-Za-z0-9._-]/_}"
}

wt_path() {
  printf '%s/%s' "$WT_BASE" "$(slug "$1")"
}

is_ours() {
  # only directories under $WT_BASE are managed by this script
  case "$1" in
    "$WT_BASE"/*) return 0 ;;
    *) return 1 ;;
  esac
}

tree_state() {
  # prints "clean" or a comma separated list of reasons
  local dir="$1" reasons=() ahead
  if [[ -n "$(git -C "$dir" status --porcelain --untracked-files=normal)" ]]; then
    reasons+=("uncommitted changes")
  fi
  if git -C "$dir" rev-parse --verify -q '@{upstream}' >/dev/null; then
    ahead="$(git -C "$dir" rev-list --count '@{upstream}..HEAD')"
    ((ahead > 0)) && reasons+=("$ahead unpushed commit(s)")
  else
    reasons+=("no upstream")
  fi
  if [[ -n "$(git -C "$dir" stash list)" ]]; then
    reasons+=("stashes")
  fi
  if ((${#reasons[@]})); then
    local IFS=','
    printf '%s' "${reasons[*]}"
  else
    printf 'clean'
  fi
}

each_worktree() {
  # emits "path<TAB>branch" for every worktree except the main one
  git -C "$MAIN" worktree list --porcelain | awk '
    /^worktree / { path = substr($0, 10) }
    /^branch /   { branch = substr($0, 8); sub("refs/heads/", "", branch) }
    /^detached/  { branch = "(detached)" }
    /^$/         { if (path != "") print path "\t" branch; path = ""; branch = "" }
    END          { if (path != "") print path "\t" branch }
  ' | while IFS=$'\t' read -r p b; do
    [[ "$p" == "$MAIN" ]] || printf '%s\t%s\n' "$p" "$b"
  done
}

cmd_new() {
  local branch="${1:?usage: wt.sh new <branch> [base]}" base="${2:-$DEFAULT_BASE}" dir
  dir="$(wt_path "$branch")"
  [[ -e "$dir" ]] && die "$dir already exists"
  mkdir -p "$WT_BASE"
  git -C "$MAIN" fetch --quiet origin
  if git -C "$MAIN" show-ref --verify -q "refs/heads/$branch"; then
    git -C "$MAIN" worktree add "$dir" "$branch"
  else
    git -C "$MAIN" worktree add -b "$branch" "$dir" "$base"
  fi
  if [[ -f "$MAIN/.gitmodules" ]]; then
    git -C "$dir" submodule update --init --recursive --quiet
  fi
  info "ready: $dir"
}

cmd_pr() {
  local n="${1:?usage: wt.sh pr <number>}"
  [[ "$n" =~ ^[0-9]+$ ]] || die "PR number must be numeric"
  local branch="pr/$n"
  git -C "$MAIN" fetch --quiet origin "pull/$n/head:$branch" \
    || die "could not fetch PR #$n"
  cmd_new "$branch"
}

cmd_ls() {
  local p b
  printf '%-50s %-30s %s\n' PATH BRANCH STATE
  while IFS=$'\t' read -r p b; do
    printf '%-50s %-30s %s\n' "${p/#$HOME/\~}" "$b" "$(tree_state "$p")"
  done < <(each_worktree)
}

remove_one() {
  local dir="$1" state
  is_ours "$dir" || { info "skip $dir: not under $WT_BASE"; return 1; }
  state="$(tree_state "$dir")"
  if [[ "$state" != clean && "$state" != "no upstream" ]]; then
    info "keep $dir: $state"
    return 1
  fi
  git -C "$MAIN" worktree remove "$dir"
  info "removed $dir"
}

cmd_rm() {
  local branch="${1:?usage: wt.sh rm <branch>}"
  local dir
  dir="$(wt_path "$branch")"
  [[ -d "$dir" ]] || die "no worktree at $dir"
  remove_one "$dir" || die "not removed"
}

cmd_gc() {
  git -C "$MAIN" fetch --quiet --prune origin
  git -C "$MAIN" worktree prune
  local merged p b
  merged="$(git -C "$MAIN" branch --merged "$DEFAULT_BASE" --format='%(refname:short)')"
  while IFS=$'\t' read -r p b; do
    if grep -qxF "$b" <<< "$merged"; then
      remove_one "$p" || true
    fi
  done < <(each_worktree)
}

cmd_sub() {
  local p b state
  while IFS=$'\t' read -r p b; do
    state="$(tree_state "$p")"
    if [[ "$state" == *"uncommitted"* ]]; then
      info "skip $p: $state"
      continue
    fi
    git -C "$p" submodule sync --recursive --quiet
    git -C "$p" submodule update --init --recursive --quiet
    git -C "$p" submodule foreach --quiet 'git status --short | sed "s#^#  $sm_path: #"'
    info "submodules updated in $p"
  done < <(each_worktree)
}

cmd_sparse() {
  # narrow a review worktree to the paths a PR touches (saves disk on the monorepo)
  local branch="${1:?usage: wt.sh sparse <branch> <path...>}"; shift
  (($#)) || die "give at least one path"
  local dir
  dir="$(wt_path "$branch")"
  [[ -d "$dir" ]] || die "no worktree at $dir"
  git -C "$dir" sparse-checkout init --cone
  git -C "$dir" sparse-checkout set "$@"
  info "sparse checkout of $dir: $*"
}

main() {
  local cmd="${1:-ls}"; shift || true
  case "$cmd" in
    sparse) cmd_sparse "$@" ;;
    new) cmd_new "$@" ;;
    pr) cmd_pr "$@" ;;
    ls) cmd_ls ;;
    rm) cmd_rm "$@" ;;
    gc) cmd_gc ;;
    sub) cmd_sub ;;
    *) die "unknown command $cmd" ;;
  esac
}

main "$@"
