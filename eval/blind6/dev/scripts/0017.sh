#!/usr/bin/env bash
# Cut a release: verify clean tree, bump version, tag, and push branch + tag.
set -euo pipefail

usage() { echo "usage: $0 <major|minor|patch> [--no-push]" >&2; exit 2; }

[ $# -ge 1 ] || usage
PART="$1"; shift
PUSH=1
for arg in "$@"; do
  case "$arg" in
    --no-push) PUSH=0 ;;
    *) usage ;;
  esac
done

BRANCH="$(git rev-parse --abbrev-ref HEAD)"
if [ "$BRANCH" != "main" ]; then
  echo "releases are cut from main (on $BRANCH)" >&2
  exit 1
fi

if [ -n "$(git status --porcelain)" ]; then
  echo "working tree not clean; commit or stash first" >&2
  exit 1
fi

git fetch origin main --tags
if [ "$(git rev-parse HEAD)" != "$(git rev-parse origin/main)" ]; then
  echo "main is not up to date with origin/main" >&2
  exit 1
fi

CURRENT="$(node -p "require('./package.json').version")"
IFS=. read -r MA MI PA <<< "$CURRENT"
case "$PART" in
  major) MA=$((MA + 1)); MI=0; PA=0 ;;
  minor) MI=$((MI + 1)); PA=0 ;;
  patch) PA=$((PA + 1)) ;;
  *) usage ;;
esac
NEXT="$MA.$MI.$PA"

echo "releasing $CURRENT -> $NEXT"
npm version "$NEXT" --no-git-tag-version >/dev/null
npm test --silent
git add package.json package-lock.json
git commit -m "chore(release): v$NEXT"
git tag -a "v$NEXT" -m "Release v$NEXT"

if [ "$PUSH" -eq 1 ]; then
  git push origin main
  git push origin "v$NEXT"
fi
echo "done: v$NEXT"
