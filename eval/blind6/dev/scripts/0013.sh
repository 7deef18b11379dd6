#!/usr/bin/env bash
# Build the web bundle and the server binary into ./dist for a release artifact.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$ROOT/dist"
VERSION="$(git -C "$ROOT" describe --tags --always --dirty)"

log() { printf '[build] %s\n' "$*"; }

clean() {
  log "cleaning $DIST"
  # DIST is always inside the repo; guard anyway
  case "$DIST" in
    "$ROOT"/*) rm -rf -- "$DIST" ;;
    *) echo "refusing to remove $DIST" >&2; exit 1 ;;
  esac
  mkdir -p "$DIST"
}

build_web() {
  log "building web ($VERSION)"
  (cd "$ROOT/web" && npm ci --no-audit --no-fund && npm run build)
  cp -r "$ROOT/web/dist" "$DIST/static"
}

build_server() {
  log "building server"
  (cd "$ROOT/server" && CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X main.version=$VERSION" -o "$DIST/server" ./cmd/server)
}

checksum() {
  log "writing checksums"
  (cd "$DIST" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum > SHA256SUMS)
}

package() {
  local tarball="$ROOT/proj-$VERSION.tar.gz"
  tar -C "$DIST" -czf "$tarball" .
  log "artifact: $(basename "$tarball") ($(du -h "$tarball" | cut -f1))"
}

main() {
  clean
  build_web
  build_server
  checksum
  package
}

main "$@"
