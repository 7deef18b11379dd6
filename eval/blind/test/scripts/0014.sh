#!/usr/bin/env bash
# Cut a release: tag the current commit and publish the built artifacts.
set -euo pipefail

version="${1:?usage: release.sh X.Y.Z}"
tag="v$version"

if [ -n "$(git status --porcelain)" ]; then
  echo "working tree not clean" >&2
  exit 1
fi

branch="$(git rev-parse --abbrev-ref HEAD)"
if [ "$branch" != "main" ]; then
  echo "release from main, not $branch" >&2
  exit 1
fi

git fetch origin main --tags
if ! git merge-base --is-ancestor origin/main HEAD; then
  echo "local main is behind origin/main" >&2
  exit 1
fi

rm -rf dist
make dist VERSION="$version"

git tag -a "$tag" -m "Release $version"
git push origin "$tag"

gh release create "$tag" dist/* \
  --title "$tag" \
  --notes-file "docs/releases/$version.md" \
  --verify-tag

echo "released $tag"
