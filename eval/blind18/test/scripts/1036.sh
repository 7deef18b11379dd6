#!/usr/bin/env bash
# swift-release.sh - release the RecipesKit Swift package.
#
#   scripts/swift-release.sh 3.2.0              build, test, DocC, archive (local only)
#   scripts/swift-release.sh 3.2.0 --publish    ...then tag, push the tag and create a
#                                               GitHub release with the XCFramework zip
#
# Publishing uses the gh CLI's existing login; the script never touches tokens.
# Build products go to .build/ and dist/ (both git-ignored) and are cleaned first.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VERSION="${1:?usage: swift-release.sh VERSION [--publish]}"
PUBLISH=0
[[ "${2:-}" == "--publish" ]] && PUBLISH=1
SCHEME="RecipesKit"
DIST="$ROOT/dist"
ARCHIVES="$DIST/archives"
DOCS="$DIST/docs"

banner() { printf '\n---- %s\n' "$*"; }
die() { printf 'swift-release: %s\n' "$*" >&2; exit 1; }

cd "$ROOT"

check_inputs() {
  banner "checks"
  [[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "version must be X.Y.Z"
  [[ "$(uname -s)" == Darwin ]] || die "XCFramework builds need macOS"
  [[ -z "$(git status --porcelain)" ]] || die "working tree is dirty"
  git rev-parse -q --verify "refs/tags/$VERSION" >/dev/null && die "tag $VERSION already exists"
  grep -q "^## $VERSION" CHANGELOG.md || die "CHANGELOG.md has no '## $VERSION' section"
  if ((PUBLISH)); then
    command -v gh >/dev/null || die "gh is required for --publish"
    gh auth status >/dev/null 2>&1 || die "gh is not logged in"
  fi
}

clean() {
  banner "clean"
  rm -rf "$DIST" .build/release
  mkdir -p "$ARCHIVES" "$DOCS"
}

build_and_test() {
  banner "swift build / test"
  swift build -c release
  swift test --parallel
  # also test on iOS simulator via xcodebuild, since some code is UIKit-only
  xcodebuild test -scheme "$SCHEME" -destination 'platform=iOS Simulator,name=iPhone 15' \
    -quiet CODE_SIGNING_ALLOWED=NO
}

archive_platform() {
  local destination="$1" name="$2"
  xcodebuild archive \
    -scheme "$SCHEME" \
    -destination "$destination" \
    -archivePath "$ARCHIVES/$name" \
    -quiet \
    SKIP_INSTALL=NO \
    BUILD_LIBRARY_FOR_DISTRIBUTION=YES
}

xcframework() {
  banner "XCFramework"
  archive_platform "generic/platform=iOS" ios
  archive_platform "generic/platform=iOS Simulator" ios-sim
  archive_platform "generic/platform=macOS" macos
  local fw="Products/Library/Frameworks/$SCHEME.framework"
  xcodebuild -create-xcframework \
    -framework "$ARCHIVES/ios.xcarchive/$fw" \
    -framework "$ARCHIVES/ios-sim.xcarchive/$fw" \
    -framework "$ARCHIVES/macos.xcarchive/$fw" \
    -output "$DIST/$SCHEME.xcframework"
  (cd "$DIST" && ditto -c -k --keepParent "$SCHEME.xcframework" "$SCHEME-$VERSION.xcframework.zip")
  CHECKSUM="$(swift package compute-checksum "$DIST/$SCHEME-$VERSION.xcframework.zip")"
  echo "checksum: $CHECKSUM"
}

docc() {
  banner "DocC"
  swift package --allow-writing-to-directory "$DOCS" \
    generate-documentation --target "$SCHEME" \
    --disable-indexing --transform-for-static-hosting \
    --hosting-base-path "recipeskit" \
    --output-path "$DOCS"
  (cd "$DIST" && zip -qr "$SCHEME-$VERSION-docs.zip" docs)
}

release_notes() {
  awk -v v="$VERSION" '
    $0 ~ "^## " v { on = 1; next }
    /^## / && on { exit }
    on { print }
  ' CHANGELOG.md > "$DIST/notes.md"
  {
    echo
    echo "### Binary target"
    echo
    echo '```swift'
    echo ".binaryTarget("
    echo "    name: \"$SCHEME\","
    echo "    url: \"https://github.com/acme/recipeskit/releases/download/$VERSION/$SCHEME-$VERSION.xcframework.zip\","
    echo "    checksum: \"$CHECKSUM\""
    echo ")"
    echo '```'
  } >> "$DIST/notes.md"
}

publish() {
  banner "publish $VERSION"
  git tag -a "$VERSION" -m "RecipesKit $VERSION"
  git push origin "$VERSION"
  gh release create "$VERSION" \
    --title "RecipesKit $VERSION" \
    --notes-file "$DIST/notes.md" \
    "$DIST/$SCHEME-$VERSION.xcframework.zip" \
    "$DIST/$SCHEME-$VERSION-docs.zip"
}

api_diff() {
  # compare the public API with the previous tag (swift package diagnose-api-breaking-changes)
  banner "API breaking changes"
  local prev
  prev="$(git describe --tags --abbrev=0 2>/dev/null || true)"
  if [[ -z "$prev" ]]; then
    echo "no previous tag; skipping"
    return 0
  fi
  if ! swift package diagnose-api-breaking-changes "$prev" --products "$SCHEME"; then
    local major="${VERSION%%.*}" prev_major="${prev%%.*}"
    if [[ "$major" == "$prev_major" ]]; then
      die "breaking API changes since $prev require a major version bump"
    fi
    echo "breaking changes accepted for major release $VERSION"
  fi
}

update_package_swift_snippet() {
  # the README shows the SPM dependency line; keep its version current
  banner "README snippet"
  local readme="$ROOT/README.md"
  [[ -f "$readme" ]] || return 0
  local before after
  before="$(grep -c 'from: "' "$readme" || true)"
  sed -i '' -E "s/(\.package\(url: \"https:\/\/github\.com\/acme\/recipeskit\", from: \")[0-9.]+(\"\))/\1$VERSION\2/" "$readme"
  after="$(git diff --numstat -- README.md | awk '{ print $1 }')"
  echo "README dependency lines: $before, changed: ${after:-0}"
  if ((PUBLISH)) && [[ -n "$(git status --porcelain -- README.md)" ]]; then
    git commit -m "docs: README points at $VERSION" -- README.md
  fi
}

size_report() {
  banner "binary size per slice"
  local slice
  for slice in "$DIST/$SCHEME.xcframework"/*/; do
    [[ -d "$slice" ]] || continue
    printf '  %-40s %s\n' "$(basename "$slice")" "$(du -sh "$slice" | cut -f1)"
  done
}

summary() {
  banner "artifacts"
  ls -lh "$DIST"/*.zip
  if ((PUBLISH == 0)); then
    echo
    echo "dry run complete; re-run with --publish to tag and release $VERSION"
  fi
}

check_inputs
clean
build_and_test
api_diff
xcframework
docc
release_notes
size_report
update_package_swift_snippet
((PUBLISH)) && publish
summary
