#!/usr/bin/env bash
# Tag a release from main and push the tag so CI publishes it.
set -euo pipefail

VERSION="${1:?usage: release.sh X.Y.Z}"
TAG="v$VERSION"

fail() { echo "release: $*" >&2; exit 1; }

preflight() {
  [[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "bad version $VERSION"
  [ "$(git rev-parse --abbrev-ref HEAD)" = main ] || fail "not on main"
  git diff --quiet && git diff --cached --quiet || fail "uncommitted changes"
  git fetch --quiet origin main --tags
  [ "$(git rev-parse HEAD)" = "$(git rev-parse origin/main)" ] || fail "main is not in sync"
  git rev-parse -q --verify "refs/tags/$TAG" >/dev/null && fail "$TAG exists"
  return 0
}

bump_files() {
  sed -i.bak -E "s/^version = \"[^\"]+\"/version = \"$VERSION\"/" Cargo.toml
  rm -f Cargo.toml.bak
  cargo check --quiet
}

changelog_entry() {
  local prev
  prev=$(git describe --tags --abbrev=0 2>/dev/null || echo "")
  echo "## $TAG"
  git log --format='- %s' ${prev:+"$prev"..HEAD}
}

main() {
  preflight
  bump_files
  changelog_entry > build/RELEASE_NOTES.md 2>/dev/null || { mkdir -p build; changelog_entry > build/RELEASE_NOTES.md; }
  git add Cargo.toml Cargo.lock
  git commit -m "release: $TAG"
  git tag -a "$TAG" -F build/RELEASE_NOTES.md
  git push origin main
  git push origin "$TAG"
  echo "pushed $TAG"
}

main "$@"
