#!/usr/bin/env bash
# build-binaries.sh - cross-compile the CLI for all release targets into ./bin
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

VERSION="${VERSION:-$(git describe --tags --always --dirty)}"
COMMIT="$(git rev-parse --short HEAD)"
DATE="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
LDFLAGS="-s -w -X main.version=$VERSION -X main.commit=$COMMIT -X main.date=$DATE"

TARGETS=(
  linux/amd64
  linux/arm64
  darwin/amd64
  darwin/arm64
  windows/amd64
)

rm -rf ./bin
mkdir -p ./bin

for target in "${TARGETS[@]}"; do
  os="${target%/*}"
  arch="${target#*/}"
  ext=""
  [[ "$os" == windows ]] && ext=".exe"
  out="bin/mycli-${VERSION}-${os}-${arch}${ext}"
  echo "building $out"
  CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" go build -trimpath -ldflags "$LDFLAGS" -o "$out" ./cmd/mycli
done

( cd bin && sha256sum mycli-* > SHA256SUMS )
ls -lh bin/
