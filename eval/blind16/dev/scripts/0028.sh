#!/usr/bin/env bash
# Manage throwaway git worktrees for parallel agent tasks.
#
#   tools/wt.sh new <task-slug> [base-ref]   create .worktrees/<slug> on branch agent/<slug>
#   tools/wt.sh list                         list worktrees created by this tool
#   tools/wt.sh done <task-slug>             remove the worktree (refuses if it has changes)
#   tools/wt.sh gc                           prune stale worktree metadata, drop merged agent/* branches
#
# Only worktrees under <repo>/.worktrees/ and branches named agent/* are ever
# touched. Removal uses `git worktree remove` without --force, so uncommitted
# work blocks it; branch deletion uses `git branch -d` (merged only).
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
WT_DIR="$REPO/.worktrees"
BRANCH_PREFIX="agent/"
SLUG_RE='^[a-z0-9][a-z0-9._-]{1,48}$'

say() { printf '%s\n' "$*"; }
die() { printf 'wt: %s\n' "$*" >&2; exit 1; }

valid_slug() {
  [[ "$1" =~ $SLUG_RE ]] || die "invalid task slug '$1' (lowercase, digits, . _ -)"
}

ensure_ignored() {
  local exclude="$REPO/.git/info/exclude"
  if [[ -d "$REPO/.git" ]] && ! grep -qxF '.worktrees/' "$exclude" 2>/dev/null; then
    printf '.worktrees/\n' >>"$exclude"
  fi
}

path_for() { printf '%s/%s\n' "$WT_DIR" "$1"; }

cmd_new() {
  local slug="${1:-}" base="${2:-origin/main}"
  [[ -n "$slug" ]] || die "usage: wt.sh new <task-slug> [base-ref]"
  valid_slug "$slug"
  local path branch
  path="$(path_for "$slug")"
  branch="${BRANCH_PREFIX}${slug}"
  [[ ! -e "$path" ]] || die "$path already exists"
  git -C "$REPO" rev-parse --verify --quiet "$base^{commit}" >/dev/null || die "unknown base ref $base"
  mkdir -p "$WT_DIR"
  ensure_ignored
  if git -C "$REPO" show-ref --verify --quiet "refs/heads/$branch"; then
    git -C "$REPO" worktree add "$path" "$branch"
  else
    git -C "$REPO" worktree add -b "$branch" "$path" "$base"
  fi
  if [[ -f "$REPO/.nvmrc" ]]; then cp "$REPO/.nvmrc" "$path/.nvmrc" 2>/dev/null || true; fi
  say "created $path on $branch (from $base)"
}

our_worktrees() {
  git -C "$REPO" worktree list --porcelain | awk -v dir="$WT_DIR/" '
    /^worktree / { path = substr($0, 10) }
    /^branch /   { br = substr($0, 8); if (index(path, dir) == 1) print path "\t" br }
  '
}

cmd_list() {
  local found=0 path br dirty
  while IFS=$'\t' read -r path br; do
    found=1
    if [[ -n "$(git -C "$path" status --porcelain 2>/dev/null)" ]]; then dirty="dirty"; else dirty="clean"; fi
    printf '%-40s %-35s %s\n' "${path#"$REPO"/}" "${br#refs/heads/}" "$dirty"
  done < <(our_worktrees)
  (( found )) || say "no agent worktrees"
}

cmd_done() {
  local slug="${1:-}"
  [[ -n "$slug" ]] || die "usage: wt.sh done <task-slug>"
  valid_slug "$slug"
  local path
  path="$(path_for "$slug")"
  [[ -d "$path" ]] || die "no worktree at $path"
  case "$(cd "$path" && pwd -P)" in
    "$(cd "$WT_DIR" && pwd -P)"/*) ;;
    *) die "$path resolves outside $WT_DIR; refusing" ;;
  esac
  if [[ -n "$(git -C "$path" status --porcelain)" ]]; then
    die "$path has uncommitted changes; commit or discard them first"
  fi
  git -C "$REPO" worktree remove "$path"
  say "removed $path (branch ${BRANCH_PREFIX}${slug} kept)"
}

cmd_gc() {
  git -C "$REPO" worktree prune --verbose
  local default merged br
  default="$(git -C "$REPO" symbolic-ref --quiet --short refs/remotes/origin/HEAD 2>/dev/null || echo origin/main)"
  merged="$(git -C "$REPO" branch --merged "$default" --format='%(refname:short)')"
  while IFS= read -r br; do
    [[ "$br" == ${BRANCH_PREFIX}* ]] || continue
    if git -C "$REPO" worktree list --porcelain | grep -qx "branch refs/heads/$br"; then
      say "keeping $br (checked out in a worktree)"
      continue
    fi
    git -C "$REPO" branch -d "$br"
  done <<<"$merged"
  rmdir "$WT_DIR" 2>/dev/null || true
}

cmd_status() {
  # One line per agent worktree: ahead/behind against its upstream base and last commit.
  local path br base ahead behind last
  base="$(git -C "$REPO" symbolic-ref --quiet --short refs/remotes/origin/HEAD 2>/dev/null || echo origin/main)"
  while IFS=$'\t' read -r path br; do
    br="${br#refs/heads/}"
    read -r behind ahead < <(git -C "$REPO" rev-list --left-right --count "$base...$br" 2>/dev/null || echo "? ?")
    last="$(git -C "$path" log -1 --format='%h %cr %s' 2>/dev/null | cut -c1-60)"
    printf '%-32s +%-4s -%-4s %s\n' "$br" "$ahead" "$behind" "$last"
  done < <(our_worktrees)
}

cmd_path() {
  # Print the path of a task's worktree (for `cd "$(tools/wt.sh path slug)"`).
  local slug="${1:-}"
  valid_slug "$slug"
  [[ -d "$(path_for "$slug")" ]] || die "no worktree for $slug"
  path_for "$slug"
}

cmd_sync() {
  # Rebase one agent worktree onto the latest base, only when it is clean.
  local slug="${1:-}" base="${2:-origin/main}" path
  [[ -n "$slug" ]] || die "usage: wt.sh sync <task-slug> [base-ref]"
  valid_slug "$slug"
  path="$(path_for "$slug")"
  [[ -d "$path" ]] || die "no worktree at $path"
  [[ -z "$(git -C "$path" status --porcelain)" ]] || die "$path is dirty; not rebasing"
  git -C "$REPO" fetch --quiet origin
  if ! git -C "$path" rebase "$base"; then
    git -C "$path" rebase --abort
    die "rebase of $slug onto $base had conflicts; left unchanged"
  fi
  say "rebased ${BRANCH_PREFIX}${slug} onto $base"
}

main() {
  local sub="${1:-list}"
  shift || true
  case "$sub" in
    new)  cmd_new "$@" ;;
    list) cmd_list ;;
    done) cmd_done "$@" ;;
    gc)   cmd_gc ;;
    status) cmd_status ;;
    sync) cmd_sync "$@" ;;
    path) cmd_path "$@" ;;
    -h|--help|help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown subcommand $sub" ;;
  esac
}

main "$@"
