#!/usr/bin/env bash
# Release a Gradle library: verify, set version, tag, push; CI publishes from the tag.
set -euo pipefail

VERSION="${1:-}"
if ! [[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-rc\.[0-9]+)?$ ]]; then
  echo "usage: $0 <semver>  e.g. 2.3.0 or 2.3.0-rc.1" >&2
  exit 2
fi

if git rev-parse -q --verify "refs/tags/v$VERSION" >/dev/null; then
  echo "tag v$VERSION already exists" >&2
  exit 1
fi

if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "uncommitted changes present" >&2
  exit 1
fi

git fetch origin main --quiet
if [ "$(git rev-parse HEAD)" != "$(git rev-parse origin/main)" ]; then
  echo "HEAD is not origin/main; pull first" >&2
  exit 1
fi

echo "running checks"
./gradlew clean check --no-daemon

sed -i.bak -E "s/^version=.*/version=$VERSION/" gradle.properties
rm -f gradle.properties.bak

git add gradle.properties
git commit -m "chore(release): $VERSION"
git tag -s "v$VERSION" -m "Release $VERSION"

echo "pushing commit and tag"
git push origin HEAD:main
git push origin "v$VERSION"

echo "v$VERSION pushed; the publish workflow will upload to Maven Central"
echo "track it with: gh run watch"
