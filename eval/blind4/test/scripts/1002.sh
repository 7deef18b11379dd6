#!/usr/bin/env bash
# scripts/build-release.sh - cross-compile the Go CLI and package tarballs
# with checksums into ./dist. Usage: scripts/build-release.sh v1.4.0
set -euo pipefail

VERSION="${1:?usage: build-release.sh VERSION}"
ROOT="$(git rev-parse --show-toplevel)"
DIST="$ROOT/dist"
NAME="shipctl"
TARGETS=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64)

cd "$ROOT"

if ! git rev-parse -q --verify "refs/tags/$VERSION" >/dev/null; then
  echo "tag $VERSION does not exist; create it first" >&2
  exit 1
fi

echo "running tests"
go test ./...

rm -rf "$DIST"
mkdir -p "$DIST"

COMMIT="$(git rev-parse --short "$VERSION")"
LDFLAGS="-s -w -X main.version=$VERSION -X main.commit=$COMMIT"

for target in "${TARGETS[@]}"; do
  os="${target%/*}"
  arch="${target#*/}"
  ext=""
  [[ "$os" == "windows" ]] && ext=".exe"
  stage="$(mktemp -d)"
  echo "building $os/$arch"
  GOOS="$os" GOARCH="$arch" CGO_ENABLED=0 \
    go build -trimpath -ldflags "$LDFLAGS" -o "$stage/$NAME$ext" ./cmd/$NAME
  cp README.md LICENSE "$stage/"
  archive="$NAME-$VERSION-$os-$arch"
  if [[ "$os" == "windows" ]]; then
    (cd "$stage" && zip -q "$DIST/$archive.zip" ./*)
  else
    tar -C "$stage" -czf "$DIST/$archive.tar.gz" .
  fi
  rm -rf "$stage"
done

(cd "$DIST" && sha256sum ./* > SHA256SUMS)
echo "artifacts:"
ls -lh "$DIST"
