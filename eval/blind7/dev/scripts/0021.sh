#!/usr/bin/env bash
# Cut a release: bump version, update changelog, tag and push.
set -euo pipefail

usage() { echo "usage: $0 <major|minor|patch>" >&2; exit 2; }
[ $# -eq 1 ] || usage
case "$1" in major|minor|patch) ;; *) usage ;; esac

if [ -n "$(git status --porcelain)" ]; then
  echo "working tree not clean; commit or stash first" >&2
  exit 1
fi

branch="$(git rev-parse --abbrev-ref HEAD)"
if [ "$branch" != "main" ]; then
  echo "releases are cut from main (on $branch)" >&2
  exit 1
fi

git pull --ff-only

current="$(jq -r .version package.json)"
IFS=. read -r maj min pat <<< "$current"
case "$1" in
  major) maj=$((maj + 1)); min=0; pat=0 ;;
  minor) min=$((min + 1)); pat=0 ;;
  patch) pat=$((pat + 1)) ;;
esac
next="$maj.$min.$pat"

jq --arg v "$next" '.version = $v' package.json > package.json.tmp
mv package.json.tmp package.json

{
  echo "## v$next - $(date +%F)"
  echo
  git log --pretty='- %s' "v$current"..HEAD
  echo
  cat CHANGELOG.md
} > CHANGELOG.md.tmp
mv CHANGELOG.md.tmp CHANGELOG.md

npm test
git add package.json CHANGELOG.md
git commit -m "release: v$next"
git tag -a "v$next" -m "v$next"
git push origin main "v$next"
echo "released v$next"
