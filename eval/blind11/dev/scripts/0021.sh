#!/usr/bin/env bash
# scripts/release.sh - tag and publish a release of the Android app + SDK.
#
#   scripts/release.sh 2.4.0            build, tag, push, create GitHub release
#   scripts/release.sh 2.4.0 --dry-run  print what would happen
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

VERSION="${1:-}"
DRY_RUN=0
[[ "${2:-}" == "--dry-run" ]] && DRY_RUN=1

die() { echo "release: $*" >&2; exit 1; }
run() {
  echo "+ $*"
  if [[ $DRY_RUN -eq 0 ]]; then "$@"; fi
}

[[ -n "$VERSION" ]] || die "usage: $0 <version> [--dry-run]"
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "version must be X.Y.Z"

check_tree() {
  local branch
  branch="$(git rev-parse --abbrev-ref HEAD)"
  [[ "$branch" == "main" ]] || die "must release from main (on $branch)"
  git diff --quiet && git diff --cached --quiet || die "uncommitted changes"
  git fetch --quiet origin main
  [[ "$(git rev-parse HEAD)" == "$(git rev-parse origin/main)" ]] || die "main is not in sync with origin"
  if git rev-parse -q --verify "refs/tags/v$VERSION" >/dev/null; then
    die "tag v$VERSION already exists"
  fi
}

bump_version() {
  local code
  code="$(grep -E '^versionCode=' gradle.properties | cut -d= -f2)"
  code=$((code + 1))
  run sed -i.bak -e "s/^versionName=.*/versionName=$VERSION/" \
                 -e "s/^versionCode=.*/versionCode=$code/" gradle.properties
  run rm -f gradle.properties.bak
}

build() {
  # clean only this project's outputs before a release build
  local out="$ROOT/app/build"
  [[ "$out" == "$ROOT"/* ]] || die "refusing to clean $out"
  run rm -rf "$out"
  run ./gradlew --no-daemon :app:bundleRelease :sdk:assembleRelease
}

changelog() {
  local prev
  prev="$(git describe --tags --abbrev=0 2>/dev/null || true)"
  if [[ -n "$prev" ]]; then
    git log --pretty='- %s (%h)' "$prev"..HEAD
  else
    git log --pretty='- %s (%h)'
  fi
}

publish() {
  local notes
  notes="$(mktemp)"
  trap 'rm -f "$notes"' RETURN
  changelog > "$notes"
  run git commit -am "Release v$VERSION"
  run git tag -a "v$VERSION" -m "Release v$VERSION"
  run git push origin main "v$VERSION"
  run gh release create "v$VERSION" \
    app/build/outputs/bundle/release/app-release.aab \
    sdk/build/outputs/aar/sdk-release.aar \
    --title "v$VERSION" --notes-file "$notes"
}

main() {
  check_tree
  bump_version
  build
  publish
  echo "released v$VERSION"
}

main
