#!/usr/bin/env bash
# packaging/release.sh — build the .deb and .rpm of `relayd`, checksum, sign,
# and optionally attach them to the GitHub release of the current tag.
#
#   packaging/release.sh                 build + checksum + sign into dist/
#   packaging/release.sh --publish       also upload to the GitHub release (needs GH_TOKEN)
#   packaging/release.sh --clean         just remove dist/ and build/
#
# Signing uses the key whose fingerprint is in RELAYD_SIGNING_KEY (gpg agent).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$ROOT/dist"
BUILD="$ROOT/build"
NAME="relayd"
REPO_SLUG="${REPO_SLUG:-relay-tools/relayd}"
API="https://api.github.com"
UPLOADS="https://uploads.github.com"
PUBLISH=0

die() { echo "release: $*" >&2; exit 1; }
step() { echo; echo "### $*"; }

for arg in "$@"; do
  case "$arg" in
    --publish) PUBLISH=1 ;;
    --clean) rm -rf -- "$DIST" "$BUILD"; echo "cleaned dist/ and build/"; exit 0 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) die "unknown argument $arg" ;;
  esac
done

cd "$ROOT"

version() {
  local tag
  tag="$(git describe --tags --exact-match 2>/dev/null || true)"
  if [[ -z "$tag" ]]; then
    (( PUBLISH )) && die "HEAD is not tagged; refusing to publish"
    tag="v$(git describe --tags --abbrev=0 2>/dev/null | sed 's/^v//' || echo 0.0.0)-dev"
  fi
  echo "${tag#v}"
}

VERSION="$(version)"
# semver-ish sanity check so fpm does not get garbage
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] || die "cannot parse version '$VERSION'"
ARCH="$(dpkg --print-architecture 2>/dev/null || echo amd64)"

check_clean_tree() {
  if [[ -n "$(git status --porcelain)" ]]; then
    (( PUBLISH )) && die "working tree has changes"
    echo "warning: dirty tree, artifacts are for local testing only"
  fi
}

build_binary() {
  step "cargo build --release ($VERSION)"
  rm -rf -- "$BUILD"
  mkdir -p "$BUILD/root/usr/bin" "$BUILD/root/lib/systemd/system" "$BUILD/root/etc/relayd"
  cargo build --release --locked
  install -m 0755 "target/release/$NAME" "$BUILD/root/usr/bin/$NAME"
  install -m 0644 packaging/relayd.service "$BUILD/root/lib/systemd/system/relayd.service"
  install -m 0644 packaging/relayd.toml "$BUILD/root/etc/relayd/relayd.toml"
}

build_packages() {
  step "fpm deb + rpm"
  mkdir -p "$DIST"
  local common=(
    -s dir -C "$BUILD/root" -n "$NAME" -v "$VERSION" -a "$ARCH"
    --license Apache-2.0 --maintainer "relayd maintainers <maintainers@relayd.example.org>"
    --description "Small message relay daemon"
    --config-files /etc/relayd/relayd.toml
    --after-install packaging/postinst.sh --before-remove packaging/prerm.sh
    -p "$DIST/"
  )
  fpm -t deb --deb-systemd packaging/relayd.service "${common[@]}" .
  fpm -t rpm "${common[@]}" .
}

lint_packages() {
  step "lint"
  if command -v lintian >/dev/null; then
    lintian --suppress-tags dir-or-file-in-opt "$DIST"/*.deb || true
  fi
  if command -v rpmlint >/dev/null; then
    rpmlint "$DIST"/*.rpm || true
  fi
}

checksum() {
  step "SHA256SUMS"
  (cd "$DIST" && sha256sum -- *.deb *.rpm >SHA256SUMS && cat SHA256SUMS)
}

sign() {
  step "sign"
  if [[ -z "${RELAYD_SIGNING_KEY:-}" ]]; then
    echo "RELAYD_SIGNING_KEY not set, skipping signatures"
    return
  fi
  gpg --batch --yes --local-user "$RELAYD_SIGNING_KEY" --armor --detach-sign \
    --output "$DIST/SHA256SUMS.asc" "$DIST/SHA256SUMS"
  gpg --verify "$DIST/SHA256SUMS.asc" "$DIST/SHA256SUMS"
}

gh_api() {
  # token only goes to the GitHub API host, in the Authorization header
  curl -fsS -H "Authorization: Bearer $GH_TOKEN" -H "Accept: application/vnd.github+json" "$@"
}

publish() {
  step "publish to GitHub release v$VERSION"
  [[ -n "${GH_TOKEN:-}" ]] || die "GH_TOKEN is required for --publish"
  local release_id
  release_id="$(gh_api "$API/repos/$REPO_SLUG/releases/tags/v$VERSION" | jq -r .id)"
  [[ "$release_id" =~ ^[0-9]+$ ]] || die "no GitHub release for v$VERSION (create it first)"
  local f
  for f in "$DIST"/*.deb "$DIST"/*.rpm "$DIST"/SHA256SUMS "$DIST"/SHA256SUMS.asc; do
    [[ -f "$f" ]] || continue
    echo "uploading $(basename "$f")"
    gh_api -X POST -H "Content-Type: application/octet-stream" \
      --data-binary "@$f" \
      "$UPLOADS/repos/$REPO_SLUG/releases/$release_id/assets?name=$(basename "$f")" >/dev/null
  done
}

smoke_test_deb() {
  # install the deb into a throwaway container and run --version
  if ! command -v docker >/dev/null; then
    echo "docker not available, skipping install test"
    return
  fi
  step "install test in debian:bookworm-slim"
  local deb
  deb="$(ls -1 "$DIST"/*.deb | head -n 1)"
  docker run --rm -v "$DIST":/dist:ro debian:bookworm-slim bash -c \
    "apt-get update -qq >/dev/null && apt-get install -y -qq /dist/$(basename "$deb") >/dev/null && relayd --version"
}

write_notes() {
  # short release notes from the commits since the previous tag
  local prev notes="$DIST/NOTES.md"
  prev="$(git describe --tags --abbrev=0 HEAD^ 2>/dev/null || true)"
  {
    echo "# relayd $VERSION"
    echo
    if [[ -n "$prev" ]]; then
      git log --no-merges --format='- %s (%h)' "$prev"..HEAD
    else
      git log --no-merges --format='- %s (%h)' -n 30
    fi
    echo
    echo "Checksums: SHA256SUMS (signed: SHA256SUMS.asc)"
  } >"$notes"
  echo "wrote ${notes#"$ROOT"/}"
}

main() {
  for t in cargo fpm sha256sum gpg; do
    command -v "$t" >/dev/null || die "missing tool: $t"
  done
  check_clean_tree
  build_binary
  build_packages
  lint_packages
  smoke_test_deb
  checksum
  sign
  write_notes
  if (( PUBLISH )); then
    publish
  else
    echo
    echo "artifacts in dist/; re-run with --publish to upload them"
  fi
  ls -lh "$DIST"
}

main
