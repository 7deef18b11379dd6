#!/usr/bin/env bash
# Build the web frontend and the Go API into dist/ for a release candidate.
# Removes only dist/ and .build-cache/ inside this repository, after checking
# that we are really at the repository root.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$ROOT/dist"
CACHE="$ROOT/.build-cache"
VERSION="${VERSION:-$(git -C "$ROOT" describe --tags --always --dirty)}"
TARGETS=(linux/amd64 linux/arm64 darwin/arm64)

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

assert_root() {
  [[ -f "$ROOT/go.mod" && -f "$ROOT/web/package.json" ]] || die "$ROOT does not look like the repo root"
  [[ "$ROOT" != "/" && "$ROOT" != "$HOME" ]] || die "refusing to work in $ROOT"
  local top
  top="$(git -C "$ROOT" rev-parse --show-toplevel)"
  [[ "$top" == "$ROOT" ]] || die "git toplevel is $top, expected $ROOT"
}

clean() {
  log "cleaning dist/ and .build-cache/"
  rm -rf -- "$DIST" "$CACHE"
  mkdir -p "$DIST" "$CACHE"
}

build_web() {
  log "building web bundle"
  (
    cd "$ROOT/web"
    npm ci --no-audit --no-fund
    VITE_APP_VERSION="$VERSION" npm run build -- --outDir "$DIST/web" --emptyOutDir
  )
}

build_api() {
  local target os arch out
  for target in "${TARGETS[@]}"; do
    os="${target%/*}"
    arch="${target#*/}"
    out="$DIST/api-${os}-${arch}"
    log "building api for $os/$arch"
    GOOS="$os" GOARCH="$arch" CGO_ENABLED=0 GOCACHE="$CACHE/go" \
      go build -C "$ROOT" -trimpath \
      -ldflags "-s -w -X main.version=$VERSION" \
      -o "$out" ./cmd/api
  done
}

checksums() {
  log "writing checksums"
  (
    cd "$DIST"
    find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum > SHA256SUMS
  )
}

summary() {
  log "artifacts for $VERSION"
  du -sh "$DIST"/* | sed "s|$DIST/||"
}

usage() {
  cat <<EOF
usage: $(basename "$0") [--no-web] [--no-api]
  Builds release candidate artifacts into dist/.
EOF
}

main() {
  local web=1 api=1
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --no-web) web=0 ;;
      --no-api) api=0 ;;
      -h|--help) usage; exit 0 ;;
      *) usage >&2; exit 2 ;;
    esac
    shift
  done
  assert_root
  clean
  (( web )) && build_web
  (( api )) && build_api
  checksums
  summary
}

main "$@"
