#!/usr/bin/env bash
# Cross-compile release binaries of the Go CLI into ./dist.
# ./dist is wiped first, but only after go.mod proves this is the
# github.com/nimbus-labs/orbit module and we are at its root.
set -euo pipefail

MODULE=github.com/nimbus-labs/orbit
TARGETS=(linux/amd64 linux/arm64 darwin/arm64 windows/amd64)
DIST=dist

fatal() { printf 'release-build: %s\n' "$*" >&2; exit 1; }

verify_root() {
  [[ -f go.mod ]] || fatal "go.mod not found in $(pwd)"
  local mod
  mod=$(awk '$1 == "module" {print $2; exit}' go.mod)
  [[ $mod == "$MODULE" ]] || fatal "module is '$mod', expected $MODULE"
  local top
  top=$(git rev-parse --show-toplevel)
  [[ $top -ef . ]] || fatal "not at repository root ($top)"
}

wipe_dist() {
  if [[ -L $DIST ]]; then
    fatal "$DIST is a symlink; refusing"
  fi
  if [[ -d $DIST ]]; then
    printf 'wiping ./%s (%s entries)\n' "$DIST" "$(find "$DIST" | wc -l | tr -d ' ')"
    rm -rf -- "./$DIST"
  fi
  mkdir "$DIST"
}

version_string() {
  git describe --tags --always --dirty 2>/dev/null || echo dev
}

build_one() {
  local target=$1 version=$2 goos goarch out
  goos=${target%/*}
  goarch=${target#*/}
  out="$DIST/orbit_${version}_${goos}_${goarch}"
  [[ $goos == windows ]] && out+=.exe
  printf '  %-14s -> %s\n' "$target" "$out"
  GOOS=$goos GOARCH=$goarch CGO_ENABLED=0 go build \
    -trimpath \
    -ldflags "-s -w -X main.version=$version" \
    -o "$out" ./cmd/orbit
}

checksums() {
  (
    cd "$DIST"
    if command -v sha256sum >/dev/null; then
      sha256sum orbit_* > SHA256SUMS
    else
      shasum -a 256 orbit_* > SHA256SUMS
    fi
  )
  printf 'wrote %s/SHA256SUMS\n' "$DIST"
}

main() {
  verify_root
  printf 'toolchain: %s\n' "$(go version)"
  printf 'targets:   %s\n' "${TARGETS[*]}"
  go vet ./...
  local version
  version=$(version_string)
  wipe_dist
  printf 'building orbit %s\n' "$version"
  local t
  for t in "${TARGETS[@]}"; do
    build_one "$t" "$version"
  done
  checksums
  ls -lh "$DIST"
}

main "$@"
