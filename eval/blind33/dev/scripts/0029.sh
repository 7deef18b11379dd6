#!/usr/bin/env bash
# lakeFS branch-per-PR helper for the *dev* repository.
#
# Each pull request that changes data gets its own lakeFS branch named
# pr-<number>, created from main of lakefs://$LAKEFS_REPO. This script is what
# the CI job and developers call:
#
#   tools/lakefs-pr.sh open   <pr>     create pr-<pr> from main (idempotent)
#   tools/lakefs-pr.sh diff   <pr>     show the data diff against main
#   tools/lakefs-pr.sh commit <pr> -m "message"
#   tools/lakefs-pr.sh merge  <pr> [--yes]   merge into main (asks unless --yes)
#   tools/lakefs-pr.sh close  <pr> [--yes]   delete the pr-<pr> branch
#   tools/lakefs-pr.sh gc-closed [--yes]     delete branches of closed PRs
#
# Only branches matching ^pr-[0-9]+$ in the configured dev repository can be
# deleted; main and any other branch are refused.
set -euo pipefail

LAKEFS_REPO=${LAKEFS_REPO:-ml-dev}
ALLOWED_REPOS=(ml-dev ml-sandbox)
GH_REPO=${GH_REPO:-}
YES=0
MESSAGE=""

log() { printf '[lakefs-pr] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

confirm() {
  local prompt=$1
  [[ $YES -eq 1 ]] && return 0
  [[ -t 0 ]] || die "$prompt - refusing without a terminal; pass --yes"
  read -r -p "$prompt [y/N] " answer
  [[ $answer == [yY]* ]]
}

repo_uri() { printf 'lakefs://%s' "$LAKEFS_REPO"; }
branch_name() { printf 'pr-%s' "$1"; }

check_repo() {
  local ok=0 r
  for r in "${ALLOWED_REPOS[@]}"; do
    [[ $r == "$LAKEFS_REPO" ]] && ok=1
  done
  [[ $ok -eq 1 ]] || die "repository $LAKEFS_REPO is not in the allow-list (${ALLOWED_REPOS[*]})"
  command -v lakectl >/dev/null || die "lakectl not installed"
  lakectl repo list 2>/dev/null | grep -qw "$LAKEFS_REPO" || die "lakectl cannot see $LAKEFS_REPO (check ~/.lakectl.yaml)"
}

check_pr_number() {
  [[ ${1:-} =~ ^[0-9]+$ ]] || die "PR number must be numeric, got '${1:-}'"
}

branch_exists() {
  lakectl branch show "$(repo_uri)/$(branch_name "$1")" >/dev/null 2>&1
}

cmd_open() {
  local pr=$1 br
  br=$(branch_name "$pr")
  if branch_exists "$pr"; then
    log "$br already exists"
    return 0
  fi
  lakectl branch create "$(repo_uri)/$br" --source "$(repo_uri)/main"
  log "created $(repo_uri)/$br"
}

cmd_diff() {
  local pr=$1
  lakectl diff "$(repo_uri)/main" "$(repo_uri)/$(branch_name "$pr")" 2>&1 | tail -n 200
}

cmd_commit() {
  local pr=$1
  [[ -n $MESSAGE ]] || die "commit needs -m \"message\""
  local sha
  sha=$(git rev-parse --short HEAD)
  lakectl commit "$(repo_uri)/$(branch_name "$pr")" \
    -m "$MESSAGE" \
    --meta "git_sha=$sha" \
    --meta "pr=$pr"
}

cmd_merge() {
  local pr=$1 br
  br=$(branch_name "$pr")
  branch_exists "$pr" || die "$br does not exist"
  log "changes that would be merged:"
  cmd_diff "$pr" | head -n 50 >&2
  confirm "merge $br into main of $LAKEFS_REPO?" || die "aborted"
  lakectl merge "$(repo_uri)/$br" "$(repo_uri)/main"
}

delete_branch() {
  local br=$1
  [[ $br =~ ^pr-[0-9]+$ ]] || die "refusing to delete non-PR branch '$br'"
  lakectl branch delete "$(repo_uri)/$br" --yes
  log "deleted $(repo_uri)/$br"
}

cmd_close() {
  local pr=$1 br
  br=$(branch_name "$pr")
  branch_exists "$pr" || { log "$br does not exist"; return 0; }
  confirm "delete $(repo_uri)/$br?" || die "aborted"
  delete_branch "$br"
}

pr_state() {
  local pr=$1
  [[ -n $GH_REPO ]] || die "gc-closed needs GH_REPO=owner/name"
  gh pr view "$pr" --repo "$GH_REPO" --json state --jq .state 2>/dev/null || echo UNKNOWN
}

cmd_gc_closed() {
  local br pr state victims=()
  while read -r br _; do
    [[ $br =~ ^pr-([0-9]+)$ ]] || continue
    pr=${BASH_REMATCH[1]}
    state=$(pr_state "$pr")
    case $state in
      CLOSED|MERGED) victims+=("$br") ;;
      *) log "keeping $br ($state)" ;;
    esac
  done < <(lakectl branch list "$(repo_uri)" --amount 1000 | awk 'NR>1 {print $1}')
  if [[ ${#victims[@]} -eq 0 ]]; then
    log "no branches of closed PRs"
    return 0
  fi
  log "branches of closed PRs: ${victims[*]}"
  confirm "delete ${#victims[@]} branch(es)?" || die "aborted"
  for br in "${victims[@]}"; do
    delete_branch "$br"
  done
}

cmd_status() {
  # overview of every PR branch: head commit, age and number of changed objects
  local br commit created changes
  printf '%-12s %-14s %-22s %s\n' BRANCH COMMIT CREATED CHANGES
  while read -r br commit; do
    [[ $br =~ ^pr-[0-9]+$ ]] || continue
    created=$(lakectl log "$(repo_uri)/$br" --amount 1 2>/dev/null \
      | awk -F': *' '/^Date/ {print $2; exit}')
    changes=$(lakectl diff "$(repo_uri)/main" "$(repo_uri)/$br" 2>/dev/null | grep -c '^[+~-]' || true)
    printf '%-12s %-14s %-22s %s\n' "$br" "${commit:0:12}" "${created:-?}" "$changes"
  done < <(lakectl branch list "$(repo_uri)" --amount 1000 | awk 'NR>1 {print $1, $2}')
}

main() {
  local sub=${1:-}
  shift || true
  local pr=""
  if [[ $sub != gc-closed && $sub != status && $sub != "" && $sub != help ]]; then
    pr=${1:-}
    shift || true
  fi
  while [[ $# -gt 0 ]]; do
    case $1 in
      --yes|-y) YES=1 ;;
      -m) MESSAGE=${2:-}; shift ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done
  case $sub in
    open|diff|commit|merge|close)
      check_pr_number "$pr"
      check_repo
      "cmd_$sub" "$pr"
      ;;
    gc-closed)
      check_repo
      cmd_gc_closed
      ;;
    status)
      check_repo
      cmd_status
      ;;
    ""|help|-h|--help)
      sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
      ;;
    *) die "unknown subcommand $sub" ;;
  esac
}

main "$@"
