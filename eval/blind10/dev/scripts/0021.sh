#!/usr/bin/env bash
# Cut a release of the `kestrel` CLI: clean build dirs, run tests, build
# binaries for each target, tag and push the tag. Run from the repo root.
set -euo pipefail

readonly PROJECT_NAME="kestrel"
readonly TARGETS=(linux/amd64 linux/arm64 darwin/arm64)
DRY_RUN=0
VERSION=""

usage() {
  cat <<EOF
usage: $0 [-n] -v VERSION
  -n          dry run (print what would happen)
  -v VERSION  version to release, e.g. 1.4.0
EOF
}

log() { printf '[release] %s\n' "$*" >&2; }

run() {
  if [[ $DRY_RUN -eq 1 ]]; then
    log "dry-run: $*"
  else
    "$@"
  fi
}

while getopts ":nv:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    v) VERSION="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -n "$VERSION" ]] || { usage; exit 2; }
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { log "bad version $VERSION"; exit 2; }

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

# Safety: only ever clean inside this repository.
if [[ ! -f go.mod ]] || ! grep -q "module .*/${PROJECT_NAME}\$" go.mod; then
  log "not in the ${PROJECT_NAME} repository (ROOT=$ROOT)"
  exit 1
fi
if [[ "$ROOT" == "/" || "$ROOT" == "$HOME" ]]; then
  log "refusing to run from $ROOT"
  exit 1
fi

if [[ -n "$(git status --porcelain)" ]]; then
  log "working tree is dirty; commit or stash first"
  exit 1
fi

if git rev-parse -q --verify "refs/tags/v${VERSION}" >/dev/null; then
  log "tag v${VERSION} already exists"
  exit 1
fi

log "cleaning dist/ and build/"
run rm -rf -- "$ROOT/dist" "$ROOT/build"
run mkdir -p "$ROOT/dist"

log "running tests"
run go test ./... -count=1

for target in "${TARGETS[@]}"; do
  os="${target%/*}"
  arch="${target#*/}"
  out="dist/${PROJECT_NAME}_${VERSION}_${os}_${arch}"
  log "building $out"
  run env GOOS="$os" GOARCH="$arch" CGO_ENABLED=0 \
    go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o "$out" ./cmd/${PROJECT_NAME}
done

log "writing checksums"
if [[ $DRY_RUN -eq 0 ]]; then
  (cd dist && sha256sum ${PROJECT_NAME}_* > SHA256SUMS)
fi

log "tagging v${VERSION}"
run git tag -a "v${VERSION}" -m "${PROJECT_NAME} ${VERSION}"
run git push origin "v${VERSION}"

log "done; upload dist/ to the GitHub release page"
