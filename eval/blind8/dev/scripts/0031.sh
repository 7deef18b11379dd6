#!/usr/bin/env bash
# Cross-compile the CLI for all release targets into ./dist with checksums.
set -euo pipefail

NAME=acmectl
VERSION="${VERSION:-$(git describe --tags --always --dirty)}"
TARGETS=(linux/amd64 linux/arm64 darwin/arm64 windows/amd64)
OUT=dist

info() { echo "--> $*"; }

build_one() {
  local os="${1%/*}" arch="${1#*/}" ext=""
  [ "$os" = windows ] && ext=".exe"
  local bin="$OUT/${NAME}_${VERSION}_${os}_${arch}${ext}"
  info "building $bin"
  CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" \
    go build -trimpath -ldflags "-s -w -X main.version=$VERSION" -o "$bin" ./cmd/$NAME
}

checksums() {
  (cd "$OUT" && sha256sum ${NAME}_* > SHA256SUMS)
  info "wrote $OUT/SHA256SUMS"
}

preflight() {
  command -v go >/dev/null || { echo "go toolchain missing" >&2; exit 1; }
  command -v sha256sum >/dev/null || { echo "sha256sum missing" >&2; exit 1; }
  info "version $VERSION, $(go version)"
}

main() {
  preflight
  rm -rf "./$OUT"
  mkdir -p "$OUT"
  go vet ./...
  go test ./... -count=1
  for t in "${TARGETS[@]}"; do
    build_one "$t"
  done
  checksums
  ls -lh "$OUT"
}

main "$@"
