#!/usr/bin/env bash
# Tag a release on the current branch and push branch + tag to origin.
# Checks: clean tree, branch up to date with origin, tag not already used.
set -euo pipefail

remote=origin
dry_run=0
message=""

while getopts ":nm:" opt; do
  case $opt in
    n) dry_run=1 ;;
    m) message=$OPTARG ;;
    *) echo "usage: $0 [-n] [-m message] vX.Y.Z" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
tag=${1:-}

[[ $tag =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-rc\.[0-9]+)?$ ]] || {
  echo "tag must look like v1.2.3 or v1.2.3-rc.1" >&2
  exit 2
}

run() {
  if [[ $dry_run -eq 1 ]]; then
    printf 'dry-run:'; printf ' %q' "$@"; printf '\n'
  else
    "$@"
  fi
}

branch=$(git symbolic-ref --short HEAD 2>/dev/null) || {
  echo "detached HEAD; check out a branch" >&2
  exit 1
}

if [[ -n $(git status --porcelain) ]]; then
  echo "working tree has changes:" >&2
  git status --short >&2
  exit 1
fi

git fetch --quiet "$remote" "$branch" --tags
local_sha=$(git rev-parse HEAD)
remote_sha=$(git rev-parse "$remote/$branch" 2>/dev/null || echo none)
if [[ $remote_sha != none && $local_sha != "$remote_sha" ]]; then
  if git merge-base --is-ancestor "$local_sha" "$remote_sha"; then
    echo "branch is behind $remote/$branch; pull first" >&2
    exit 1
  fi
  echo "branch has local commits; they will be pushed"
fi

if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
  echo "tag $tag already exists" >&2
  exit 1
fi

prev=$(git describe --tags --abbrev=0 2>/dev/null || echo "")
if [[ -z $message ]]; then
  if [[ -n $prev ]]; then
    message=$(printf 'Release %s\n\n' "$tag"; git log --no-merges --format='- %s' "$prev..HEAD")
  else
    message="Release $tag"
  fi
fi

echo "branch: $branch"
echo "commit: $(git log -1 --format='%h %s')"
echo "tag:    $tag (previous: ${prev:-none})"

run git tag -a "$tag" -m "$message"
run git push "$remote" "$branch"
run git push "$remote" "refs/tags/$tag"

if command -v gh >/dev/null && [[ $dry_run -eq 0 ]]; then
  gh release create "$tag" --verify-tag --generate-notes --draft >/dev/null &&
    echo "draft release created for $tag"
fi
echo "done"
