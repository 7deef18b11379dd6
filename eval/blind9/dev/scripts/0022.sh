#!/usr/bin/env bash
# Build release binaries for all targets, tag the commit, push the tag and
# publish a GitHub release with the archives and a SHA256SUMS file.
#
# Requires: gh (authenticated via GH_TOKEN), cargo, cross (for non-host targets).
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

VERSION="${1:-}"
DRY_RUN="${DRY_RUN:-0}"
TARGETS=(
  x86_64-unknown-linux-gnu
  aarch64-unknown-linux-gnu
  x86_64-apple-darwin
  aarch64-apple-darwin
)
DIST="$ROOT/dist/$VERSION"

die() { echo "error: $*" >&2; exit 1; }
run() {
  echo "+ $*"
  if [[ "$DRY_RUN" == "1" ]]; then return 0; fi
  "$@"
}

[[ -n "$VERSION" ]] || die "usage: $0 <version>  (e.g. 1.5.0)"
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-rc\.[0-9]+)?$ ]] || die "bad version '$VERSION'"
[[ -z "$(git status --porcelain)" ]] || die "working tree not clean"
[[ "$(git rev-parse --abbrev-ref HEAD)" == "main" ]] || die "not on main"
git fetch origin main --quiet
[[ "$(git rev-parse HEAD)" == "$(git rev-parse origin/main)" ]] || die "main is not in sync with origin"
if git rev-parse -q --verify "refs/tags/v$VERSION" >/dev/null; then
  die "tag v$VERSION already exists"
fi

grep -q "^version = \"$VERSION\"" Cargo.toml || die "Cargo.toml version is not $VERSION"
grep -q "^## $VERSION" CHANGELOG.md || die "CHANGELOG.md has no section for $VERSION"

build_target() {
  local target="$1"
  local tool=cargo
  if [[ "$target" != "$(rustc -vV | sed -n 's/^host: //p')" ]]; then
    tool=cross
  fi
  echo "--- building $target with $tool"
  "$tool" build --release --locked --target "$target" --bin proj
  local stage
  stage="$(mktemp -d)"
  cp "target/$target/release/proj" "$stage/"
  cp README.md LICENSE "$stage/"
  tar -C "$stage" -czf "$DIST/proj-$VERSION-$target.tar.gz" .
  rm -rf -- "$stage"
}

rm -rf -- "$ROOT/dist"
mkdir -p "$DIST"
for t in "${TARGETS[@]}"; do
  build_target "$t"
done

(cd "$DIST" && sha256sum ./*.tar.gz > SHA256SUMS)
cat "$DIST/SHA256SUMS"

notes="$(awk -v v="$VERSION" '
  $0 ~ "^## "v { on=1; next }
  on && /^## / { exit }
  on { print }
' CHANGELOG.md)"

run git tag -a "v$VERSION" -m "Release $VERSION"
run git push origin "v$VERSION"
run gh release create "v$VERSION" \
  --title "proj $VERSION" \
  --notes "$notes" \
  --verify-tag \
  "$DIST"/*.tar.gz "$DIST/SHA256SUMS"

echo "released v$VERSION"
