#!/usr/bin/env bash
# Publish a release tag for the branch you are on.
#   release.sh patch|minor|major [--yes]
# Computes the next semver from the newest v* tag, writes an annotated
# tag with the commit list, and pushes the branch and the tag to origin.
set -euo pipefail

bump=${1:-}
confirm=${2:-}

case $bump in
  patch|minor|major) ;;
  *) echo "usage: ${0##*/} patch|minor|major [--yes]" >&2; exit 64 ;;
esac

current_branch=$(git branch --show-current)
if [[ -z $current_branch ]]; then
  echo "detached HEAD - check out a branch first" >&2
  exit 1
fi

if ! git diff --quiet || ! git diff --cached --quiet; then
  echo "there are uncommitted changes" >&2
  exit 1
fi

latest=$(git tag --list 'v[0-9]*' --sort=-v:refname | head -n 1)
latest=${latest:-v0.0.0}
IFS=. read -r maj min pat <<< "${latest#v}"
pat=${pat%%-*}

case $bump in
  major) maj=$((maj + 1)); min=0; pat=0 ;;
  minor) min=$((min + 1)); pat=0 ;;
  patch) pat=$((pat + 1)) ;;
esac
next="v$maj.$min.$pat"

changes=$(git log --pretty='* %s (%an)' "${latest}..HEAD" 2>/dev/null || git log --pretty='* %s (%an)')
count=$(grep -c '^\*' <<< "$changes" || true)

cat <<EOF
branch:   $current_branch
previous: $latest
next:     $next
commits:  $count
EOF

if [[ $count -eq 0 ]]; then
  echo "no commits since $latest; nothing to release" >&2
  exit 1
fi

if [[ $confirm != --yes ]]; then
  read -r -p "create and push $next? [y/N] " answer
  [[ $answer == [yY] ]] || { echo "aborted"; exit 1; }
fi

tag_message=$(printf '%s\n\n%s\n' "$next" "$changes")
git tag -a "$next" -m "$tag_message"

upstream=$(git rev-parse --abbrev-ref --symbolic-full-name '@{u}' 2>/dev/null || true)
if [[ -z $upstream ]]; then
  git push --set-upstream origin "$current_branch"
else
  git push origin "$current_branch"
fi
git push origin "$next"

echo "pushed $current_branch and $next to origin"

# show where the tag landed so it can be pasted into the release thread
remote_url=$(git remote get-url origin)
case $remote_url in
  git@github.com:*) slug=${remote_url#git@github.com:}; slug=${slug%.git} ;;
  https://github.com/*) slug=${remote_url#https://github.com/}; slug=${slug%.git} ;;
  *) slug= ;;
esac
if [[ -n $slug ]]; then
  echo "release page: https://github.com/$slug/releases/tag/$next"
fi
