#!/usr/bin/env bash
# Tidy local git branches.
#
# Lists local branches already merged into the default branch and deletes them
# with `git branch -d` (never -D, so unmerged work is always kept). Branches
# whose upstream is gone are reported but left alone unless --gone is given, and
# even then they are only deleted if merged.
set -euo pipefail

DRY_RUN=1
INCLUDE_GONE=0
PROTECTED_RE='^(main|master|develop|release/.*)$'

for arg in "$@"; do
  case "$arg" in
    --apply) DRY_RUN=0 ;;
    --gone) INCLUDE_GONE=1 ;;
    -h|--help)
      sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
      exit 0 ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done

git rev-parse --git-dir >/dev/null

default_branch() {
  local ref
  ref="$(git symbolic-ref --quiet refs/remotes/origin/HEAD 2>/dev/null || true)"
  if [[ -n "$ref" ]]; then
    echo "${ref#refs/remotes/origin/}"
  elif git show-ref --verify --quiet refs/heads/main; then
    echo main
  else
    echo master
  fi
}

BASE="$(default_branch)"
CURRENT="$(git rev-parse --abbrev-ref HEAD)"
echo "default branch: $BASE   current: $CURRENT"
git fetch --prune --quiet origin

merged=()
while IFS= read -r b; do
  b="${b#\* }"; b="${b## }"
  [[ -z "$b" || "$b" == "$CURRENT" ]] && continue
  [[ "$b" =~ $PROTECTED_RE ]] && continue
  merged+=("$b")
done < <(git branch --format='%(refname:short)' --merged "origin/$BASE")

gone=()
while IFS=' ' read -r name track; do
  [[ "$track" == "[gone]" ]] || continue
  [[ "$name" == "$CURRENT" || "$name" =~ $PROTECTED_RE ]] && continue
  gone+=("$name")
done < <(git for-each-ref --format='%(refname:short) %(upstream:track)' refs/heads)

echo
echo "merged into origin/$BASE (${#merged[@]}):"
for b in "${merged[@]}"; do
  printf '  %-40s %s\n' "$b" "$(git log -1 --format='%cr  %s' "$b" | cut -c1-60)"
done

echo
echo "upstream gone (${#gone[@]}):"
for b in "${gone[@]}"; do
  printf '  %-40s %s\n' "$b" "$(git log -1 --format='%cr' "$b")"
done

to_delete=("${merged[@]}")
if [[ $INCLUDE_GONE -eq 1 ]]; then
  to_delete+=("${gone[@]}")
fi

if [[ ${#to_delete[@]} -eq 0 ]]; then
  echo; echo "nothing to delete"; exit 0
fi

if [[ $DRY_RUN -eq 1 ]]; then
  echo; echo "dry run: re-run with --apply to delete ${#to_delete[@]} branches"
  exit 0
fi

echo
deleted=0
for b in $(printf '%s\n' "${to_delete[@]}" | sort -u); do
  if git branch -d "$b" >/dev/null 2>&1; then
    echo "deleted $b"
    deleted=$((deleted + 1))
  else
    echo "kept $b (not fully merged)"
  fi
done
echo "$deleted branches deleted"
