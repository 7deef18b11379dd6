#!/usr/bin/env bash
#
# vendor-sync.sh -- keep the vendored repos of the ledger monorepo current.
#
# Two mechanisms live side by side:
#   vendor/<name>   git submodules (SDKs we pin)
#   libs/<name>     git subtrees   (small libraries we patch locally)
#
# Commands
#   vendor-sync.sh status                 pinned commit vs. upstream for each
#   vendor-sync.sh bump SUBMODULE         move one submodule to origin/<branch>
#   vendor-sync.sh pull SUBTREE           git subtree pull --squash
#   vendor-sync.sh push SUBTREE --yes     git subtree push our libs/ changes upstream
#   vendor-sync.sh doctor                 find detached/dirty/uninitialised vendor dirs
#
# Safety rules: nothing runs on a dirty path; there is no reset, clean,
# checkout -- ., stash drop or --force anywhere. `push` only targets remotes
# listed in subtrees.conf, must be confirmed with --yes, and never force-pushes.
#
set -euo pipefail

top=$(git rev-parse --show-toplevel)
cd "$top"
conf=subtrees.conf
confirm=0

for a in "$@"; do
  [[ $a == --yes ]] && confirm=1
done

say() { printf '%s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'vendor-sync: %s\n' "$*" >&2; exit 1; }

path_is_clean() {
  [[ -z $(git status --porcelain -- "$1") ]]
}

inner_is_clean() {
  [[ -z $(git -C "$1" status --porcelain 2>/dev/null) ]] && [[ -z $(git -C "$1" stash list 2>/dev/null) ]]
}

submodule_paths() {
  git config --file .gitmodules --get-regexp '^submodule\..*\.path$' 2>/dev/null | awk '{print $2}'
}

submodule_branch() {
  local path=$1 name
  name=$(git config --file .gitmodules --get-regexp '^submodule\..*\.path$' | awk -v p="$path" '$2 == p {print $1}' | sed 's/^submodule\.//; s/\.path$//')
  git config --file .gitmodules --get "submodule.$name.branch" || echo main
}

# subtrees.conf: name prefix remote branch
subtree_field() {
  local name=$1 field=$2
  awk -v n="$name" -v f="$field" '$1 == n && $1 !~ /^#/ {print $f}' "$conf"
}

cmd_status() {
  local p pinned upstream behind branch
  printf '%-28s %-10s %-10s %s\n' PATH PINNED UPSTREAM BEHIND
  while read -r p; do
    [[ -n $p ]] || continue
    if [[ ! -e $p/.git ]]; then
      printf '%-28s %s\n' "$p" "(not initialised)"
      continue
    fi
    branch=$(submodule_branch "$p")
    git -C "$p" fetch --quiet origin "$branch" || warn "fetch failed for $p"
    pinned=$(git -C "$p" rev-parse --short HEAD)
    upstream=$(git -C "$p" rev-parse --short "origin/$branch" 2>/dev/null || echo '?')
    behind=$(git -C "$p" rev-list --count "HEAD..origin/$branch" 2>/dev/null || echo '?')
    printf '%-28s %-10s %-10s %s\n' "$p" "$pinned" "$upstream" "$behind"
  done < <(submodule_paths)
  if [[ -f $conf ]]; then
    local name prefix remote br last
    while read -r name prefix remote br; do
      [[ -z $name || $name == \#* ]] && continue
      last=$(git log -1 --format=%cs --grep="git-subtree-dir: $prefix" || true)
      printf '%-28s subtree of %s (%s), last sync %s\n' "$prefix" "$remote" "$br" "${last:-never}"
    done < "$conf"
  fi
}

cmd_bump() {
  local p=${1:?bump needs a submodule path} branch before after
  submodule_paths | grep -qx -- "$p" || die "$p is not a submodule"
  path_is_clean "$p" || die "$p has staged/unstaged changes in the superproject"
  inner_is_clean "$p" || die "$p has local changes or stashes inside the submodule"
  branch=$(submodule_branch "$p")
  before=$(git -C "$p" rev-parse --short HEAD)
  git -C "$p" fetch --quiet origin "$branch"
  git -C "$p" checkout --quiet --detach "origin/$branch"
  after=$(git -C "$p" rev-parse --short HEAD)
  if [[ $before == "$after" ]]; then
    say "$p already at origin/$branch ($after)"
    return
  fi
  git add -- "$p"
  say "$p: $before -> $after (staged; review 'git diff --cached --submodule=log' and commit)"
  git diff --cached --submodule=log -- "$p" | head -n 40
}

cmd_pull() {
  local name=${1:?pull needs a subtree name} prefix remote branch
  prefix=$(subtree_field "$name" 2)
  remote=$(subtree_field "$name" 3)
  branch=$(subtree_field "$name" 4)
  [[ -n $prefix && -n $remote ]] || die "no subtree '$name' in $conf"
  [[ $prefix == libs/* ]] || die "subtree prefix must be under libs/"
  path_is_clean "$prefix" || die "$prefix has uncommitted changes"
  git subtree pull --prefix="$prefix" "$remote" "${branch:-main}" --squash \
    -m "libs: sync $name from upstream"
  say "pulled $name into $prefix"
}

cmd_push() {
  local name=${1:?push needs a subtree name} prefix remote branch
  prefix=$(subtree_field "$name" 2)
  remote=$(subtree_field "$name" 3)
  branch=$(subtree_field "$name" 4)
  [[ -n $prefix && -n $remote ]] || die "no subtree '$name' in $conf"
  case $remote in
    https://github.com/ledger-oss/*|git@github.com:ledger-oss/*) ;;
    *) die "remote $remote is not one of our ledger-oss repositories" ;;
  esac
  path_is_clean "$prefix" || die "$prefix has uncommitted changes"
  local target="vendor-sync/$name-$(date +%Y%m%d)"
  if (( ! confirm )); then
    say "would push $prefix to $remote as branch $target (not $branch); pass --yes"
    return
  fi
  # push to a new branch on the upstream and open a PR there; never to $branch directly
  git subtree push --prefix="$prefix" "$remote" "$target"
  say "pushed $prefix to $remote:$target; open a pull request against $branch"
}

cmd_doctor() {
  local p problems=0
  while read -r p; do
    [[ -n $p ]] || continue
    if [[ ! -e $p/.git ]]; then
      say "$p: not initialised (run: git submodule update --init -- $p)"
      problems=$((problems + 1))
      continue
    fi
    if ! inner_is_clean "$p"; then
      say "$p: has local modifications or stashes (left alone)"
      problems=$((problems + 1))
    fi
    local recorded actual
    recorded=$(git ls-tree HEAD -- "$p" | awk '{print $3}')
    actual=$(git -C "$p" rev-parse HEAD)
    if [[ $recorded != "$actual" ]]; then
      say "$p: checked out ${actual:0:10}, superproject records ${recorded:0:10}"
      problems=$((problems + 1))
    fi
  done < <(submodule_paths)
  if git worktree list --porcelain | grep -q '^prunable'; then
    say "stale worktree records found (run: git worktree prune)"
  fi
  say "$problems problem(s)"
}

cmd_log() {
  # what changed upstream between the pinned commit and origin/<branch>
  local p=${1:?log needs a submodule path} branch
  submodule_paths | grep -qx -- "$p" || die "$p is not a submodule"
  branch=$(submodule_branch "$p")
  git -C "$p" fetch --quiet origin "$branch"
  git -C "$p" log --oneline --no-merges "HEAD..origin/$branch" | head -n 50
}

main() {
  local sub=${1:-status}
  if [[ $sub == log ]]; then
    shift
    cmd_log "$@"
    return
  fi
  shift || true
  case $sub in
    status) cmd_status ;;
    bump) cmd_bump "$@" ;;
    pull) cmd_pull "$@" ;;
    push) cmd_push "$@" ;;
    doctor) cmd_doctor ;;
    *) die "unknown command $sub" ;;
  esac
}

main "$@"
